import { describe, expect, it } from 'vitest'
import { type Measurement, UpdateMeasurementSchema } from '#shared/schemas/measurements.ts'
import { visibilityChange } from './visibility-change.ts'

const photo = (id: string) => ({ id, width: 1600, height: 1200, createdAt: '2024-05-01T10:00:00.000Z' })

const measurement = (overrides: Partial<Measurement> = {}): Measurement =>
  ({
    id: '6f1c2a58-2f7d-4c57-9d3a-6c0b3f0f2a11',
    owner: { id: 'u1', firstName: 'Ada', lastName: null, profileImageUrl: null },
    isOwner: true,
    speciesId: 'largemouth-bass',
    species: 'Largemouth Bass',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 22, girthIn: 17 } },
    quick: { weightLbs: 6.05 },
    result: null,
    score: 7.95,
    scoreText: '7.95',
    trophyClass: 'trophy',
    summary: {
      lengthIn: 22,
      widthIn: null,
      weightLbs: 6.05,
      weightEstimated: false,
      spreadIn: null,
      points: null,
      massIn: null,
    },
    evidence: 'photo-measured',
    method: 'photo',
    photoMeasurements: [
      {
        field: 'sheet.lengthIn',
        valueIn: 22,
        uncertaintyIn: 0.25,
        photoId: 'a0000000-0000-4000-8000-000000000001',
        mode: 'straight',
        reference: { kind: 'quarter', lengthIn: 0.955, pixels: 40 },
      },
    ],
    takenAt: '2024-05-01T10:00:00.000Z',
    createdAt: '2024-05-01T11:00:00.000Z',
    updatedAt: '2024-05-01T11:00:00.000Z',
    notes: 'Second point past the dock',
    caption: 'Personal best',
    visibility: 'private',
    location: { precision: 'exact', region: 'Ontario', lat: 44.1, lon: -79.2 },
    photos: [photo('a0000000-0000-4000-8000-000000000001'), photo('a0000000-0000-4000-8000-000000000002')],
    coverPhotoId: 'a0000000-0000-4000-8000-000000000002',
    ...overrides,
  }) as Measurement

describe('visibilityChange', () => {
  it('sends the whole record back as it stands, with the new visibility and without the location', () => {
    const m = measurement()
    const body = visibilityChange(m, 'public')
    expect(body).toEqual({
      speciesId: m.speciesId,
      sheet: m.sheet,
      quick: m.quick,
      method: 'photo',
      photoMeasurements: m.photoMeasurements,
      takenAt: m.takenAt,
      notes: 'Second point past the dock',
      caption: 'Personal best',
      visibility: 'public',
      photoIds: ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002'],
      coverPhotoId: 'a0000000-0000-4000-8000-000000000002',
    })
    expect(UpdateMeasurementSchema.safeParse(body).success).toBe(true)
  })

  it.each([
    ['no sheet, quick values only', { sheet: null, quick: { lengthIn: 33, weightLbs: 2.8 } }, ['sheet']],
    ['no notes or caption', { notes: null, caption: null }, ['notes', 'caption']],
    ['no photo', { photos: [], coverPhotoId: null, photoMeasurements: [], method: 'tape' as const }, ['coverPhotoId']],
  ])('leaves out what the measurement lacks: %s', (_name, overrides, absent) => {
    const body = visibilityChange(measurement(overrides), 'followers')
    for (const key of absent) expect(body).not.toHaveProperty(key)
    expect(body.visibility).toBe('followers')
    expect(UpdateMeasurementSchema.safeParse(body).success).toBe(true)
  })
})
