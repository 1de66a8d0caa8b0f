import { MEASUREMENT_LIMITS } from '#shared/schemas/measurements.ts'

// Which files the photo field takes, checked before anything is stored: the server checks the content again
// (magic bytes, pixel count). HEIC is accepted: the server decodes it even when this browser cannot show it.

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const
/** The file picker's accept list: types and extensions (some browsers give HEIC files no type). */
export const PHOTO_ACCEPT = [...PHOTO_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'].join(',')

const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
}

type FileLike = { name: string; type: string; size: number }

/** The photo type of a file from its type or, when the browser gives none, its extension; undefined if neither. */
export function photoType(file: FileLike): string | undefined {
  const type = file.type.toLowerCase()
  if ((PHOTO_TYPES as readonly string[]).includes(type)) return type
  if (type && type !== 'application/octet-stream') return undefined
  const extension = file.name.toLowerCase().split('.').pop() ?? ''
  return EXTENSIONS[extension]
}

/** Browsers other than Safari cannot draw HEIC: the form shows a tile with the file name instead. */
export const isHeic = (type: string) => type === 'image/heic' || type === 'image/heif'

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

/** Why a file cannot be added, or undefined when it can. */
export function photoFileError(file: FileLike): string | undefined {
  if (!photoType(file)) return `${file.name || 'This file'} is not a photo: use a JPEG, PNG, WebP or HEIC image`
  if (file.size > MEASUREMENT_LIMITS.uploadBytes) {
    return `${file.name || 'This photo'} is ${megabytes(file.size)}: photos must be ${megabytes(MEASUREMENT_LIMITS.uploadBytes)} or smaller`
  }
  if (file.size === 0) return `${file.name || 'This photo'} is empty`
  return undefined
}

/** Splits picked files into those to add (up to `room`) and the messages for the others. */
export function acceptPhotoFiles<T extends FileLike>(
  files: readonly T[],
  room: number,
): { accepted: T[]; errors: string[] } {
  const accepted: T[] = []
  const errors: string[] = []
  for (const file of files) {
    const error = photoFileError(file)
    if (error) errors.push(error)
    else if (accepted.length >= room) {
      errors.push(`At most ${MEASUREMENT_LIMITS.photosPerMeasurement} photos per measurement`)
      break
    } else accepted.push(file)
  }
  return { accepted, errors }
}

/**
 * EXIF `DateTimeOriginal` (`2024:05:01 14:33:10`, the camera's local time) and `OffsetTimeOriginal` (`+02:00`)
 * → the date, time and offset the form holds. Read as text: exifr would turn the local time into a UTC Date.
 */
export function exifTakenAt(
  dateTime: unknown,
  offset: unknown,
): { date: string; time: string; offset: string | null } | undefined {
  if (typeof dateTime !== 'string') return undefined
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateTime.trim())
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match
  if (Number(y) < 1900 || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return undefined
  const validOffset = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : null
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}:${s}`, offset: validOffset }
}

/** The capture time of a photo, read in the browser with exifr (loaded only when a photo is added). */
export async function readPhotoTakenAt(file: Blob) {
  try {
    const mod = await import('exifr')
    // The ESM build has named exports; the CommonJS one (Node, tests) only a default.
    const exifr: Pick<typeof mod, 'parse'> = mod.default ?? mod
    const tags = await exifr.parse(file, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
    })
    return exifTakenAt(tags?.DateTimeOriginal, tags?.OffsetTimeOriginal)
  } catch {
    return undefined
  }
}
