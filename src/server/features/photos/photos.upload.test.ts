import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import exifr from 'exifr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photos } from '#server/features/measurements/measurements.tables.ts'
import { localPhotoStorage } from '#server/lib/photo-storage.ts'
import { MEASUREMENT_LIMITS, UploadedPhotoSchema } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import {
  BLUE,
  getPhoto,
  HEIC_GPS,
  halves,
  heicFixture,
  jpeg,
  near,
  pixel,
  png,
  pngBomb,
  pngHeaderBomb,
  RED,
  uploadPhoto,
  webp,
} from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { photoQueue } from './photos.service.ts'

// Uploads checked by content, size and pixel count, decoded a few at a time, auto-oriented, stored, and served as
// WebP with all metadata removed.

let t: TestApp
let member: SignedInUser
/** This app's photo folder, to see what is stored at rest. */
let root: string
const folder = (key: string) => join(root, key)

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fm-photos-upload-'))
  t = await createTestApp({ storage: localPhotoStorage(root) })
  member = await createUser(t, { state: 'member', verify: 'mark' })
})
afterAll(async () => {
  await t?.close()
  await rm(root, { recursive: true, force: true })
})

async function uploaded(file: Buffer, opts: Parameters<typeof uploadPhoto>[3] = {}) {
  const res = await uploadPhoto(t, member.cookie, file, opts)
  expect(res.statusCode, res.body).toBe(201)
  return UploadedPhotoSchema.parse(res.json())
}

async function served(id: string, size: 'display' | 'thumb' = 'display') {
  const res = await getPhoto(t, member.cookie, id, size)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  return res.rawPayload
}

/** Every kind of metadata sharp and exifr can find: none may survive. */
async function expectNoMetadata(image: Buffer) {
  const meta = await sharp(image).metadata()
  expect(meta.format).toBe('webp')
  expect(meta.exif).toBeUndefined()
  expect(meta.xmp).toBeUndefined()
  expect(meta.icc).toBeUndefined()
  expect(meta.iptc).toBeUndefined()
  expect(meta.hasProfile).toBe(false)
  expect(meta.orientation).toBeUndefined()
  expect(await exifr.parse(image, true).catch(() => undefined)).toBeUndefined()
  expect(await exifr.gps(image).catch(() => undefined)).toBeUndefined()
  // Nor any trace of the containers in the bytes: WebP keeps metadata in EXIF, XMP and ICCP chunks.
  const latin1 = image.toString('latin1')
  for (const marker of ['EXIF', 'Exif', 'XMP ', 'ICCP', 'GPS', 'SERIAL', 'FieldmarkTest']) {
    expect(latin1).not.toContain(marker)
  }
}

describe('POST /api/photos: accepted formats', () => {
  it.each([
    ['JPEG', jpeg, 'photo.jpg', 'image/jpeg'],
    ['PNG', png, 'photo.png', 'image/png'],
    ['WebP', webp, 'photo.webp', 'image/webp'],
  ] as const)('stores a %s as display and thumbnail WebP', async (_name, make, filename, contentType) => {
    const photo = await uploaded(await make(640, 480), { filename, contentType })
    expect(photo).toMatchObject({
      width: 640,
      height: 480,
      displayUrl: `/api/photos/${photo.id}/display`,
      thumbUrl: `/api/photos/${photo.id}/thumb`,
      takenAt: null,
      gps: null,
    })
    const display = await sharp(await served(photo.id)).metadata()
    expect([display.format, display.width, display.height]).toEqual(['webp', 640, 480])
    const thumb = await sharp(await served(photo.id, 'thumb')).metadata()
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 360])

    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id))
    expect(row).toMatchObject({ userId: member.id, measurementId: null, width: 640, height: 480 })
    expect((await readdir(folder(row?.storageKey ?? ''))).sort()).toEqual(['display.webp', 'thumb.webp'])
    expect(row?.bytes).toBe((await served(photo.id)).length + (await served(photo.id, 'thumb')).length)
  })

  it('scales a large photo down to 2048 px for display and 480 px for the thumbnail', async () => {
    const photo = await uploaded(await jpeg(3000, 2000))
    expect([photo.width, photo.height]).toEqual([MEASUREMENT_LIMITS.displayEdge, 1365])
    const thumb = await sharp(await served(photo.id, 'thumb')).metadata()
    expect([thumb.width, thumb.height]).toEqual([MEASUREMENT_LIMITS.thumbEdge, 320])
  })

  it("takes a 48-megapixel phone camera's photo (8000 × 6000)", async () => {
    const input = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: RED } })
      .jpeg()
      .toBuffer()
    const photo = await uploaded(input)
    expect([photo.width, photo.height]).toEqual([MEASUREMENT_LIMITS.displayEdge, 1536])
  })

  it('decodes a HEIC (HEVC) photo, with its capture time and GPS for the uploader', async () => {
    const heic = heicFixture()
    expect((await sharp(heic).metadata()).compression).toBe('hevc')
    const photo = await uploaded(heic, { filename: 'IMG_0001.HEIC', contentType: 'image/heic' })
    expect([photo.width, photo.height]).toEqual([300, 200])
    expect(photo.takenAt).toBe('2024-05-01T10:20:30-06:00')
    expect(photo.gps?.lat).toBeCloseTo(HEIC_GPS.lat, 5)
    expect(photo.gps?.lon).toBeCloseTo(HEIC_GPS.lon, 5)
    const display = await served(photo.id)
    // The pixels made it through the decoder: the left half is the fixture's red.
    expect(near(await pixel(display, 40, 50), { r: 220, g: 40, b: 60 }, 45)).toBe(true)
    await expectNoMetadata(display)
  })
})

