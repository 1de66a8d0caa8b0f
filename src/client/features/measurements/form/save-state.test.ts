import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import { NetworkError } from '../offline/upload.ts'
import type { FormPhoto } from './form-state.ts'
import { photoProgress, saveErrors, serverMessageErrors } from './save-state.ts'

// A save that failed, said next to the field it is about; and the upload bars while one is under way.

const body = (error: Record<string, unknown>) => JSON.stringify({ error })

describe('a failed save', () => {
  it('says the connection dropped, or what the server refused, by field', () => {
    expect(saveErrors(new NetworkError(), 'quick')).toEqual({
      form: 'No connection to the server. Nothing was lost: save again when you are back online.',
    })
    const issues = body({ issues: [{ path: 'sheet.measurements.lengthIn', message: 'Too long' }] })
    expect(saveErrors(new ApiError(400, 'Bad Request', issues), 'fish')).toEqual({ 'quick.lengthIn': 'Too long' })
    const message = body({ message: 'takenAt: Date taken cannot be in the future' })
    expect(saveErrors(new ApiError(400, 'Bad Request', message), 'chart')).toEqual({
      date: 'Date taken cannot be in the future',
    })
    expect(saveErrors(new ApiError(503, 'Unavailable', ''), 'chart')).toEqual({
      form: 'The server could not save it (503). Everything you entered is still here.',
    })
    expect(saveErrors(new Error('boom'), 'chart')).toEqual({
      form: 'Something went wrong. Everything you entered is still here: try again.',
    })
  })

  it("puts the outbox's reason next to the field it names, or above the form", () => {
    expect(serverMessageErrors('location.lat: Latitude must be between -90 and 90', 'quick')).toEqual({
      lat: 'Latitude must be between -90 and 90',
    })
    expect(serverMessageErrors('The server refused this measurement.', 'quick')).toEqual({
      form: 'The server refused this measurement.',
    })
  })
})

describe('upload progress by photo', () => {
  const photos: FormPhoto[] = [
    { id: 'old', kind: 'existing', name: 'Photo 1', thumbUrl: '/t', displayUrl: '/d' },
    { id: 'a', kind: 'new', file: new Blob(['x']), name: 'a.jpg', type: 'image/jpeg' },
    { id: 'b', kind: 'new', file: new Blob(['x']), name: 'b.jpg', type: 'image/jpeg' },
  ]

  it("shares the outbox's progress of the whole entry among the new photos, in order", () => {
    expect(photoProgress({ kind: 'syncing', id: 'm' }, photos, 0.75)).toEqual({ a: 1, b: 0.5 })
    expect(photoProgress({ kind: 'syncing', id: 'm' }, photos, undefined)).toEqual({ a: 0, b: 0 })
  })

  it("shows an edit's own upload progress, and none while editing", () => {
    expect(photoProgress({ kind: 'uploading', progress: { a: 0.3 } }, photos, undefined)).toEqual({ a: 0.3 })
    expect(photoProgress({ kind: 'editing' }, photos, 0.5)).toBeUndefined()
    expect(photoProgress({ kind: 'storing' }, photos, 0.5)).toBeUndefined()
  })
})
