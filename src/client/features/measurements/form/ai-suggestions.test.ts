import { describe, expect, it } from 'vitest'
import { CreateMeasurementSchema, DEFAULT_SETTINGS } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import { applySuggestions, estimateFields, fillableSuggestions, measureTarget } from './ai-suggestions.ts'
import { buildMeasurementInput } from './build-input.ts'
import { effectiveMethod, emptyForm, type FormPhoto, type MeasurementFormState, withSpecies } from './form-state.ts'

// Accepting an AI photo analysis in the add dialog: only what the member ticks is filled, each value is
// marked as an estimate until typed over, an 'Unknown' species is never forced, and the analysis goes with the
// measurement (aiAnalysisId) only while one of its values is still in the form.

const NOW = new Date(2026, 10, 22, 15, 30, 0)
const PHOTO = '6f1d4f0e-8a53-4a0c-9d0b-8f0d2f7c1a11'
const ANALYSIS_ID = '0b7f9c2e-3d41-4e5a-8b6c-7d8e9f0a1b22'

function species(id: string): Species {
  const found = getSpecies(id)
  if (!found) throw new Error(`no species ${id}`)
  return found
}

const photo: FormPhoto = { id: PHOTO, kind: 'new', file: new Blob(['x']), name: 'bass.jpg', type: 'image/jpeg' }

function blankForm(patch: Partial<MeasurementFormState> = {}): MeasurementFormState {
  return { ...emptyForm(DEFAULT_SETTINGS, NOW), photos: [photo], coverPhotoId: PHOTO, ...patch }
}

function analysis(patch: Partial<PhotoAnalysis> = {}): PhotoAnalysis {
  return {
    id: ANALYSIS_ID,
    photoId: PHOTO,
    species: { id: 'largemouth-bass', name: 'Largemouth Bass', modelLabel: 'largemouth bass', confidence: 0.87 },
    category: 'Freshwater Fish',
    referenceObject: { visible: true, kind: 'credit-card' },
    estimates: { lengthIn: 21.7, girthIn: 15.1, weightLbs: 6.234 },
    score: 6.19,
    scoreSource: 'engine',
    trophyClass: 'standard',
    notes: null,
    model: 'vision-test',
    createdAt: '2026-11-22T10:00:00.000Z',
    ...patch,
  }
}

const unknownSpecies = analysis({
  species: { id: null, name: 'Unknown', modelLabel: 'peacock bass', confidence: 0.6 },
})

describe('fillableSuggestions', () => {
  it("offers the species and the fish's length and girth when the species is taken, never its weight", () => {
    // The weight field of a fish is a scale weight; the engine estimates the weight from length and girth.
    expect([...fillableSuggestions(blankForm(), analysis(), true)].sort()).toEqual(['girthIn', 'lengthIn', 'species'])
  })

  it('offers no value before a species is chosen when the species is left', () => {
    expect([...fillableSuggestions(blankForm(), analysis(), false)]).toEqual(['species'])
  })

  it('offers the values of the species the member chose when the species is left', () => {
    const walleye = withSpecies(blankForm(), species('walleye'))
    expect([...fillableSuggestions(walleye, analysis(), false)].sort()).toEqual(['girthIn', 'lengthIn', 'species'])
  })

  it('never offers a species outside the catalogue', () => {
    expect(fillableSuggestions(blankForm(), unknownSpecies, true).has('species')).toBe(false)
  })

  it("fills a chart's inside spread only: points and lengths of a rack have no single field", () => {
    const whitetail = analysis({
      species: { id: 'whitetail-deer', name: 'Whitetail Deer', modelLabel: 'white-tailed deer', confidence: 0.9 },
      category: 'Big Game',
      estimates: { spreadIn: 18.3, points: 10, lengthIn: 24 },
    })
    expect([...fillableSuggestions(blankForm(), whitetail, true)].sort()).toEqual(['species', 'spreadIn'])
  })

  it.each([
    ['largemouth-bass', { lengthIn: 'quick.lengthIn', girthIn: 'quick.girthIn' }],
    ['mallard', { lengthIn: 'quick.lengthIn', widthIn: 'quick.widthIn', weightLbs: 'quick.weightLbs' }],
    ['whitetail-deer', { spreadIn: 'insideSpread' }],
    ['moose', { spreadIn: 'greatestSpread' }],
    ['black-bear', {}],
  ])('%s: estimates go to %j', (id, fields) => {
    expect(estimateFields(withSpecies(blankForm(), species(id)))).toEqual(fields)
  })
})

