import { describe, expect, it } from 'vitest'
import { metricForm } from '#client/features/species/calculator/metric-entries.ts'
import {
  CreateMeasurementSchema,
  DEFAULT_SETTINGS,
  type Measurement,
  type PhotoMeasurement,
} from '#shared/schemas/measurements.ts'
import { getChart, scoreSheet } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import {
  apiField,
  type BuildContext,
  buildMeasurementInput,
  checkDate,
  fieldForIssue,
  fishEstimate,
  issuesToErrors,
  readQuick,
  toCreateInput,
} from './build-input.ts'
import {
  changedSheetFields,
  effectiveMethod,
  emptyForm,
  formFromMeasurement,
  type MeasurementFormState,
  quickFieldsFor,
  setSheetField,
  sheetToForm,
  withSpecies,
} from './form-state.ts'

const NOW = new Date(2026, 10, 22, 15, 30, 0)
const imperial = { units: 'imperial' as const, now: NOW }
const metric = { units: 'metric' as const, now: NOW }

function species(id: string): Species {
  const found = getSpecies(id)
  if (!found) throw new Error(`no species ${id}`)
  return found
}

function formFor(id: string, patch: Partial<MeasurementFormState> = {}): MeasurementFormState {
  return { ...withSpecies(emptyForm(DEFAULT_SETTINGS, NOW), species(id)), ...patch }
}

const whitetail = WORKED_EXAMPLES.find((e) => e.sheet.category === 'whitetail-typical')
if (!whitetail) throw new Error('no whitetail worked example')

const PHOTO_A = '6f1d4f0e-8a53-4a0c-9d0b-8f0d2f7c1a11'
const PHOTO_B = '0b7f9c2e-3d41-4e5a-8b6c-7d8e9f0a1b22'

const measured = (field: string, valueIn: number, photoId = PHOTO_A): PhotoMeasurement => ({
  field,
  valueIn,
  uncertaintyIn: 0.2,
  photoId,
  mode: 'curve',
  method: 'two-point',
  reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 400 },
})

