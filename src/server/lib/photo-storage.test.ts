import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/env.ts'
import { createPhotoStorage, localPhotoStorage, type PhotoStorage, s3PhotoStorage } from './photo-storage.ts'

const BAD_KEYS = [
  '',
  '../escape.webp',
  'a/../../escape.webp',
  '/etc/passwd',
  'a/./b',
  '.hidden',
  'a\\b',
  'a//b',
  'a/..',
]

describe('local disk storage', () => {
  let root: string
  let storage: PhotoStorage
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'fm-photos-'))
    storage = localPhotoStorage(join(root, 'photos'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('writes, reads and removes a file, pruning the folders it emptied', async () => {
    await storage.put('2025/06/abc/display.webp', Buffer.from('display'), 'image/webp')
    await storage.put('2025/06/abc/thumb.webp', Buffer.from('thumb'), 'image/webp')
    await storage.put('2025/06/other/thumb.webp', Buffer.from('other'), 'image/webp')
    expect((await storage.get('2025/06/abc/display.webp'))?.toString()).toBe('display')
    // No temporary file is left behind.
    expect((await readdir(join(root, 'photos/2025/06/abc'))).sort()).toEqual(['display.webp', 'thumb.webp'])

    await storage.remove(['2025/06/abc/display.webp', '2025/06/abc/thumb.webp', '2025/06/abc/missing.webp'])
    expect(await storage.get('2025/06/abc/display.webp')).toBeNull()
    expect(await readdir(join(root, 'photos/2025/06'))).toEqual(['other'])
    expect((await storage.get('2025/06/other/thumb.webp'))?.toString()).toBe('other')
  })

  it('replaces a file whole', async () => {
    await storage.put('k/v.webp', Buffer.from('first'), 'image/webp')
    await storage.put('k/v.webp', Buffer.from('second'), 'image/webp')
    expect((await storage.get('k/v.webp'))?.toString()).toBe('second')
  })

  it('answers null for a missing key', async () => {
    expect(await storage.get('nothing/here.webp')).toBeNull()
  })

  it.each(BAD_KEYS)('refuses the key %j, which could leave the folder', async (key) => {
    await writeFile(join(root, 'escape.webp'), 'outside')
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/)
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/)
    await expect(storage.remove([key])).rejects.toThrow(/Invalid storage key/)
    expect(await readdir(root)).toContain('escape.webp')
  })

  it('is the default, under DATA_DIR/photos', async () => {
    const fromConfig = createPhotoStorage({ dataDir: root })
    expect(fromConfig.kind).toBe('local')
    expect((await fromConfig.get('2025/06/other/thumb.webp'))?.toString()).toBe('other')
  })
})

type Recorded = { method: string; path: string; authorization: string; contentType: string | undefined }

/** Just enough of S3's REST API (path style) for the storage: PUT, GET and DELETE of /bucket/key. */
function fakeS3() {
  const objects = new Map<string, Buffer>()
  const requests: Recorded[] = []
  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((done, fail) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => done(Buffer.concat(chunks)))
      req.on('error', fail)
    })
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3.test').pathname)
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization ?? '',
      contentType: req.headers['content-type'],
    })
    if (req.method === 'PUT') {
      objects.set(path, await body(req))
      res.writeHead(200, { etag: '"fake"' }).end()
    } else if (req.method === 'GET') {
      const object = objects.get(path)
      if (!object) {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>')
      } else {
        res.writeHead(200, { 'content-type': 'image/webp', 'content-length': object.length }).end(object)
      }
    } else if (req.method === 'DELETE') {
      objects.delete(path)
      res.writeHead(204).end()
    } else {
      res.writeHead(405).end()
    }
  })
  return { server, objects, requests }
}

