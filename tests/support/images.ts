import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { browserHeaders } from './factories.ts'
import type { TestApp } from './test-app.ts'

// Images made on the fly for the photo tests, and the multipart upload a browser sends.

/** A picture with a different colour in each half (left red, right blue), so orientation can be checked. */
export function halves(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const left = x < width / 2
      raw[i] = left ? 220 : 20
      raw[i + 1] = 40
      raw[i + 2] = left ? 30 : 210
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
}

export const RED = { r: 220, g: 40, b: 30 }
export const BLUE = { r: 20, g: 40, b: 210 }

export const jpeg = (width = 320, height = 240) => halves(width, height).jpeg({ quality: 90 }).toBuffer()
export const png = (width = 320, height = 240) => halves(width, height).png().toBuffer()
export const webp = (width = 320, height = 240) => halves(width, height).webp({ quality: 90 }).toBuffer()

/** A 300 × 200 HEIC (HEVC) made with libheif's heif-enc: left half red-ish, EXIF capture time and GPS. */
export const heicFixture = () => readFileSync(join(import.meta.dirname, '../fixtures/photo.heic'))

/** The fixture's GPS: 46° 52′ 30″ N, 113° 59′ 0″ W. */
export const HEIC_GPS = { lat: 46 + 52 / 60 + 30 / 3600, lon: -(113 + 59 / 60) }

/** The colour at a point of an image, as sharp decodes it. */
export async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return { r: data[i] as number, g: data[i + 1] as number, b: data[i + 2] as number }
}

export function near(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, tolerance = 40) {
  return Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data[8] = bitDepth
  data[9] = colourType
  return chunk('IHDR', data)
}

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex')

/** A valid PNG header that declares a huge image and carries (almost) no pixels. */
export function pngHeaderBomb(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 2),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A real, complete 1-bit PNG of width × height black pixels: a few KB that decode to `width × height` pixels. */
export function pngBomb(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + Math.ceil(width / 8)) // filter byte 0, then all-zero pixels
  const raw = Buffer.alloc(row.length * height)
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 1, 0),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export type FilePart = { field?: string; filename?: string; contentType?: string; data: Buffer }

/** A multipart/form-data body as a browser's FormData makes it. */
export function multipart(parts: FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = `----fieldmark${randomBytes(8).toString('hex')}`
  const pieces: Buffer[] = []
  for (const p of parts) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${p.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    )
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** POST /api/photos with one file (or the given parts), as the signed-in member of `cookie`. */
export function uploadPhoto(
  t: TestApp,
  cookie: string | undefined,
  file: Buffer | FilePart[],
  opts: { id?: string; filename?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const parts = Array.isArray(file)
    ? file
    : [{ data: file, filename: opts.filename ?? 'photo.jpg', contentType: opts.contentType ?? 'image/jpeg' }]
  const body = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: opts.id ? `/api/photos?id=${encodeURIComponent(opts.id)}` : '/api/photos',
    headers: { ...browserHeaders(cookie, t.config.baseUrl), 'content-type': body.contentType },
    payload: body.payload,
  })
}

/** GET /api/photos/:id/:size. */
export function getPhoto(
  t: TestApp,
  cookie: string | undefined,
  id: string,
  size: 'display' | 'thumb' = 'display',
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/photos/${id}/${size}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  })
}
