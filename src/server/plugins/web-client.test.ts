import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// The built client as the build leaves it: index.html with its precompressed copies next to it.

const INDEX_HTML = '<!doctype html><html><head><title>Fieldmark</title></head><body><div id="root"></div></body></html>'

let t: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'fm-test-client-'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(clientDir, 'index.html.gz'), gzipSync(INDEX_HTML))
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX_HTML))
  t = await createTestApp({ clientDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

describe('the landing page', () => {
  it.each([
    ['no Accept-Encoding (curl, monitors, link previews)', {}],
    ['Accept-Encoding: identity', { 'accept-encoding': 'identity' }],
  ])('is served to a client sending %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(INDEX_HTML)
  })

  it('is served precompressed to a browser', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.statusCode).toBe(200)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML)
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML)
  })

  it('answers HEAD without Accept-Encoding too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
  })

  it('is the same page client routes get', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/measurements' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
  })
})