describe('S3-compatible storage', () => {
  const s3 = fakeS3()
  let storage: PhotoStorage
  beforeAll(async () => {
    await new Promise<void>((done) => s3.server.listen(0, '127.0.0.1', done))
    const { port } = s3.server.address() as AddressInfo
    storage = createPhotoStorage({
      dataDir: '/nonexistent',
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'fieldmark-photos',
        accessKeyId: 'AKIAFAKE',
        secretAccessKey: 'fake-secret',
        region: 'us-east-1',
      },
    })
  })
  afterAll(async () => {
    await storage.close()
    await new Promise<void>((done) => s3.server.close(() => done()))
  })

  it('puts, gets and deletes objects by path-style URL, signed with the configured key', async () => {
    expect(storage.kind).toBe('s3')
    await storage.put('2025/06/abc/display.webp', Buffer.from('display bytes'), 'image/webp')
    await storage.put('2025/06/abc/thumb.webp', Buffer.from('thumb bytes'), 'image/webp')
    expect(s3.objects.get('/fieldmark-photos/2025/06/abc/display.webp')?.toString()).toBe('display bytes')

    expect((await storage.get('2025/06/abc/thumb.webp'))?.toString()).toBe('thumb bytes')
    expect(await storage.get('2025/06/abc/missing.webp')).toBeNull()

    await storage.remove(['2025/06/abc/display.webp', '2025/06/abc/thumb.webp'])
    expect(s3.objects.size).toBe(0)

    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /fieldmark-photos/2025/06/abc/display.webp',
      'PUT /fieldmark-photos/2025/06/abc/thumb.webp',
      'GET /fieldmark-photos/2025/06/abc/thumb.webp',
      'GET /fieldmark-photos/2025/06/abc/missing.webp',
      expect.stringMatching(/^DELETE \/fieldmark-photos\/2025\/06\/abc\/(display|thumb)\.webp$/),
      expect.stringMatching(/^DELETE \/fieldmark-photos\/2025\/06\/abc\/(display|thumb)\.webp$/),
    ])
    expect(s3.requests[0]?.contentType).toBe('image/webp')
    for (const r of s3.requests)
      expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKE\/\d{8}\/us-east-1\/s3\//)
  })

  it.each(BAD_KEYS)('refuses the key %j before any request', async (key) => {
    const before = s3.requests.length
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/)
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/)
    expect(s3.requests.length).toBe(before)
  })
})

describe('S3-compatible storage that does not answer', () => {
  it('gives up on a store that accepts connections and never answers, instead of holding the upload', async () => {
    const sockets = new Set<Socket>()
    const silent = createNetServer((socket) => sockets.add(socket))
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const { port } = silent.address() as AddressInfo
    const storage = s3PhotoStorage(
      {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'fieldmark-photos',
        accessKeyId: 'AKIAFAKE',
        secretAccessKey: 'fake-secret',
        region: 'us-east-1',
      },
      { connectMs: 200, requestMs: 300, attempts: 2 },
    )
    try {
      const started = performance.now()
      await expect(storage.put('2025/06/abc/display.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
        code: 'UPSTREAM_FAILED',
      })
      const took = performance.now() - started
      // Two attempts of 300 ms and the SDK's pause between them; without the timeouts it would never end.
      expect(took).toBeGreaterThanOrEqual(500)
      expect(took).toBeLessThan(5_000)
      expect(sockets.size).toBeGreaterThanOrEqual(2)
    } finally {
      await storage.close()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((done) => silent.close(() => done()))
    }
  })
})

describe('S3 configuration (env.ts)', () => {
  const base = { DATA_DIR: '/tmp/fm-env-test', SESSION_SECRET: 'x'.repeat(40) }
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'photos',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  it('is off when no S3_* variable is set, or all are empty', () => {
    expect(loadConfig(base).s3).toBeUndefined()
    expect(loadConfig({ ...base, S3_ENDPOINT: '', S3_BUCKET: ' ', S3_REGION: '' }).s3).toBeUndefined()
  })

  it('takes all four, with us-east-1 unless S3_REGION says otherwise', () => {
    expect(loadConfig({ ...base, ...s3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'photos',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    })
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1')
  })

  it('refuses a partial set, naming what is missing, rather than writing photos to local disk', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET })).toThrow(
      /missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    )
  })
})
