import { describe, expect, it } from 'vitest'
import type { MeasuredValue } from '#client/features/measuring/index.ts'
import { DEFAULT_SETTINGS, type PhotoMeasurement, PhotoMeasurementSchema } from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import {
  coverPhoto,
  emptyForm,
  type FormPhoto,
  fieldNote,
  type MeasurementFormState,
  sheetToForm,
  withoutFields,
  withoutPhoto,
  withPhotos,
  withQuickText,
  withSheetState,
  withSpecies,
} from './form-state.ts'
import { measurablePhoto, measuringSession, withMeasuredValue } from './measured-values.ts'

// The changes the member makes, as the dialog writes them into react-hook-form: what a change keeps and drops.

const NOW = new Date(2026, 10, 22, 15, 30, 0)
const PHOTO_A = '6f1d4f0e-8a53-4a0c-9d0b-8f0d2f7c1a11'
const PHOTO_B = '0b7f9c2e-3d41-4e5a-8b6c-7d8e9f0a1b22'

function formFor(id: string, patch: Partial<MeasurementFormState> = {}): MeasurementFormState {
  const species = getSpecies(id)
  if (!species) throw new Error(`no species ${id}`)
  return { ...withSpecies(emptyForm(DEFAULT_SETTINGS, NOW), species), ...patch }
}

const photo = (id: string, type: string): FormPhoto => ({ id, kind: 'new', file: new Blob(['x']), name: id, type })
const jpeg = (id: string) => photo(id, 'image/jpeg')
const heic = (id: string) => photo(id, 'image/heic')

const mark = (field: string): PhotoMeasurement => ({
  field,
  valueIn: 20,
  uncertaintyIn: 0.25,
  photoId: PHOTO_A,
  mode: 'straight',
  method: 'two-point',
  reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 400 },
})

const measured = (exactIn: number): MeasuredValue => ({
  valueIn: Math.round(exactIn * 8) / 8,
  exactIn,
  uncertaintyIn: 0.2,
  mode: 'curve',
  method: 'two-point',
  reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 400 },
  points: [
    { x: 100, y: 200 },
    { x: 900.25, y: 240.5 },
  ],
  image: 'photo.jpg',
})

describe('typing over a value', () => {
  it('drops the photo measurement and the AI mark of the field typed in, and only those', () => {
    const form = formFor('mallard', {
      photoMeasured: { 'quick.lengthIn': mark('quick.lengthIn'), 'quick.widthIn': mark('quick.widthIn') },
      aiEstimated: { 'quick.lengthIn': true },
    })
    const next = withQuickText(form, 'quick.lengthIn', '22')
    expect(next.quick['quick.lengthIn']).toBe('22')
    expect(Object.keys(next.photoMeasured)).toEqual(['quick.widthIn'])
    expect(next.aiEstimated).toEqual({})
  })

  it('drops the marks of the calculator entries changed and names them', () => {
    const sheet = sheetToForm({ insideSpread: '18', right: { G2: '10' } })
    const form = formFor('whitetail-deer', {
      sheet,
      photoMeasured: { 'right.G2': mark('right.G2'), insideSpread: mark('insideSpread') },
    })
    const after = sheetToForm({ insideSpread: '18', right: { G2: '10 2/8' } })
    const next = withSheetState(form, { category: form.category, system: 'py', form: after })
    expect(next.changed).toEqual(['right.G2'])
    expect(Object.keys(next.form.photoMeasured)).toEqual(['insideSpread'])
    expect(next.form.system).toBe('py')
    expect(withoutFields(form.aiEstimated, ['right.G2'])).toBe(form.aiEstimated)
  })

  it('says how sure a photo value is, or that the AI estimated it', () => {
    const form = {
      photoMeasured: { 'quick.lengthIn': mark('quick.lengthIn') },
      aiEstimated: { 'quick.girthIn': true as const },
    }
    expect(fieldNote(form, 'quick.lengthIn', 'imperial')).toMatch(/^± .+ in · photo-measured$/)
    expect(fieldNote(form, 'quick.girthIn', 'imperial')).toBe('AI estimate from the photo · check it')
    expect(fieldNote(form, 'quick.widthIn', 'imperial')).toBeUndefined()
  })
})

