import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '#shared/errors.ts'
import { heicFixture, jpeg, png, webp } from '#tests/support/images.ts'
import {
  captureTime,
  detectFormat,
  newStorageKey,
  photoQueue,
  processUpload,
  readCaptureInfo,
} from './photos.service.ts'

describe('detectFormat: by the first bytes only', () => {
  it('knows the four photo formats', async () => {
    expect(detectFormat(await jpeg(8, 8))).toBe('jpeg')
    expect(detectFormat(await png(8, 8))).toBe('png')
    expect(detectFormat(await webp(8, 8))).toBe('webp')
    expect(detectFormat(heicFixture())).toBe('heic')
  })

  it.each(['heic', 'heix', 'mif1', 'msf1', 'hevc'])('takes the HEIF brand %s', (brand) => {
    expect(detectFormat(Buffer.from(`\0\0\0\x18ftyp${brand}\0\0\0\0`, 'latin1'))).toBe('heic')
  })

  it.each([
    ['an MP4', '\0\0\0\x18ftypisom\0\0\0\0'],
    ['a GIF', 'GIF89a'],
    ['a RIFF that is not WebP', 'RIFF\0\0\0\0WAVEfmt '],
    ['two bytes of JPEG', '\xff\xd8'],
    ['nothing', ''],
  ])('refuses %s', (_name, bytes) => {
    expect(detectFormat(Buffer.from(bytes, 'latin1'))).toBeNull()
  })
})

describe('captureTime: EXIF dates as ISO 8601', () => {
  it('keeps the offset the camera recorded', () => {
    expect(captureTime('2024:05:01 10:20:30', '-06:00')).toBe('2024-05-01T10:20:30-06:00')
    expect(captureTime('2024:05:01 10:20:30', '+05:45')).toBe('2024-05-01T10:20:30+05:45')
  })

  it('gives the wall-clock time without an offset when there is none, not a made-up UTC', () => {
    expect(captureTime('2024:05:01 10:20:30', undefined)).toBe('2024-05-01T10:20:30')
    expect(captureTime('2024:05:01 10:20:30', 'garbage')).toBe('2024-05-01T10:20:30')
  })

  it.each([
    ['an impossible date', '2024:02:30 10:00:00'],
    ['an empty value', '    :  :     :  :  '],
    ['a year before 1900', '1850:01:01 00:00:00'],
    ['a date next year', `${new Date().getUTCFullYear() + 1}:12:31 12:00:00`],
    ['a number', 20240501],
  ])('is null for %s', (_name, value) => {
    expect(captureTime(value, '+00:00')).toBeNull()
  })
})

describe('readCaptureInfo', () => {
  it('falls back to CreateDate when there is no DateTimeOriginal', async () => {
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .withExif({ IFD2: { DateTimeDigitized: '2022:08:09 17:01:02', OffsetTimeDigitized: '+01:00' } })
      .jpeg()
      .toBuffer()
    expect(await readCaptureInfo((await sharp(input).metadata()).exif)).toEqual({
      takenAt: '2022-08-09T17:01:02+01:00',
      gps: null,
    })
  })

  it('ignores a 0, 0 position (a camera without a fix) and unreadable EXIF', async () => {
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' },
      })
      .jpeg()
      .toBuffer()
    expect((await readCaptureInfo((await sharp(input).metadata()).exif)).gps).toBeNull()
    expect(await readCaptureInfo(Buffer.from('Exif\0\0not a tiff header at all'))).toEqual({ takenAt: null, gps: null })
    expect(await readCaptureInfo(undefined)).toEqual({ takenAt: null, gps: null })
  })
})

describe('processUpload', () => {
  it('keeps a small photo at its size (no enlargement) and makes the thumbnail no larger than it', async () => {
    const photo = await processUpload(await png(120, 90))
    expect([photo.width, photo.height, photo.format]).toEqual([120, 90, 'png'])
    const thumb = await sharp(photo.thumb).metadata()
    expect([thumb.width, thumb.height]).toEqual([120, 90])
  })

  it('keeps transparency of a PNG with alpha', async () => {
    const input = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    expect((await sharp((await processUpload(input)).display).metadata()).hasAlpha).toBe(true)
  })
})

describe('processUpload: the decoding queue', () => {
  it('refuses with BUSY when every slot and the waiting line are taken, and decodes again once one frees', async () => {
    const photo = await jpeg(64, 48)
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const held = Array.from({ length: photoQueue.slots + photoQueue.maxWaiting }, () => photoQueue.run(() => gate))
    try {
      const refused = await processUpload(photo).catch((err: unknown) => err)
      expect(refused).toBeInstanceOf(AppError)
      expect(refused).toMatchObject({ code: 'BUSY', issues: [{ path: 'file' }] })
    } finally {
      release()
      await Promise.all(held)
    }
    expect((await processUpload(photo)).width).toBe(64)
  })

  it('decodes at most one photo per slot at once', async () => {
    const photos = await Promise.all(Array.from({ length: photoQueue.slots + 2 }, () => jpeg(1200, 900)))
    let peak = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, photoQueue.active)
    }, 1)
    try {
      await Promise.all(photos.map((photo) => processUpload(photo)))
    } finally {
      clearInterval(sampler)
    }
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThanOrEqual(photoQueue.slots)
    expect(photoQueue.active + photoQueue.waiting).toBe(0)
  })
})

describe('newStorageKey', () => {
  it('is a fresh key under the year and month for each upload of the same photo id', () => {
    const at = new Date('2025-06-30T23:59:59Z')
    const a = newStorageKey('3f0c1d52-9a7e-4b7e-9d3c-2a9b8c7d6e5f', at)
    const b = newStorageKey('3f0c1d52-9a7e-4b7e-9d3c-2a9b8c7d6e5f', at)
    expect(a).toMatch(/^2025\/06\/3f0c1d52-9a7e-4b7e-9d3c-2a9b8c7d6e5f-[0-9a-f]{8}$/)
    expect(a).not.toBe(b)
  })
})
