import {
  type CalculatorForm,
  errorField,
  fieldErrors,
  fieldId,
  hasEntries,
  metricEntryError,
  SIDES,
  sheetFromForm,
  storedForm,
} from '#client/features/species/index.ts'
import { formatInUnits, readDecimal, toCanonical, unitLabel } from '#client/lib/units.ts'
import {
  type CreateMeasurement,
  MEASUREMENT_LIMITS,
  type PhotoMeasurement,
  type UnitSystem,
  type UpdateMeasurement,
  UpdateMeasurementSchema,
} from '#shared/schemas/measurements.ts'
import {
  type Chart,
  type ScoreAttempt,
  type ScoreSheet,
  tryParseMeasurement,
  tryScoreSheet,
} from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import {
  formChart,
  isWeightField,
  type MeasurementFormState,
  type QuickField,
  quickFieldsFor,
  type SpeciesKind,
  speciesKind,
} from './form-state.ts'

// The form → the API's input (CreateMeasurement without its id, or UpdateMeasurement), checked the way the server
// checks it: the shared zod schema and the scoring engine, plus what only a form can say (a date in the future, a
// latitude without a longitude). Every message is keyed by the form field it belongs to, so the dialog shows it
// next to that field. Server answers (ApiError.issues) are mapped back onto the same keys.

export type FormErrors = Record<string, string>

export type BuildContext = { units: UnitSystem; now: Date }

export type BuildResult = { ok: true; input: UpdateMeasurement } | { ok: false; errors: FormErrors }

const QUICK_NAMES: Record<QuickField, string> = {
  'quick.lengthIn': 'Length',
  'quick.girthIn': 'Girth',
  'quick.widthIn': 'Width',
  'quick.weightLbs': 'Weight',
}

const QUICK_LIMITS: Record<QuickField, number> = {
  'quick.lengthIn': MEASUREMENT_LIMITS.lengthIn,
  'quick.girthIn': MEASUREMENT_LIMITS.girthIn,
  'quick.widthIn': MEASUREMENT_LIMITS.widthIn,
  'quick.weightLbs': MEASUREMENT_LIMITS.weightLbs,
}

const UNIT_WORDS: Record<string, string> = { in: 'inches', cm: 'centimetres', lb: 'pounds', kg: 'kilograms' }

export function quickName(field: QuickField): string {
  return QUICK_NAMES[field]
}

export type QuickRead = { ok: true; value: number | undefined } | { ok: false; message: string }

/**
 * One quick field: blank → undefined; otherwise a positive, plausible value in inches or pounds. Imperial reads
 * what a tape or scale says (`17 3/16`, `17.2`, `5 lb 8 oz`); metric reads decimals (`43.5`, `43,5`).
 */
export function readQuick(text: string, field: QuickField, units: UnitSystem): QuickRead {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, value: undefined }
  const name = QUICK_NAMES[field]
  const dimension = isWeightField(field) ? 'weight' : 'length'
  const unit = UNIT_WORDS[unitLabel(units, dimension)] ?? unitLabel(units, dimension)
  if (/^-\s*\d/.test(trimmed)) return { ok: false, message: `${name} cannot be negative` }
  let canonical: number
  if (units === 'metric') {
    const read = readDecimal(trimmed)
    if (!read.ok) return { ok: false, message: `${name} must be a number of ${unit}, e.g. 43.5` }
    canonical = toCanonical(read.value, units, dimension)
  } else {
    const read = tryParseMeasurement(trimmed, 'sixteenths', dimension)
    if (!read.ok) {
      const example = dimension === 'weight' ? '5.5 or 5 lb 8 oz' : '17 3/16 or 17.2'
      return { ok: false, message: `${name} must be a number of ${unit}, e.g. ${example}` }
    }
    canonical = read.units / 16
  }
  if (canonical <= 0) return { ok: false, message: `${name} must be more than 0` }
  const limit = QUICK_LIMITS[field]
  if (canonical > limit) {
    return { ok: false, message: `${name} must be at most ${formatInUnits(limit, units, dimension, 1)}` }
  }
  return { ok: true, value: canonical }
}

/** Every quick field the species shows, read; errors by field. */
export function readQuickFields(
  form: Pick<MeasurementFormState, 'category' | 'quick'>,
  species: Species,
  units: UnitSystem,
) {
  const values: Partial<Record<QuickField, number>> = {}
  const errors: FormErrors = {}
  for (const field of quickFieldsFor(species, form.category)) {
    const read = readQuick(form.quick[field], field, units)
    if (!read.ok) errors[field] = read.message
    else if (read.value !== undefined) values[field] = read.value
  }
  return { values, errors }
}