describe('metadata: a JPEG carrying GPS comes back without it', () => {
  const GPS = { lat: 45 + 30 / 60 + 12.34 / 3600, lon: -(110 + 15 / 60) }
  let input: Buffer
  let photo: ReturnType<typeof UploadedPhotoSchema.parse>

  beforeAll(async () => {
    input = await halves(800, 600)
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,30.2N"/></rdf:RDF></x:xmpmeta>',
      )
      .withExif({
        IFD0: { Make: 'FieldmarkTest', Model: 'GPS camera' },
        IFD2: {
          DateTimeOriginal: '2023:10:14 06:45:10',
          OffsetTimeOriginal: '+02:00',
          BodySerialNumber: 'SERIAL-12345',
        },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '45/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '110/1 15/1 0/1',
        },
      })
      .jpeg()
      .toBuffer()
    photo = await uploaded(input)
  })

  it('the input really carries GPS, a serial number, XMP and an ICC profile', async () => {
    const gps = await exifr.gps(input)
    expect(gps.latitude).toBeCloseTo(GPS.lat, 6)
    expect(gps.longitude).toBeCloseTo(GPS.lon, 6)
    const tags = await exifr.parse(input, { xmp: true, icc: true })
    expect(tags.SerialNumber ?? tags.BodySerialNumber).toBe('SERIAL-12345')
    const meta = await sharp(input).metadata()
    expect(meta.xmp).toBeDefined()
    expect(meta.icc).toBeDefined()
  })

  it('tells the uploader the capture time (with its offset) and the GPS position', () => {
    expect(photo.takenAt).toBe('2023-10-14T06:45:10+02:00')
    expect(photo.gps?.lat).toBeCloseTo(GPS.lat, 6)
    expect(photo.gps?.lon).toBeCloseTo(GPS.lon, 6)
  })

  it('serves display and thumbnail without any EXIF, GPS, XMP or ICC', async () => {
    await expectNoMetadata(await served(photo.id))
    await expectNoMetadata(await served(photo.id, 'thumb'))
  })

  it('stores no GPS: the files at rest carry none, and the row has no place for it', async () => {
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id))
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['bytes', 'createdAt', 'height', 'id', 'measurementId', 'position', 'storageKey', 'userId', 'width'].sort(),
    )
    for (const size of ['display', 'thumb'] as const) {
      const file = await t.storage.get(`${row?.storageKey}/${size}.webp`)
      expect(file).not.toBeNull()
      await expectNoMetadata(file as Buffer)
    }
  })

  it('answers a repeat of the upload with the same capture time and GPS', async () => {
    const res = await uploadPhoto(t, member.cookie, input, { id: photo.id })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(photo)
  })
})

describe('orientation', () => {
  it('serves a photo taken sideways (EXIF Orientation 6) upright, width and height swapped', async () => {
    // Stored 400 × 300, left half red; Orientation 6 means "rotate 90° clockwise to view".
    const input = await halves(400, 300).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    expect((await sharp(input).metadata()).orientation).toBe(6)
    const photo = await uploaded(input)
    expect([photo.width, photo.height]).toEqual([300, 400])
    const display = await served(photo.id)
    const meta = await sharp(display).metadata()
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 400, undefined])
    // Turned clockwise, the stored left (red) is now at the top and the right (blue) at the bottom.
    expect(near(await pixel(display, 150, 20), RED)).toBe(true)
    expect(near(await pixel(display, 150, 380), BLUE)).toBe(true)
    const thumb = await sharp(await served(photo.id, 'thumb')).metadata()
    expect([thumb.width, thumb.height]).toEqual([300, 400])
  })
})

