import type { MeasuringTarget } from '#client/features/measuring/index.ts'
import type { EstimateKey, SuggestionKey } from '#client/features/photo-analysis/index.ts'
import { inchesToCm, poundsToKg } from '#client/lib/units.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { type Chart, formatInches, UNITS_PER_INCH } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import {
  formChart,
  type MeasurementFormState,
  type QuickField,
  quickFieldsFor,
  quickText,
  setSheetField,
  speciesKind,
  withSpecies,
} from './form-state.ts'

// An accepted AI photo analysis → the add/edit form: which suggestions the form can take, and filling
// them. Each value filled is marked as an AI estimate (form.aiEstimated) until the member types over it; the
// analysis is sent as aiAnalysisId while one of its values is still in the form (build-input.ts).

const QUICK_OF: Partial<Record<EstimateKey, QuickField>> = {
  lengthIn: 'quick.lengthIn',
  girthIn: 'quick.girthIn',
  widthIn: 'quick.widthIn',
  weightLbs: 'quick.weightLbs',
}

/** The row an estimated spread fills: the inside spread, or the greatest spread where there is none (moose). */
function spreadRow(chart: Chart | undefined) {
  return (
    chart?.spreadRows.find((r) => r.key === 'insideSpread') ?? chart?.spreadRows.find((r) => r.key === 'greatestSpread')
  )
}

/** The analysis's species when it is one of the catalogue's, else undefined (an 'Unknown' is never forced). */
function suggestedSpecies(analysis: PhotoAnalysis): Species | undefined {
  return analysis.species.id === null ? undefined : getSpecies(analysis.species.id)
}

/** The form as it would be with the suggested species taken (or as it is). */
function formWith(form: MeasurementFormState, analysis: PhotoAnalysis, takeSpecies: boolean): MeasurementFormState {
  const species = takeSpecies ? suggestedSpecies(analysis) : undefined
  return species ? withSpecies(form, species) : form
}

/**
 * The form field each estimate fills for the form's species: a fish's length and girth (its weight comes from the
 * formula: the weight field is for a scale), a quick species' length, width and weight; a record-book chart's inside
 * spread (the greatest spread where the chart has no inside spread). Points, a chart's lengths and a fish's weight
 * have no field to fill: they are shown, not filled.
 */
export function estimateFields(form: MeasurementFormState): Partial<Record<EstimateKey, string>> {
  const species = form.speciesId ? getSpecies(form.speciesId) : undefined
  if (!species) return {}
  if (speciesKind(species) === 'chart') {
    const spread = spreadRow(formChart(form))
    return spread ? { spreadIn: spread.key } : {}
  }
  const shown = new Set<string>(quickFieldsFor(species, form.category))
  // A fish's weight field is a scale weight, which outranks the formula: an estimate from a photo is never one.
  if (speciesKind(species) === 'fish') shown.delete('quick.weightLbs')
  const fields: Partial<Record<EstimateKey, string>> = {}
  for (const [key, field] of Object.entries(QUICK_OF) as [EstimateKey, QuickField][]) {
    if (shown.has(field)) fields[key] = field
  }
  return fields
}

/** The suggestions the form can take: the species if it is the catalogue's, and each estimate that has a field. */
export function fillableSuggestions(
  form: MeasurementFormState,
  analysis: PhotoAnalysis,
  takeSpecies: boolean,
): Set<SuggestionKey> {
  const keys = new Set<SuggestionKey>()
  if (suggestedSpecies(analysis)) keys.add('species')
  const fields = estimateFields(formWith(form, analysis, takeSpecies))
  for (const key of Object.keys(fields) as EstimateKey[]) {
    if (typeof analysis.estimates[key] === 'number') keys.add(key)
  }
  return keys
}

/** An estimate as the member would type it: 1/8 in or 0.1 cm for lengths, 0.01 lb or kg for weights. */
function quickEstimateText(value: number, field: QuickField, units: UnitSystem): string {
  const weight = field === 'quick.weightLbs'
  if (units === 'metric') {
    return weight ? String(Math.round(poundsToKg(value) * 100) / 100) : String(Math.round(inchesToCm(value) * 10) / 10)
  }
  return quickText(weight ? Math.round(value * 100) / 100 : Math.round(value * 8) / 8, units, field)
}

/**
 * The form with the accepted suggestions filled in: the species first (its first chart or formula), then each
 * accepted estimate that has a field, marked as an AI estimate (a photo-measured mark on that field goes).
 * Returns the fields filled, for the member to read what changed.
 */
export function applySuggestions(
  form: MeasurementFormState,
  analysis: PhotoAnalysis,
  accepted: readonly SuggestionKey[],
  units: UnitSystem,
): { form: MeasurementFormState; filled: string[] } {
  let next = formWith(form, analysis, accepted.includes('species'))
  const fields = estimateFields(next)
  const filled: string[] = []
  for (const key of accepted) {
    if (key === 'species') continue
    const field = fields[key]
    const value = analysis.estimates[key]
    if (!field || typeof value !== 'number') continue
    const photoMeasured = { ...next.photoMeasured }
    delete photoMeasured[field]
    if (field.startsWith('quick.')) {
      const quickField = field as QuickField
      next = { ...next, quick: { ...next.quick, [quickField]: quickEstimateText(value, quickField, units) } }
    } else {
      const chart = formChart(next)
      const per = UNITS_PER_INCH[chart?.unit ?? 'eighths']
      const text =
        units === 'metric'
          ? String(Math.round(inchesToCm(value) * 10) / 10)
          : formatInches(Math.round(value * per) / per, chart?.unit ?? 'eighths')
      next = { ...next, sheet: setSheetField(next.sheet, field, text) }
    }
    next = { ...next, photoMeasured, aiEstimated: { ...next.aiEstimated, [field]: true } }
    filled.push(field)
  }
  if (filled.length > 0) next = { ...next, ai: { analysisId: analysis.id, photoId: analysis.photoId } }
  return { form: next, filled }
}

/**
 * Where the measuring tool starts when analysis is not set up: the form's length (a fish or a quick species, or no
 * species yet), or a chart's spread.
 */
export function measureTarget(form: MeasurementFormState): MeasuringTarget {
  const species = form.speciesId ? getSpecies(form.speciesId) : undefined
  if (species && speciesKind(species) === 'chart') {
    const chart = formChart(form)
    const spread = spreadRow(chart) ?? chart?.spreadRows.find((r) => r.quantity === 'length')
    if (spread) return { field: spread.key, label: spread.label, suggestCurve: false }
    const single = chart?.singleRows.find((r) => r.quantity === 'length')
    if (single) return { field: single.key, label: single.label, suggestCurve: false }
    const side = chart?.sideRows.find((r) => r.quantity === 'length')
    if (side) return { field: `right.${side.key}`, label: `Right ${side.label}`, suggestCurve: true }
  }
  return { field: 'quick.lengthIn', label: 'Length', suggestCurve: true }
}