describe('buildMeasurementInput: the form → CreateMeasurement', () => {
  it('sends a whitetail score sheet as typed, which the engine scores 152 4/8, with defaults from settings', () => {
    const form = formFor('whitetail-deer', { sheet: sheetToForm(whitetail.sheet.measurements) })
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    const input = toCreateInput('4c9e3a7b-1f2d-4e6a-9b8c-0d1e2f3a4b5c', built.input)
    expect(CreateMeasurementSchema.safeParse(input).success).toBe(true)
    expect(input.speciesId).toBe('whitetail-deer')
    expect(input.sheet?.category).toBe('whitetail-typical')
    expect(input.sheet?.system).toBe('bc')
    expect(scoreSheet(input.sheet).score).toBe(152.5)
    expect(input.quick).toBeUndefined()
    expect(input.method).toBe('tape')
    expect(input.visibility).toBe('private')
    expect(input.location).toEqual({ precision: 'region' })
    expect(input.photoIds).toEqual([])
    expect(input.coverPhotoId).toBeUndefined()
    expect(input.takenAt).toMatch(/^2026-11-22T15:30:00[+-]\d{2}:\d{2}$/)
  })

  it("converts a metric member's centimetres to the inches the sheet stores, rounded as the book reads them", () => {
    const chart = getChart('whitetail-typical', 'bc')
    const cm = metricForm(chart, sheetToForm(whitetail.sheet.measurements))
    const built = buildMeasurementInput(formFor('whitetail-deer', { sheet: cm }), metric)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    const sheet = built.input.sheet as { measurements: Record<string, unknown> }
    expect(sheet.measurements.insideSpread).toBe('18 4/8')
    expect(sheet.measurements.right).toMatchObject({ F: '24 2/8', abnormal: ['3 2/8', '1 4/8'] })
    expect(scoreSheet(built.input.sheet).score).toBe(152.5)
    const absurd = setSheetField(cm, 'right.F', '700')
    const refused = buildMeasurementInput(formFor('whitetail-deer', { sheet: absurd }), metric)
    expect(!refused.ok && refused.errors['right.F']).toBe('Must be at most 609.6 cm')
  })

  it('scores with the system chosen when the chart offers it', () => {
    const form = formFor('whitetail-deer', { sheet: sheetToForm(whitetail.sheet.measurements), system: 'py' })
    const built = buildMeasurementInput(form, imperial)
    expect(built.ok && built.input.sheet?.system).toBe('py')
  })

  it('puts a fish length and girth in its formula sheet, the scale weight in quick, photo fields renamed', () => {
    const form = formFor('largemouth-bass', {
      quick: { 'quick.lengthIn': '20 1/2', 'quick.girthIn': '15', 'quick.widthIn': '', 'quick.weightLbs': '5 lb 8 oz' },
      photoMeasured: { 'quick.lengthIn': measured('quick.lengthIn', 20.5) },
      photos: [{ id: PHOTO_A, kind: 'new', file: new Blob(['x']), name: 'bass.jpg', type: 'image/jpeg' }],
    })
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input.sheet).toEqual({
      system: 'fish',
      category: 'length-girth-800',
      measurements: { lengthIn: 20.5, girthIn: 15 },
    })
    expect(built.input.quick).toEqual({ weightLbs: 5.5 })
    expect(built.input.method).toBe('photo')
    expect(built.input.photoMeasurements).toEqual([{ ...measured('lengthIn', 20.5) }])
    expect(built.input.photoIds).toEqual([PHOTO_A])
    expect(built.input.coverPhotoId).toBe(PHOTO_A)
  })

  it('keeps a fish length in quick when the girth its formula needs is missing', () => {
    const form = formFor('largemouth-bass', {
      quick: { 'quick.lengthIn': '20', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '' },
      photoMeasured: { 'quick.lengthIn': measured('quick.lengthIn', 20) },
    })
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input.sheet).toBeUndefined()
    expect(built.input.quick).toEqual({ lengthIn: 20 })
    expect(built.input.photoMeasurements?.[0]?.field).toBe('quick.lengthIn')
    // The photo was not kept in the form: the measurement stays, without a photo id.
    expect(built.input.photoMeasurements?.[0]?.photoId).toBeUndefined()
  })

  it('converts metric entries to inches and pounds before sending', () => {
    const form = formFor('mallard', {
      quick: { 'quick.lengthIn': '60,96', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '1.36' },
    })
    const built = buildMeasurementInput(form, metric)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input.quick).toEqual({ lengthIn: 24, weightLbs: 2.9983 })
  })

  it('orders photos as shown and sends the chosen cover; a photo measurement of a cleared field is dropped', () => {
    const form = formFor('mallard', {
      quick: { 'quick.lengthIn': '', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '3' },
      photos: [
        { id: PHOTO_B, kind: 'existing', name: 'Photo 1', thumbUrl: '/api/photos/b/thumb', displayUrl: '/d' },
        { id: PHOTO_A, kind: 'new', file: new Blob(['x']), name: 'a.jpg', type: 'image/jpeg' },
      ],
      coverPhotoId: PHOTO_A,
      photoMeasured: { 'quick.lengthIn': measured('quick.lengthIn', 22) },
    })
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input.photoIds).toEqual([PHOTO_B, PHOTO_A])
    expect(built.input.coverPhotoId).toBe(PHOTO_A)
    expect(built.input.photoMeasurements).toBeUndefined()
    expect(built.input.method).toBe('tape')
  })

  it('sends caption, notes, visibility and location as entered (trimmed), coordinates as numbers', () => {
    const form = formFor('mallard', {
      quick: { 'quick.lengthIn': '', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '3' },
      caption: '  Opening day  ',
      notes: 'Cold morning',
      visibility: 'public',
      region: ' Montana ',
      lat: '45.123',
      lon: '-110,5',
      precision: 'km',
      method: 'scale',
      methodChosen: true,
    })
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input).toMatchObject({
      caption: 'Opening day',
      notes: 'Cold morning',
      visibility: 'public',
      method: 'scale',
      location: { region: 'Montana', lat: 45.123, lon: -110.5, precision: 'km' },
    })
  })
})