describe('POST /api/photos: refusals', () => {
  it('refuses a text file named .jpg, by its content', async () => {
    const res = await uploadPhoto(t, member.cookie, Buffer.from('Not a photo at all, just text.\n'.repeat(20)), {
      filename: 'trophy.jpg',
      contentType: 'image/jpeg',
    })
    const body = expectApiError(res, 400, 'file: Only JPEG, PNG, WebP or HEIC photos can be uploaded')
    expect(body.error.issues).toEqual([
      { path: 'file', message: 'Only JPEG, PNG, WebP or HEIC photos can be uploaded' },
    ])
  })

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
  ])('refuses %s', async (_name, data) => {
    expectApiError(
      await uploadPhoto(t, member.cookie, data),
      400,
      'file: Only JPEG, PNG, WebP or HEIC photos can be uploaded',
    )
  })

  it('refuses a truncated JPEG with 400, not 500', async () => {
    const whole = await jpeg(640, 480)
    const res = await uploadPhoto(t, member.cookie, whole.subarray(0, Math.floor(whole.length * 0.6)))
    expectApiError(res, 400, 'file: The photo could not be read; the file may be damaged or incomplete')
  })

  it('refuses a JPEG whose data is garbage with 400', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)])
    expectApiError(await uploadPhoto(t, member.cookie, garbage), 400, /^file: The photo could not be read/)
  })

  it.each([
    ['cut short', (heic: Buffer) => heic.subarray(0, 900)],
    ['with its coded data overwritten', (heic: Buffer) => Buffer.from(heic).fill(0xff, 420)],
  ])('refuses a HEIC %s with 400 and says so', async (_name, damage) => {
    const res = await uploadPhoto(t, member.cookie, damage(heicFixture()), {
      filename: 'x.heic',
      contentType: 'image/heic',
    })
    expectApiError(res, 400, 'file: This HEIC photo could not be decoded; export it as JPEG and try again')
  })

  it('refuses an empty file', async () => {
    expectApiError(await uploadPhoto(t, member.cookie, Buffer.alloc(0)), 400, 'file: The file is empty')
  })

  it('refuses a photo over 25 MB with 413', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(MEASUREMENT_LIMITS.uploadBytes, 0)])
    const res = await uploadPhoto(t, member.cookie, big)
    expectApiError(res, 413, 'file: Photos can be at most 25 MB')
    expect(res.headers.connection).toBe('close')
  })

  it('refuses a photo of exactly 25 MB + 1 byte with 413 (the multipart limit, not the declared length)', async () => {
    const big = Buffer.alloc(MEASUREMENT_LIMITS.uploadBytes + 1, 0)
    big.set([0xff, 0xd8, 0xff, 0xe0])
    expectApiError(await uploadPhoto(t, member.cookie, big), 413, 'file: Photos can be at most 25 MB')
  })

  it('refuses a decompression bomb by its declared size before decoding (PNG header of 30000 × 30000)', async () => {
    const bomb = pngHeaderBomb(30_000, 30_000)
    expect(bomb.length).toBeLessThan(200)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30_000, height: 30_000 })
    const res = await uploadPhoto(t, member.cookie, bomb, { filename: 'bomb.png', contentType: 'image/png' })
    expectApiError(res, 400, 'file: The photo is 30000 × 30000 pixels; photos can have at most 50 megapixels')
  })

  it.each([
    ['just over 50 megapixels', 7072, 7071],
    ['of 100 megapixels', 10_000, 10_000],
  ])('refuses a real, complete PNG %s that fits in a few KB, naming the limit', async (_name, width, height) => {
    const bomb = pngBomb(width, height)
    expect(bomb.length).toBeLessThan(50_000)
    const res = await uploadPhoto(t, member.cookie, bomb, { filename: 'bomb.png', contentType: 'image/png' })
    expectApiError(res, 400, `file: The photo is ${width} × ${height} pixels; photos can have at most 50 megapixels`)
  })

  it('asks for the file when the body has no `file` field, or is not multipart', async () => {
    const wrongField = await uploadPhoto(t, member.cookie, [{ field: 'photo', data: await jpeg() }])
    expectApiError(wrongField, 400, 'file: Choose a photo to upload')
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { origin: new URL(t.config.baseUrl).origin, cookie: member.cookie },
      payload: { file: 'abc' },
    })
    expectApiError(json, 400, 'file: Choose a photo to upload')
  })

  it('takes one photo per request', async () => {
    const res = await uploadPhoto(t, member.cookie, [{ data: await jpeg() }, { data: await jpeg() }])
    expectApiError(res, 400, 'file: Upload one photo at a time')
  })

  it('refuses an id that is not a UUID, naming it', async () => {
    const res = await uploadPhoto(t, member.cookie, await jpeg(), { id: 'photo-1' })
    expectApiError(res, 400, 'id: id must be a UUID')
  })

  it('stores nothing for a refused upload', async () => {
    const before = await t.db.select().from(photos)
    await uploadPhoto(t, member.cookie, pngHeaderBomb(30_000, 30_000))
    await uploadPhoto(t, member.cookie, Buffer.from('text'))
    expect((await t.db.select().from(photos)).length).toBe(before.length)
  })
})