describe('applySuggestions', () => {
  it('fills only what was accepted, in the member’s units, marked as AI estimates', () => {
    const { form, filled } = applySuggestions(blankForm(), analysis(), ['species', 'lengthIn', 'girthIn'], 'imperial')
    expect(form.speciesId).toBe('largemouth-bass')
    expect(form.quick).toMatchObject({
      'quick.lengthIn': '21 6/8',
      'quick.girthIn': '15 1/8',
      'quick.weightLbs': '',
    })
    expect(form.aiEstimated).toEqual({ 'quick.lengthIn': true, 'quick.girthIn': true })
    expect(form.ai).toEqual({ analysisId: ANALYSIS_ID, photoId: PHOTO })
    expect(filled).toEqual(['quick.lengthIn', 'quick.girthIn'])
    expect(effectiveMethod(form)).toBe('photo')
  })

  it('writes metric values as the member types them', () => {
    const metric = applySuggestions(blankForm(), analysis(), ['species', 'lengthIn'], 'metric').form
    expect(metric.quick['quick.lengthIn']).toBe('55.1')
    const duck = analysis({
      species: { id: 'mallard', name: 'Mallard', modelLabel: 'mallard', confidence: 0.9 },
      estimates: { weightLbs: 2.71 },
    })
    expect(applySuggestions(blankForm(), duck, ['species', 'weightLbs'], 'metric').form.quick['quick.weightLbs']).toBe(
      '1.23',
    )
  })

  it("does not fill a fish's scale weight even when asked to", () => {
    const { form, filled } = applySuggestions(blankForm(), analysis(), ['species', 'weightLbs'], 'imperial')
    expect(form.quick['quick.weightLbs']).toBe('')
    expect(filled).toEqual([])
  })

  it("writes a chart's spread in the chart's eighths", () => {
    const whitetail = analysis({
      species: { id: 'whitetail-deer', name: 'Whitetail Deer', modelLabel: null, confidence: 0.9 },
      estimates: { spreadIn: 18.3 },
    })
    const { form } = applySuggestions(blankForm(), whitetail, ['species', 'spreadIn'], 'imperial')
    expect(form.sheet.single.insideSpread).toBe('18 2/8')
    expect(form.aiEstimated).toEqual({ insideSpread: true })
  })

  it('leaves the species chosen and marks nothing when only an unknown species was suggested', () => {
    const start = withSpecies(blankForm(), species('walleye'))
    const { form, filled } = applySuggestions(start, unknownSpecies, ['species'], 'imperial')
    expect(form.speciesId).toBe('walleye')
    expect(filled).toEqual([])
    expect(form.ai).toBeNull()
  })

  it('replaces a photo-measured mark on a field it fills', () => {
    const start = withSpecies(blankForm(), species('largemouth-bass'))
    const measured = {
      ...start,
      quick: { ...start.quick, 'quick.lengthIn': '20' },
      photoMeasured: {
        'quick.lengthIn': {
          field: 'quick.lengthIn',
          valueIn: 20,
          uncertaintyIn: 0.2,
          mode: 'straight' as const,
          method: 'two-point' as const,
          reference: { kind: 'credit-card' as const, lengthIn: 3.37, pixels: 400 },
        },
      },
    }
    const { form } = applySuggestions(measured, analysis(), ['lengthIn'], 'imperial')
    expect(form.photoMeasured).toEqual({})
    expect(form.aiEstimated).toEqual({ 'quick.lengthIn': true })
  })
})

describe('the measurement sent', () => {
  const build = (form: MeasurementFormState) => {
    const built = buildMeasurementInput(form, { units: 'imperial', now: NOW })
    if (!built.ok) throw new Error(JSON.stringify(built.errors))
    return built.input
  }
  const accepted = () => applySuggestions(blankForm(), analysis(), ['species', 'lengthIn', 'girthIn'], 'imperial').form

  it('carries the analysis and the photo method while an estimate is in the form', () => {
    const input = build(accepted())
    expect(input).toMatchObject({ aiAnalysisId: ANALYSIS_ID, method: 'photo', photoIds: [PHOTO] })
    expect(CreateMeasurementSchema.safeParse({ id: crypto.randomUUID(), ...input }).success).toBe(true)
  })

  it('keeps the analysis when one estimate is typed over and another is still there', () => {
    const form = accepted()
    const typed = {
      ...form,
      quick: { ...form.quick, 'quick.lengthIn': '22' },
      aiEstimated: { 'quick.girthIn': true as const },
    }
    expect(build(typed).aiAnalysisId).toBe(ANALYSIS_ID)
  })

  it('drops it once every estimate was typed over or cleared', () => {
    const form = accepted()
    const typed = { ...form, quick: { ...form.quick, 'quick.lengthIn': '22', 'quick.girthIn': '' }, aiEstimated: {} }
    const input = build(typed)
    expect(input.aiAnalysisId).toBeUndefined()
    expect(input.method).toBe('tape')
  })

  it('drops it when the analysed photo was removed', () => {
    const input = build({ ...accepted(), photos: [], coverPhotoId: null })
    expect(input.aiAnalysisId).toBeUndefined()
  })

  it('sends none for a plain form', () => {
    expect(
      build({
        ...withSpecies(blankForm(), species('walleye')),
        quick: { ...blankForm().quick, 'quick.lengthIn': '20' },
      }).aiAnalysisId,
    ).toBeUndefined()
  })
})

describe('measureTarget', () => {
  it.each([
    ['quick.lengthIn', 'no species yet', undefined],
    ['quick.lengthIn', 'a fish', 'largemouth-bass'],
    ['quick.lengthIn', 'a duck', 'mallard'],
    ['insideSpread', 'a whitetail', 'whitetail-deer'],
    ['greatestSpread', 'a moose', 'moose'],
  ])('the tool measures %s for %s', (field, _name, id) => {
    const form = id ? withSpecies(blankForm(), species(id)) : blankForm()
    expect(measureTarget(form).field).toBe(field)
  })
})