describe('validation messages, keyed by field', () => {
  const errorsOf = (form: MeasurementFormState, ctx: BuildContext = imperial) => {
    const built = buildMeasurementInput(form, ctx)
    if (built.ok) throw new Error('expected errors')
    return built.errors
  }

  it('asks for a species and for measurements', () => {
    expect(errorsOf(emptyForm(DEFAULT_SETTINGS, NOW)).species).toBe('Choose a species')
    expect(errorsOf(formFor('whitetail-deer')).sheet).toBe('Enter the measurements from the score sheet')
    expect(errorsOf(formFor('mallard')).quick).toBe('Enter at least one measurement')
    expect(errorsOf(formFor('largemouth-bass'))['quick.lengthIn']).toBeUndefined()
    expect(errorsOf(formFor('largemouth-bass')).quick).toBe('Enter the length, or the weight on a scale')
  })

  it('refuses negative, unreadable, zero and absurd quick values in the member units', () => {
    const quick = (text: string) => ({
      'quick.lengthIn': text,
      'quick.girthIn': '',
      'quick.widthIn': '',
      'quick.weightLbs': '',
    })
    expect(errorsOf(formFor('mallard', { quick: quick('-12') }))['quick.lengthIn']).toBe('Length cannot be negative')
    expect(errorsOf(formFor('mallard', { quick: quick('abc') }))['quick.lengthIn']).toBe(
      'Length must be a number of inches, e.g. 17 3/16 or 17.2',
    )
    expect(errorsOf(formFor('mallard', { quick: quick('0') }))['quick.lengthIn']).toBe('Length must be more than 0')
    expect(errorsOf(formFor('mallard', { quick: quick('500') }))['quick.lengthIn']).toBe(
      'Length must be at most 240 in',
    )
    expect(errorsOf(formFor('mallard', { quick: quick('700') }), metric)['quick.lengthIn']).toBe(
      'Length must be at most 609.6 cm',
    )
    expect(errorsOf(formFor('mallard', { quick: quick('12 cm') }), metric)['quick.lengthIn']).toBe(
      'Length must be a number of centimetres, e.g. 43.5',
    )
  })

  it('names the chart entry the engine cannot read, or one far beyond any animal', () => {
    const sheet = sheetToForm({ ...whitetail.sheet.measurements, insideSpread: '-18' })
    expect(errorsOf(formFor('whitetail-deer', { sheet })).insideSpread).toMatch(/is negative/)
    const absurd = sheetToForm({ ...whitetail.sheet.measurements, right: { F: '400' } })
    expect(errorsOf(formFor('whitetail-deer', { sheet: absurd }))['right.F']).toBe('Must be at most 240 inches')
  })

  it('names the field a fish formula still needs when the engine refuses it', () => {
    expect(readQuick('20', 'quick.lengthIn', 'imperial')).toEqual({ ok: true, value: 20 })
    expect(readQuick('', 'quick.girthIn', 'imperial')).toEqual({ ok: true, value: undefined })
  })

  it('refuses a missing, impossible, future or too old date', () => {
    expect(checkDate('', NOW)).toBe('Enter the date taken')
    expect(checkDate('2026-02-30', NOW)).toBe('Enter a valid date')
    expect(checkDate('2026-11-23', NOW)).toBe('Date taken cannot be in the future')
    expect(checkDate('2026-11-22', NOW)).toBeUndefined()
    expect(checkDate('1899-12-31', NOW)).toBe('Date taken must be in 1900 or later')
    expect(errorsOf(formFor('mallard', { date: '2027-01-01' })).date).toBe('Date taken cannot be in the future')
  })

  it('refuses half a coordinate pair and coordinates out of range', () => {
    const base = { quick: { 'quick.lengthIn': '', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '3' } }
    expect(errorsOf(formFor('mallard', { ...base, lat: '45' })).lon).toBe(
      'Enter both latitude and longitude, or neither',
    )
    expect(errorsOf(formFor('mallard', { ...base, lat: '95', lon: '10' })).lat).toBe(
      'Latitude must be between -90 and 90',
    )
    expect(errorsOf(formFor('mallard', { ...base, lat: '45', lon: 'east' })).lon).toBe(
      'Longitude must be a number, e.g. -109.05',
    )
  })

  it('gives the shared schema messages for text that is too long', () => {
    const base = { quick: { 'quick.lengthIn': '', 'quick.girthIn': '', 'quick.widthIn': '', 'quick.weightLbs': '3' } }
    expect(errorsOf(formFor('mallard', { ...base, caption: 'x'.repeat(501) })).caption).toBe(
      'Caption must be at most 500 characters',
    )
  })
})

