import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMeasurement,
  createUser,
  type SignedInUser,
  sendLike,
  withoutAchievements,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Response compression (plugins/compression.ts): gzip when the client asks for it, on a body already serialized
// (lib/send-json.ts) as on any other; never on the notification stream, nor on photos.

let t: TestApp
let owner: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  await withoutAchievements(t)
  owner = await createUser(t, { verify: 'mark' })
  for (let i = 0; i < 5; i++) await createMeasurement(t, owner.cookie, { caption: `compressed ${i}` })
})
afterAll(() => t?.close())

const page = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/measurements', headers: { cookie: owner.cookie, ...headers } })

describe('a JSON answer', () => {
  it('is gzipped when the client accepts gzip', async () => {
    const plain = await page()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const zipped = await page({ 'accept-encoding': 'gzip' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json())
  })

  it('is sent as it is without Accept-Encoding, with gzip;q=0 or identity, and says it varies', async () => {
    const asked: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip;q=0' }, { 'accept-encoding': 'identity' }]
    for (const headers of asked) {
      const res = await page(headers)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers.vary).toMatch(/accept-encoding/i)
      expect(res.json()).toHaveProperty('items')
    }
  })

  it('under 1 KB is sent as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBeLessThan(1024)
    expect(res.headers['content-encoding']).toBeUndefined()
  })

  it('serialized by Fastify is gzipped too (the OpenAPI document)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi')
  })
})

describe('never compressed', () => {
  it('a photo (WebP)', async () => {
    const id = (await uploadPhoto(t, owner.cookie, await jpeg(640, 480))).json().id as string
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/photos/${id}/display`,
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
  })

  it('the notification stream: each event arrives as it happens, over HTTP, though the client accepts gzip', async () => {
    const fan = await createUser(t, { verify: 'mark' })
    const measurement = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const abort = new AbortController()
    try {
      const res = await fetch(`http://127.0.0.1:${address.port}/api/notifications/stream`, {
        headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
        signal: abort.signal,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(res.headers.get('content-encoding')).toBeNull()
      const reader = (res.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      let text = ''
      const events = async (n: number) => {
        while ((text.match(/^event: notification$/gm) ?? []).length < n) {
          const chunk = await reader.read()
          if (chunk.done) break
          text += decoder.decode(chunk.value, { stream: true })
        }
        return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] as string).unreadCount)
      }
      // A gzip stream would hold these back until it had enough to flush.
      expect(await events(1)).toEqual([0])
      expect((await sendLike(t, fan.cookie, measurement.id)).statusCode).toBe(200)
      expect(await events(2)).toEqual([0, 1])
    } finally {
      abort.abort()
    }
  })
})