describe('POST /api/photos?id=: idempotent for offline sync', () => {
  it('stores a photo once however often it is sent, and answers the repeat with 200', async () => {
    const id = randomUUID()
    const file = await jpeg(500, 400)
    const first = await uploadPhoto(t, member.cookie, file, { id })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().id).toBe(id)
    const [row] = await t.db.select().from(photos).where(eq(photos.id, id))

    for (let i = 0; i < 2; i++) {
      const again = await uploadPhoto(t, member.cookie, file, { id })
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(first.json())
    }
    const rows = await t.db.select().from(photos).where(eq(photos.id, id))
    expect(rows).toEqual([row])
    expect((await readdir(folder(row?.storageKey ?? ''))).sort()).toEqual(['display.webp', 'thumb.webp'])
  })

  it('keeps one copy when the same id arrives twice at once', async () => {
    const id = randomUUID()
    const file = await jpeg(500, 400)
    const [a, b] = await Promise.all([
      uploadPhoto(t, member.cookie, file, { id }),
      uploadPhoto(t, member.cookie, file, { id }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201])
    const rows = await t.db.select().from(photos).where(eq(photos.id, id))
    expect(rows).toHaveLength(1)
    const month = (rows[0]?.storageKey ?? '').split('/').slice(0, 2).join('/')
    expect((await readdir(folder(month))).filter((name) => name.startsWith(id))).toHaveLength(1)
  })

  it("answers 409 for another member's photo id, and leaves it alone", async () => {
    const id = randomUUID()
    expect((await uploadPhoto(t, member.cookie, await jpeg(), { id })).statusCode).toBe(201)
    const other = await createUser(t, { state: 'member', verify: 'mark' })
    const res = await uploadPhoto(t, other.cookie, await png(), { id })
    expectApiError(res, 409, 'id: This photo id is already in use')
    const [row] = await t.db.select().from(photos).where(eq(photos.id, id))
    expect(row?.userId).toBe(member.id)
  })
})