/** A fish's score sheet when its formula can be worked out: the length, and the girth for girth formulas. */
export function fishSheet(category: string, values: Partial<Record<QuickField, number>>): ScoreSheet | undefined {
  const length = values['quick.lengthIn']
  const girth = values['quick.girthIn']
  if (length === undefined) return undefined
  if (category.startsWith('length-cubed-')) return { system: 'fish', category, measurements: { lengthIn: length } }
  if (girth === undefined) return undefined
  return { system: 'fish', category, measurements: { lengthIn: length, girthIn: girth } }
}

/** The live estimate of a fish's weight from what is typed (undefined until length and girth are there). */
export function fishEstimate(
  form: Pick<MeasurementFormState, 'category' | 'quick'>,
  species: Species,
  units: UnitSystem,
): ScoreAttempt | undefined {
  const { values } = readQuickFields(form, species, units)
  const sheet = fishSheet(form.category, values)
  if (!sheet) return undefined
  return tryScoreSheet(sheet, species.trophyWeightLbs === undefined ? {} : { trophyWeightLbs: species.trophyWeightLbs })
}

/** A chart entry far beyond any animal (the engine reads up to 1000 in): refused like an absurd quick value. */
function absurdEntries(chart: Chart, sheet: CalculatorForm, units: UnitSystem): FormErrors {
  const errors: FormErrors = {}
  const limit = MEASUREMENT_LIMITS.lengthIn
  const check = (id: string, text: string | undefined, quantity: string) => {
    if (quantity !== 'length' || !text?.trim()) return
    const read = tryParseMeasurement(text, chart.unit, 'length')
    if (read.ok && read.units / (chart.unit === 'eighths' ? 8 : 16) > limit) {
      errors[id] =
        `Must be at most ${units === 'metric' ? formatInUnits(limit, units, 'length', 1) : `${limit} inches`}`
    }
  }
  for (const row of [...chart.spreadRows, ...chart.singleRows]) check(row.key, sheet.single[row.key], row.quantity)
  for (const list of chart.singleLists) {
    for (const [i, t] of (sheet.singleLists[list.key] ?? []).entries()) check(fieldId(list.key, i), t, 'length')
  }
  for (const side of SIDES) {
    for (const row of chart.sideRows) check(fieldId(side, row.key), sheet[side].rows[row.key], row.quantity)
    for (const list of chart.sideLists) {
      for (const [i, t] of (sheet[side].lists[list.key] ?? []).entries()) {
        check(fieldId(side, list.key, i), t, 'length')
      }
    }
  }
  return errors
}

/** The engine's message without the field path it starts with (`measurements.girthIn: required` → `required`). */
function engineDetail(error: { message: string; field: string }): string {
  const detail =
    error.field && error.message.startsWith(`${error.field}: `)
      ? error.message.slice(error.field.length + 2)
      : error.message
  return detail.charAt(0).toUpperCase() + detail.slice(1)
}

