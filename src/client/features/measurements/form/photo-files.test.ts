import { describe, expect, it } from 'vitest'
import { acceptPhotoFiles, exifTakenAt, photoFileError, photoType } from './photo-files.ts'
import { RECENT_SPECIES_LIMIT, recentSpecies, recentSpeciesIds, rememberSpecies } from './recent-species.ts'

const MB = 1024 * 1024
const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('photo files', () => {
  it('takes JPEG, PNG, WebP and HEIC, by type or by extension when the browser gives no type', () => {
    expect(photoType(file('a.jpg', 'image/jpeg'))).toBe('image/jpeg')
    expect(photoType(file('a.webp', 'image/webp'))).toBe('image/webp')
    expect(photoType(file('IMG_0001.HEIC', ''))).toBe('image/heic')
    expect(photoType(file('IMG_0001.heic', 'application/octet-stream'))).toBe('image/heic')
    expect(photoType(file('scan.gif', 'image/gif'))).toBeUndefined()
    expect(photoType(file('notes.pdf', 'application/pdf'))).toBeUndefined()
  })

  it('refuses non-images, empty files and files over 25 MB with a message naming the file', () => {
    expect(photoFileError(file('notes.pdf', 'application/pdf'))).toBe(
      'notes.pdf is not a photo: use a JPEG, PNG, WebP or HEIC image',
    )
    expect(photoFileError(file('big.jpg', 'image/jpeg', 26 * MB))).toBe(
      'big.jpg is 26 MB: photos must be 25 MB or smaller',
    )
    expect(photoFileError(file('ok.jpg', 'image/jpeg', 25 * MB))).toBeUndefined()
    expect(photoFileError(file('empty.png', 'image/png', 0))).toBe('empty.png is empty')
  })

  it('adds photos up to the room left and says why the others were left out', () => {
    const picked = [
      file('a.jpg', 'image/jpeg'),
      file('b.txt', 'text/plain'),
      file('c.png', 'image/png'),
      file('d.png', 'image/png'),
    ]
    const { accepted, errors } = acceptPhotoFiles(picked, 2)
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.png'])
    expect(errors).toEqual([
      'b.txt is not a photo: use a JPEG, PNG, WebP or HEIC image',
      'At most 10 photos per measurement',
    ])
  })

  it("reads the camera's local capture time and its offset from EXIF text", () => {
    expect(exifTakenAt('2024:05:01 14:33:10', '+02:00')).toEqual({
      date: '2024-05-01',
      time: '14:33:10',
      offset: '+02:00',
    })
    expect(exifTakenAt('2024:05:01 14:33:10', undefined)).toEqual({
      date: '2024-05-01',
      time: '14:33:10',
      offset: null,
    })
    expect(exifTakenAt('0000:00:00 00:00:00', null)).toBeUndefined()
    expect(exifTakenAt(new Date(), null)).toBeUndefined()
  })
})

describe('recent species', () => {
  const memory = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
  }

  it('keeps the last used first, once each, at most five, skipping ids not in the catalogue', () => {
    const store = memory()
    for (const id of [
      'mallard',
      'whitetail-deer',
      'walleye',
      'mallard',
      'no-such-species',
      'moose',
      'caribou',
      'tarpon',
    ]) {
      rememberSpecies(id, store)
    }
    expect(recentSpeciesIds(store)).toHaveLength(RECENT_SPECIES_LIMIT)
    expect(recentSpeciesIds(store)).toEqual(['tarpon', 'caribou', 'moose', 'no-such-species', 'mallard'])
    expect(recentSpecies(store).map((s) => s.id)).toEqual(['tarpon', 'caribou', 'moose', 'mallard'])
  })

  it('reads nothing from a damaged entry', () => {
    const store = memory()
    store.setItem('fieldmark.recentSpecies', '{not json')
    expect(recentSpeciesIds(store)).toEqual([])
  })
})