describe('POST /api/photos: a body sent in chunks, without Content-Length', () => {
  /** The most the server may read: the file limit and room for the other parts, plus a few socket reads in flight. */
  const CAP = MEASUREMENT_LIMITS.uploadBytes + 64 * 1024
  const IN_FLIGHT = 256 * 1024
  const THIRTY_MB = 30 * 1024 * 1024
  let origin: URL
  const sockets: Socket[] = []

  beforeAll(async () => {
    origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }))
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket))
  })

  /**
   * Streams `head`, then `fill` bytes of filler, then `tail` as a chunked multipart body, as fast as the server takes
   * it. Resolves with the status (or 'reset' when the connection is cut) and how many bytes the server's socket read.
   */
  async function sendChunked(boundary: string, head: Buffer, fill: number, tail: Buffer) {
    const req = request({
      host: origin.hostname,
      port: origin.port,
      method: 'POST',
      path: '/api/photos',
      agent: false,
      headers: {
        ...browserHeaders(member.cookie, t.config.baseUrl),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    })
    let answered = false
    const answer = new Promise<{ status: number | 'reset'; body: string }>((resolve) => {
      req.on('response', async (res) => {
        answered = true
        let body = ''
        for await (const chunk of res) body += chunk
        resolve({ status: res.statusCode ?? 0, body })
      })
      req.on('error', () => {
        answered = true
        resolve({ status: 'reset', body: '' })
      })
    })
    const serverSocket = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve))
    req.write(head)
    const filler = Buffer.alloc(64 * 1024, 0x61)
    for (let sent = 0; sent < fill && !answered; sent += filler.length) {
      if (!req.write(filler)) await Promise.race([once(req, 'drain'), answer])
    }
    if (!answered) req.end(tail)
    const { status, body } = await answer
    req.destroy()
    const socket = await serverSocket
    if (!socket.destroyed) await once(socket, 'close')
    return { status, body, bytesRead: socket.bytesRead }
  }

  const partHead = (boundary: string, field: string, filename?: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename ? `; filename="${filename}"` : ''}\r\n` +
        `Content-Type: ${filename ? 'image/jpeg' : 'text/plain'}\r\n\r\n`,
    )

  it('stops reading a 30 MB photo past the limit and answers 413', async () => {
    const boundary = 'fieldmark-chunked-file'
    const head = Buffer.concat([partHead(boundary, 'file', 'big.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0])])
    const res = await sendChunked(boundary, head, THIRTY_MB, Buffer.from(`\r\n--${boundary}--\r\n`))
    expect(res.status).toBe(413)
    expect(res.body).toContain('file: Photos can be at most 25 MB')
    expect(res.bytesRead).toBeLessThan(CAP + IN_FLIGHT)
  })

  it('stops reading when 30 MB follow a small photo in another field, and answers 413', async () => {
    const boundary = 'fieldmark-chunked-field'
    const head = Buffer.concat([
      partHead(boundary, 'file', 'small.jpg'),
      await jpeg(),
      Buffer.from('\r\n'),
      partHead(boundary, 'note'),
    ])
    const before = (await t.db.select().from(photos)).length
    const res = await sendChunked(boundary, head, THIRTY_MB, Buffer.from(`\r\n--${boundary}--\r\n`))
    expect(res.status).toBe(413)
    expect(res.bytesRead).toBeLessThan(CAP + IN_FLIGHT)
    expect((await t.db.select().from(photos)).length).toBe(before)
  })

  it('still takes a photo sent in chunks', async () => {
    const boundary = 'fieldmark-chunked-ok'
    const head = Buffer.concat([partHead(boundary, 'file', 'ok.jpg'), await jpeg(640, 480)])
    const res = await sendChunked(boundary, head, 0, Buffer.from(`\r\n--${boundary}--\r\n`))
    expect(res.status, res.body).toBe(201)
    expect(JSON.parse(res.body)).toMatchObject({ width: 640, height: 480 })
  })
})

describe('POST /api/photos: decoding through a bounded queue', () => {
  /** Fills every slot and the whole waiting line with jobs that wait for the returned release(). */
  function fillQueue(extraWaiting = photoQueue.maxWaiting) {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const held = Array.from({ length: photoQueue.slots + extraWaiting }, () => photoQueue.run(() => gate))
    return async () => {
      release()
      await Promise.all(held)
    }
  }

  it('uses one slot per core and lets four times as many wait', () => {
    expect(photoQueue.slots).toBe(availableParallelism())
    expect(photoQueue.maxWaiting).toBe(4 * availableParallelism())
  })

  it('answers 503 with Retry-After when the queue is full, stores nothing, and takes the photo again after', async () => {
    const before = (await t.db.select().from(photos)).length
    const release = fillQueue()
    try {
      const res = await uploadPhoto(t, member.cookie, await jpeg())
      expectApiError(res, 503, 'file: The server is busy with other photos; try again in a few seconds')
      expect(res.headers['retry-after']).toBe('5')
      expect((await t.db.select().from(photos)).length).toBe(before)
    } finally {
      await release()
    }
    expect((await uploadPhoto(t, member.cookie, await jpeg())).statusCode).toBe(201)
  })

  it('decodes a HEIC photo only when a slot is free', async () => {
    const release = fillQueue(0)
    const upload = uploadPhoto(t, member.cookie, heicFixture(), { filename: 'x.heic', contentType: 'image/heic' })
    let done = false
    void upload.then(() => {
      done = true
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(done).toBe(false)
    expect(photoQueue.waiting).toBe(1)
    await release()
    expect((await upload).statusCode).toBe(201)
  })

  it('decodes HEIC in a worker thread: libheif is never loaded on the main thread', async () => {
    expect((await uploadPhoto(t, member.cookie, heicFixture(), { contentType: 'image/heic' })).statusCode).toBe(201)
    const loaded = Object.keys(createRequire(import.meta.url).cache)
    expect(loaded.filter((path) => /libheif|heic-decode/.test(path))).toEqual([])
  })
})