/** The offset of the browser's time zone at that local date and time, e.g. `+02:00`, `-05:00`. */
export function localOffset(date: string, time: string): string {
  const local = new Date(`${date}T${time}`)
  const minutes = Number.isNaN(local.getTime()) ? 0 : -local.getTimezoneOffset()
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The date taken: required, a real date, not after today, not before 1900. */
export function checkDate(date: string, now: Date): string | undefined {
  if (!date.trim()) return 'Enter the date taken'
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const parsed = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined
  if (!match || !parsed || parsed.getDate() !== Number(match[3]) || parsed.getMonth() !== Number(match[2]) - 1) {
    return 'Enter a valid date'
  }
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  if (parsed.getTime() > today.getTime()) return 'Date taken cannot be in the future'
  if (parsed.getFullYear() < 1900) return 'Date taken must be in 1900 or later'
  return undefined
}

function readCoordinate(text: string, name: 'Latitude' | 'Longitude', limit: number): QuickRead {
  if (!text.trim()) return { ok: true, value: undefined }
  const read = readDecimal(text)
  if (!read.ok)
    return { ok: false, message: `${name} must be a number, e.g. ${name === 'Latitude' ? '44.52' : '-109.05'}` }
  if (Math.abs(read.value) > limit) return { ok: false, message: `${name} must be between -${limit} and ${limit}` }
  return { ok: true, value: read.value }
}

/**
 * The API path of a form field: a fish's length and girth are sheet fields when the sheet is sent; a list entry
 * is written with its index in brackets (`right.abnormal.0` → `right.abnormal[0]`).
 */
export function apiField(field: string, fishSheetSent: boolean): string {
  if (fishSheetSent && (field === 'quick.lengthIn' || field === 'quick.girthIn')) return field.slice('quick.'.length)
  return field.replace(/\.(\d+)$/, '[$1]')
}

/** The form field of an API path (`right.abnormal[0]` → `right.abnormal.0`; a fish's `lengthIn` → quick). */
export function formField(path: string, kind: SpeciesKind): string {
  if (kind === 'fish' && (path === 'lengthIn' || path === 'girthIn')) return `quick.${path}`
  return path.replace(/\[(\d+)\]$/, '.$1')
}

/** Whether a field still holds a value in the form, so a photo measurement of a cleared field is not sent. */
function fieldHasValue(form: MeasurementFormState, field: string, quickFields: readonly string[]): boolean {
  if (field.startsWith('quick.')) return quickFields.includes(field) && form.quick[field as QuickField].trim() !== ''
  const parts = field.split('.')
  const [first, second, third] = parts
  if (first === 'right' || first === 'left') {
    const side = form.sheet[first]
    if (third !== undefined && second) return (side.lists[second]?.[Number(third)] ?? '').trim() !== ''
    return (side.rows[second ?? ''] ?? '').trim() !== ''
  }
  if (second !== undefined && first) return (form.sheet.singleLists[first]?.[Number(second)] ?? '').trim() !== ''
  return (form.sheet.single[field] ?? '').trim() !== ''
}

/** Validates the form and builds the input of PATCH /api/measurements/:id (POST adds the id). */
export function buildMeasurementInput(form: MeasurementFormState, ctx: BuildContext): BuildResult {
  const errors: FormErrors = {}
  const species = form.speciesId ? getSpecies(form.speciesId) : undefined
  if (!species) errors.species = 'Choose a species'

  let sheet: ScoreSheet | undefined
  let quick: UpdateMeasurement['quick']
  let fishSheetSent = false
  const kind: SpeciesKind = species ? speciesKind(species) : 'quick'
  const quickFields: QuickField[] = species ? quickFieldsFor(species, form.category) : []

  if (species && kind === 'chart') {
    const chart = formChart(form)
    if (!chart) {
      errors.category = 'Choose a scoring category'
    } else if (!hasEntries(form.sheet)) {
      errors.sheet = 'Enter the measurements from the score sheet'
    } else {
      const metric = ctx.units === 'metric'
      const stored = storedForm(chart, form.sheet, ctx.units)
      const unreadable = {
        ...fieldErrors(chart, form.sheet, metric ? metricEntryError : undefined),
        ...absurdEntries(chart, stored, ctx.units),
      }
      Object.assign(errors, unreadable)
      if (Object.keys(unreadable).length === 0) {
        sheet = sheetFromForm(chart, chart.system, stored)
        const attempt = tryScoreSheet(sheet)
        if (!attempt.ok) errors[errorField(attempt.error.path) || 'sheet'] = engineDetail(attempt.error)
      }
    }
  } else if (species) {
    const read = readQuickFields(form, species, ctx.units)
    Object.assign(errors, read.errors)
    const values = read.values
    if (Object.keys(read.errors).length === 0 && Object.keys(values).length === 0) {
      errors.quick = kind === 'fish' ? 'Enter the length, or the weight on a scale' : 'Enter at least one measurement'
    }
    if (kind === 'fish') {
      sheet = fishSheet(form.category, values)
      if (sheet) {
        fishSheetSent = true
        const attempt = tryScoreSheet(sheet)
        if (!attempt.ok) errors[`quick.${errorField(attempt.error.path)}`] = engineDetail(attempt.error)
      }
    }
    const q: NonNullable<UpdateMeasurement['quick']> = {}
    if (!fishSheetSent && values['quick.lengthIn'] !== undefined) q.lengthIn = values['quick.lengthIn']
    if (!fishSheetSent && values['quick.girthIn'] !== undefined) q.girthIn = values['quick.girthIn']
    if (values['quick.widthIn'] !== undefined) q.widthIn = values['quick.widthIn']
    if (values['quick.weightLbs'] !== undefined) q.weightLbs = values['quick.weightLbs']
    quick = Object.keys(q).length > 0 ? q : undefined
  }

  const dateError = checkDate(form.date, ctx.now)
  if (dateError) errors.date = dateError

  const lat = readCoordinate(form.lat, 'Latitude', 90)
  const lon = readCoordinate(form.lon, 'Longitude', 180)
  if (!lat.ok) errors.lat = lat.message
  if (!lon.ok) errors.lon = lon.message
  if (lat.ok && lon.ok && (lat.value === undefined) !== (lon.value === undefined)) {
    errors[lat.value === undefined ? 'lat' : 'lon'] = 'Enter both latitude and longitude, or neither'
  }

  if (form.photos.length > MEASUREMENT_LIMITS.photosPerMeasurement) {
    errors.photos = `At most ${MEASUREMENT_LIMITS.photosPerMeasurement} photos`
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }

  const photoIds = form.photos.map((p) => p.id)
  const photoMeasurements: PhotoMeasurement[] = Object.entries(form.photoMeasured)
    .filter(([field]) => fieldHasValue(form, field, quickFields))
    .map(([field, pm]) => {
      const { photoId, ...rest } = pm
      return {
        ...rest,
        field: apiField(field, fishSheetSent),
        ...(photoId && photoIds.includes(photoId) ? { photoId } : {}),
      }
    })
  // An accepted AI analysis counts while one of its values is still in the form as filled, and its photo is kept.
  const aiAnalysisId =
    form.ai !== null &&
    photoIds.includes(form.ai.photoId) &&
    Object.keys(form.aiEstimated).some((field) => fieldHasValue(form, field, quickFields))
      ? form.ai.analysisId
      : undefined
  const takenAt = `${form.date}T${form.time}${form.offset ?? localOffset(form.date, form.time)}`
  const region = form.region.trim()
  const input: UpdateMeasurement = {
    speciesId: form.speciesId,
    ...(sheet ? { sheet } : {}),
    ...(quick ? { quick } : {}),
    method: form.methodChosen ? form.method : photoMeasurements.length > 0 || aiAnalysisId ? 'photo' : 'tape',
    ...(photoMeasurements.length > 0 ? { photoMeasurements } : {}),
    ...(aiAnalysisId ? { aiAnalysisId } : {}),
    takenAt,
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    ...(form.caption.trim() ? { caption: form.caption.trim() } : {}),
    visibility: form.visibility,
    location: {
      ...(region ? { region } : {}),
      ...(lat.ok && lat.value !== undefined ? { lat: lat.value } : {}),
      ...(lon.ok && lon.value !== undefined ? { lon: lon.value } : {}),
      precision: form.precision,
    },
    photoIds,
    ...(photoIds.length > 0
      ? { coverPhotoId: form.coverPhotoId && photoIds.includes(form.coverPhotoId) ? form.coverPhotoId : photoIds[0] }
      : {}),
  }
  const checked = UpdateMeasurementSchema.safeParse(input)
  if (!checked.success) {
    return {
      ok: false,
      errors: issuesToErrors(
        checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        kind,
      ),
    }
  }
  return { ok: true, input }
}

/** The create input: the update input and the client-made id that makes a repeated sync the same measurement. */
export function toCreateInput(id: string, input: UpdateMeasurement): CreateMeasurement {
  return { id, ...input }
}

/** The form field an API issue path names (`sheet.measurements.right.G2` → `right.G2`, `takenAt` → `date`). */
export function fieldForIssue(path: string, kind: SpeciesKind): string {
  const sheetField = /^(?:sheet\.)?measurements\.(.+)$/.exec(path)?.[1]
  if (sheetField) return formField(sheetField, kind)
  if (path === 'sheet' || path.startsWith('sheet.')) return 'category'
  if (path.startsWith('quick.')) return path
  if (path === 'takenAt') return 'date'
  if (path === 'speciesId') return 'species'
  if (path.startsWith('location.')) {
    const part = path.slice('location.'.length)
    return part === 'region' || part === 'lat' || part === 'lon' || part === 'precision' ? part : 'region'
  }
  if (path.startsWith('photoIds') || path === 'coverPhotoId') return 'photos'
  if (['caption', 'notes', 'visibility', 'method'].includes(path)) return path
  return 'form'
}

/** API issues → form errors, the first message of each field kept. */
export function issuesToErrors(issues: readonly { path: string; message: string }[], kind: SpeciesKind): FormErrors {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const field = fieldForIssue(issue.path, kind)
    errors[field] ??= issue.message
  }
  return errors
}

/** The kind of the species a form has chosen ('quick' before one is chosen). */
export function formKind(form: MeasurementFormState): SpeciesKind {
  const species = form.speciesId ? getSpecies(form.speciesId) : undefined
  return species ? speciesKind(species) : 'quick'
}