describe('server issues → form fields', () => {
  it('maps API paths back to the fields that show them', () => {
    expect(fieldForIssue('sheet.measurements.right.G2', 'chart')).toBe('right.G2')
    expect(fieldForIssue('measurements.insideSpread', 'chart')).toBe('insideSpread')
    expect(fieldForIssue('sheet.measurements.lengthIn', 'fish')).toBe('quick.lengthIn')
    expect(fieldForIssue('sheet.category', 'chart')).toBe('category')
    expect(fieldForIssue('quick.weightLbs', 'fish')).toBe('quick.weightLbs')
    expect(fieldForIssue('takenAt', 'chart')).toBe('date')
    expect(fieldForIssue('location.lat', 'quick')).toBe('lat')
    expect(fieldForIssue('photoIds.0', 'quick')).toBe('photos')
    expect(fieldForIssue('speciesId', 'quick')).toBe('species')
    expect(fieldForIssue('body', 'quick')).toBe('form')
    expect(fieldForIssue('sheet.measurements.right.abnormal[1]', 'chart')).toBe('right.abnormal.1')
    expect(apiField('right.abnormal.1', false)).toBe('right.abnormal[1]')
    expect(apiField('quick.lengthIn', true)).toBe('lengthIn')
    expect(apiField('quick.lengthIn', false)).toBe('quick.lengthIn')
    expect(
      issuesToErrors(
        [
          { path: 'takenAt', message: 'Date taken cannot be in the future' },
          { path: 'takenAt', message: 'second' },
        ],
        'chart',
      ),
    ).toEqual({ date: 'Date taken cannot be in the future' })
  })
})

