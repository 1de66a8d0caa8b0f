import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { E2E } from '../../../playwright.config.ts'
import { measuringPhoto } from './test-photos.ts'

const origin = { origin: E2E.baseURL }

/** Uploads the generated measuring photo (a 15 in bass beside a credit card) as the member signed in on `page`. */
export async function uploadMeasuringPhoto(page: Page): Promise<string> {
  const photoId = randomUUID()
  const upload = await page.request.post(`/api/photos?id=${photoId}`, {
    headers: origin,
    multipart: { file: { name: 'bass.jpg', mimeType: 'image/jpeg', buffer: await measuringPhoto() } },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  return photoId
}

export type BassPost = {
  lengthIn: number
  girthIn: number
  caption: string
  /** the measuring photo goes with it unless false */
  photo?: boolean
  takenAt?: Date
  location?: { region: string; precision: 'region' }
}

/** A public largemouth bass on a tape (length × girth² ÷ 800), posted through the API; returns its id. */
export async function postBass(page: Page, bass: BassPost): Promise<string> {
  const photoIds = bass.photo === false ? [] : [await uploadMeasuringPhoto(page)]
  const id = randomUUID()
  const created = await page.request.post('/api/measurements', {
    headers: origin,
    data: {
      id,
      speciesId: 'largemouth-bass',
      method: 'tape',
      sheet: {
        system: 'fish',
        category: 'length-girth-800',
        measurements: { lengthIn: bass.lengthIn, girthIn: bass.girthIn },
      },
      takenAt: (bass.takenAt ?? new Date()).toISOString(),
      caption: bass.caption,
      visibility: 'public',
      ...(bass.location ? { location: bass.location } : {}),
      photoIds,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return id
}