describe('photos', () => {
  it('makes the first photo added the cover, and the next one when the cover is removed', () => {
    const form = withPhotos(formFor('mallard'), [jpeg(PHOTO_A), jpeg(PHOTO_B)])
    expect(form.coverPhotoId).toBe(PHOTO_A)
    expect(withPhotos(form, [jpeg('c')]).coverPhotoId).toBe(PHOTO_A)
    expect(withoutPhoto(form, PHOTO_A)).toMatchObject({ coverPhotoId: PHOTO_B, photos: [{ id: PHOTO_B }] })
    expect(withoutPhoto(form, PHOTO_B).coverPhotoId).toBe(PHOTO_A)
    expect(coverPhoto(form.photos, null)?.id).toBe(PHOTO_A)
  })

  it('measures the cover, else the first photo this browser can draw', () => {
    expect(measurablePhoto([jpeg(PHOTO_A), jpeg(PHOTO_B)], PHOTO_B)?.id).toBe(PHOTO_B)
    expect(measurablePhoto([heic(PHOTO_A), jpeg(PHOTO_B)], PHOTO_A)?.id).toBe(PHOTO_B)
    expect(measurablePhoto([heic(PHOTO_A)], null)).toBeUndefined()
    expect(measuringSession(jpeg(PHOTO_A), 'right.G2', 'Right G2').target.suggestCurve).toBe(true)
    expect(measuringSession(jpeg(PHOTO_A), 'insideSpread', 'Inside spread').target.suggestCurve).toBe(false)
  })
})

describe('a value from the measuring tool', () => {
  it('writes a quick length in eighths (imperial) or to 0.1 cm (metric), marked photo-measured', () => {
    const form = formFor('mallard', { aiEstimated: { 'quick.lengthIn': true } })
    const imperial = withMeasuredValue(form, 'quick.lengthIn', measured(14.93), PHOTO_A, 'imperial')
    expect(imperial.quick['quick.lengthIn']).toBe('14 7/8')
    expect(imperial.photoMeasured['quick.lengthIn']).toMatchObject({ valueIn: 14.875, photoId: PHOTO_A })
    expect(imperial.aiEstimated).toEqual({})
    const metric = withMeasuredValue(form, 'quick.lengthIn', measured(14.93), undefined, 'metric')
    expect(metric.quick['quick.lengthIn']).toBe('37.9')
    expect(metric.photoMeasured['quick.lengthIn']?.photoId).toBeUndefined()
  })

  it('writes a chart entry as the engine rounds it, in inches or centimetres', () => {
    const form = formFor('whitetail-deer')
    const imperial = withMeasuredValue(form, 'right.F', measured(24.3), PHOTO_A, 'imperial')
    expect(imperial.sheet.right.rows.F).toBe('24 2/8')
    expect(imperial.photoMeasured['right.F']?.valueIn).toBe(24.25)
    const metric = withMeasuredValue(form, 'right.F', measured(24.3), PHOTO_A, 'metric')
    expect(metric.sheet.right.rows.F).toBe('61.7')
  })

  it('keeps how it was measured: a plane value with its corners, their error and the path, as measured', () => {
    const corners = [
      { x: 1400.25, y: 1160.5 },
      { x: 1737.125, y: 1171.75 },
      { x: 1729.5, y: 1380.25 },
      { x: 1391.75, y: 1369.5 },
    ]
    const plane: MeasuredValue = {
      ...measured(15.04),
      mode: 'straight',
      method: 'plane',
      reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 337.4, corners, cornerErrorPx: 0.42 },
      twoPointIn: 15.3,
    }
    const pm = withMeasuredValue(formFor('mallard'), 'quick.lengthIn', plane, PHOTO_A, 'imperial').photoMeasured[
      'quick.lengthIn'
    ]
    expect(pm).toEqual({
      field: 'quick.lengthIn',
      valueIn: 15,
      uncertaintyIn: 0.2,
      photoId: PHOTO_A,
      mode: 'straight',
      method: 'plane',
      reference: {
        kind: 'credit-card',
        lengthIn: 3.37,
        pixels: 337.4,
        corners: corners.map((c) => [c.x, c.y]),
        cornerErrorPx: 0.42,
      },
      points: [
        [100, 200],
        [900.25, 240.5],
      ],
    })
    expect(PhotoMeasurementSchema.safeParse(pm).success).toBe(true)
    const twoPoint = withMeasuredValue(formFor('mallard'), 'quick.lengthIn', measured(15), PHOTO_A, 'imperial')
    expect(twoPoint.photoMeasured['quick.lengthIn']).toMatchObject({
      method: 'two-point',
      points: [
        [100, 200],
        [900.25, 240.5],
      ],
    })
    expect(twoPoint.photoMeasured['quick.lengthIn']?.reference).toEqual({
      kind: 'credit-card',
      lengthIn: 3.37,
      pixels: 400,
    })
  })
})