describe('the form state', () => {
  it('lists the quick fields of each kind of species', () => {
    expect(quickFieldsFor(species('largemouth-bass'), 'length-girth-800')).toEqual([
      'quick.lengthIn',
      'quick.girthIn',
      'quick.weightLbs',
    ])
    expect(quickFieldsFor(species('largemouth-bass'), 'length-cubed-1600')).toEqual([
      'quick.lengthIn',
      'quick.weightLbs',
    ])
    expect(quickFieldsFor(species('whitetail-deer'), 'whitetail-typical')).toEqual([])
  })

  it('names the entries a change of the calculator touched', () => {
    const before = sheetToForm({ insideSpread: '18', right: { G2: '10', abnormal: ['3', '1'] } })
    const after = sheetToForm({ insideSpread: '18', right: { G2: '10 2/8', abnormal: ['3'] }, left: { F: '24' } })
    expect(changedSheetFields(before, after).sort()).toEqual(['left.F', 'right.G2', 'right.abnormal.1'])
  })

  it('writes one calculator entry by its field id', () => {
    const form = sheetToForm({ right: { abnormal: ['3'] } })
    expect(setSheetField(form, 'insideSpread', '18 4/8').single).toEqual({ insideSpread: '18 4/8' })
    expect(setSheetField(form, 'left.G2', '10').left.rows).toEqual({ G2: '10' })
    expect(setSheetField(form, 'right.abnormal.2', '1').right.lists).toEqual({ abnormal: ['3', '', '1'] })
    expect(setSheetField(form, 'beardsIn.0', '10 8/16').singleLists).toEqual({ beardsIn: ['10 8/16'] })
  })

  it('follows photo measurements for the method until the member picks one', () => {
    const form = formFor('mallard', { photoMeasured: { 'quick.lengthIn': measured('quick.lengthIn', 22) } })
    expect(effectiveMethod(form)).toBe('photo')
    expect(effectiveMethod({ ...form, method: 'scale', methodChosen: true })).toBe('scale')
  })

  it('estimates a fish weight live from what is typed', () => {
    const form = formFor('largemouth-bass', {
      quick: { 'quick.lengthIn': '20', 'quick.girthIn': '20', 'quick.widthIn': '', 'quick.weightLbs': '' },
    })
    const attempt = fishEstimate(form, species('largemouth-bass'), 'imperial')
    expect(attempt?.ok && attempt.result.score).toBe(10)
    expect(
      fishEstimate({ ...form, quick: { ...form.quick, 'quick.girthIn': '' } }, species('largemouth-bass'), 'imperial'),
    ).toBeUndefined()
  })

  it('prefills an edit from a stored measurement, and saves the same input back', () => {
    const stored = {
      id: '4c9e3a7b-1f2d-4e6a-9b8c-0d1e2f3a4b5c',
      speciesId: 'largemouth-bass',
      sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 20.5, girthIn: 15 } },
      quick: { weightLbs: 5.5 },
      method: 'photo',
      photoMeasurements: [measured('lengthIn', 20.5, PHOTO_B)],
      takenAt: new Date(2026, 5, 1, 7, 45, 0).toISOString(),
      notes: 'n',
      caption: 'c',
      visibility: 'followers',
      location: { precision: 'exact', region: 'Lake X', lat: 44.5, lon: -110 },
      photos: [{ id: PHOTO_B, width: 10, height: 10, displayUrl: '/d', thumbUrl: '/t' }],
      coverPhotoId: PHOTO_B,
    } as unknown as Measurement
    const form = formFromMeasurement(stored, DEFAULT_SETTINGS)
    expect(form.quick['quick.lengthIn']).toBe('20 4/8')
    expect(form.date).toBe('2026-06-01')
    expect(form.photos).toEqual([{ id: PHOTO_B, kind: 'existing', name: 'Photo 1', thumbUrl: '/t', displayUrl: '/d' }])
    const built = buildMeasurementInput(form, imperial)
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    expect(built.input).toMatchObject({
      speciesId: 'largemouth-bass',
      sheet: stored.sheet,
      quick: { weightLbs: 5.5 },
      method: 'photo',
      photoMeasurements: stored.photoMeasurements,
      caption: 'c',
      notes: 'n',
      visibility: 'followers',
      location: { precision: 'exact', region: 'Lake X', lat: 44.5, lon: -110 },
      photoIds: [PHOTO_B],
      coverPhotoId: PHOTO_B,
    })
    expect(new Date(built.input.takenAt).getTime()).toBe(new Date(stored.takenAt).getTime())
  })

  it('shows a stored score sheet in centimetres for a metric member', () => {
    const stored = {
      speciesId: 'whitetail-deer',
      sheet: whitetail.sheet,
      quick: null,
      method: 'tape',
      photoMeasurements: [measured('right.abnormal[1]', 1.5)],
      takenAt: '2026-06-01T07:45:00.000Z',
      notes: null,
      caption: null,
      visibility: 'private',
      location: { precision: 'region', region: null, lat: null, lon: null },
      photos: [],
      coverPhotoId: null,
    } as unknown as Measurement
    const form = formFromMeasurement(stored, { ...DEFAULT_SETTINGS, units: 'metric' })
    expect(form.sheet.single.insideSpread).toBe('46.99')
    expect(Object.keys(form.photoMeasured)).toEqual(['right.abnormal.1'])
    const built = buildMeasurementInput(form, metric)
    expect(built.ok && scoreSheet(built.input.sheet).score).toBe(152.5)
  })

  it('shows stored sizes in metric for a metric member', () => {
    const stored = {
      speciesId: 'mallard',
      sheet: null,
      quick: { lengthIn: 24, weightLbs: 3 },
      method: 'tape',
      photoMeasurements: [],
      takenAt: '2026-06-01T07:45:00.000Z',
      notes: null,
      caption: null,
      visibility: 'private',
      location: { precision: 'region', region: null, lat: null, lon: null },
      photos: [],
      coverPhotoId: null,
    } as unknown as Measurement
    const form = formFromMeasurement(stored, { ...DEFAULT_SETTINGS, units: 'metric' })
    expect(form.quick['quick.lengthIn']).toBe('60.96')
    expect(form.quick['quick.weightLbs']).toBe('1.36')
  })
})
