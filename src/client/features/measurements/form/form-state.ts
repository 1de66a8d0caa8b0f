import type { SheetState } from '#client/features/species/index.ts'
import { type CalculatorForm, EMPTY_FORM, metricForm, SIDES } from '#client/features/species/index.ts'
import { formatUncertainty, fromCanonical } from '#client/lib/units.ts'
import { inchesText } from '#shared/measurements/display.ts'
import type {
  LocationPrecision,
  Measurement,
  Method,
  PhotoMeasurement,
  Settings,
  UnitSystem,
  Visibility,
} from '#shared/schemas/measurements.ts'
import { type Chart, getChart, type Quantity, type System } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'

// The add/edit measurement form's values, as react-hook-form holds them (form-values.ts): text as typed, so nothing is
// lost while a value is being corrected, and a save that fails keeps everything. build-input.ts turns them into the
// API's input.

/** A photo of the form: picked now (a file, uploaded on save) or already on the server (edit). */
export type FormPhoto =
  | { id: string; kind: 'new'; file: Blob; name: string; type: string }
  | { id: string; kind: 'existing'; name: string; thumbUrl: string; displayUrl: string }

/** How the measurements of a species are taken: a record-book chart, a fish formula, or plain quick values. */
export type SpeciesKind = 'chart' | 'fish' | 'quick'

export function speciesKind(species: Species): SpeciesKind {
  if (species.scoringCategories.length > 0) return 'chart'
  if (species.fishFormulas && species.fishFormulas.length > 0) return 'fish'
  return 'quick'
}

/** The charts (or fish formulas) a species can be scored with, for the category select. */
export function categoryOptions(species: Species): { value: string; label: string }[] {
  if (species.scoringCategories.length > 0) {
    return species.scoringCategories.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))
  }
  return (species.fishFormulas ?? []).map((f) => ({ value: f.id, label: f.label }))
}

/**
 * The quick fields, keyed by their API path. For a fish whose formula can be worked out, length and girth go
 * in the score sheet instead (`lengthIn`, `girthIn`): see build-input.ts.
 */
export const QUICK_FIELDS = ['quick.lengthIn', 'quick.girthIn', 'quick.widthIn', 'quick.weightLbs'] as const
export type QuickField = (typeof QUICK_FIELDS)[number]
export type QuickText = Record<QuickField, string>
export const EMPTY_QUICK: QuickText = {
  'quick.lengthIn': '',
  'quick.girthIn': '',
  'quick.widthIn': '',
  'quick.weightLbs': '',
}

export const isWeightField = (field: QuickField) => field === 'quick.weightLbs'

/** The quick fields a species shows: fish length, girth (girth formulas) and a scale weight; others length etc. */
export function quickFieldsFor(species: Species, category: string): QuickField[] {
  const kind = speciesKind(species)
  if (kind === 'fish') {
    return category.startsWith('length-cubed-')
      ? ['quick.lengthIn', 'quick.weightLbs']
      : ['quick.lengthIn', 'quick.girthIn', 'quick.weightLbs']
  }
  if (kind === 'quick') return ['quick.lengthIn', 'quick.weightLbs', 'quick.widthIn']
  return []
}

export type MeasurementFormState = {
  photos: FormPhoto[]
  coverPhotoId: string | null
  speciesId: string
  /** The chart or fish formula chosen; '' for species with neither. */
  category: string
  /** The scoring system chosen where the chart offers several; undefined for the chart's own. */
  system?: System | undefined
  sheet: CalculatorForm
  quick: QuickText
  /** Values measured on a photo, by form field (`right.G2`, `quick.lengthIn`); typing in the field drops it. */
  photoMeasured: Record<string, PhotoMeasurement>
  /** Values filled from an accepted AI photo analysis, by form field; typing in the field drops it. */
  aiEstimated: Record<string, true>
  /** The accepted analysis and the photo it looked at: sent as aiAnalysisId while an estimate is still in the form. */
  ai: { analysisId: string; photoId: string } | null
  /** Date taken as the date input holds it (YYYY-MM-DD), and the time and offset kept from the photo or now. */
  date: string
  time: string
  offset: string | null
  method: Method
  /** The member picked a method: it no longer follows whether a value was measured on a photo. */
  methodChosen: boolean
  caption: string
  notes: string
  visibility: Visibility
  region: string
  lat: string
  lon: string
  precision: LocationPrecision
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A local date as the date input writes it. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export function localTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

export function emptyForm(settings: Settings, now: Date): MeasurementFormState {
  return {
    photos: [],
    coverPhotoId: null,
    speciesId: '',
    category: '',
    system: undefined,
    sheet: EMPTY_FORM,
    quick: EMPTY_QUICK,
    photoMeasured: {},
    aiEstimated: {},
    ai: null,
    date: localDate(now),
    time: localTime(now),
    offset: null,
    method: 'tape',
    methodChosen: false,
    caption: '',
    notes: '',
    visibility: settings.defaultVisibility,
    region: '',
    lat: '',
    lon: '',
    precision: settings.defaultLocationPrecision,
  }
}

/** Chooses a species: its first chart or formula, a fresh sheet; quick values typed so far are kept. */
export function withSpecies(form: MeasurementFormState, species: Species): MeasurementFormState {
  if (form.speciesId === species.id) return form
  const first = categoryOptions(species)[0]?.value ?? ''
  const keepQuick = new Set<string>(quickFieldsFor(species, first))
  const photoMeasured = Object.fromEntries(Object.entries(form.photoMeasured).filter(([field]) => keepQuick.has(field)))
  const aiEstimated = Object.fromEntries(Object.entries(form.aiEstimated).filter(([field]) => keepQuick.has(field)))
  return {
    ...form,
    speciesId: species.id,
    category: first,
    system: undefined,
    sheet: EMPTY_FORM,
    photoMeasured,
    aiEstimated,
  }
}

/** The method shown: what the member chose, else photo when any value was measured on or estimated from a photo. */
export function effectiveMethod(
  form: Pick<MeasurementFormState, 'method' | 'methodChosen' | 'photoMeasured' | 'aiEstimated'>,
): Method {
  if (form.methodChosen) return form.method
  return Object.keys(form.photoMeasured).length > 0 || Object.keys(form.aiEstimated).length > 0 ? 'photo' : 'tape'
}

const text = (value: unknown): string => (typeof value === 'number' || typeof value === 'string' ? String(value) : '')

/**
 * A stored quick value (inches or pounds) as the member types it: inches in eighths as every screen shows them
 * (`12 5/8`), a finer value in sixteenths or as typed so nothing is lost; metric to 0.01.
 */
export function quickText(value: number | undefined, units: UnitSystem, field: QuickField): string {
  if (value === undefined) return ''
  const dimension = isWeightField(field) ? 'weight' : 'length'
  if (units === 'metric') return String(Math.round(fromCanonical(value, units, dimension) * 100) / 100)
  if (dimension === 'weight') return String(value)
  if (Number.isInteger(value * 8)) return inchesText(value, 'eighths')
  return Number.isInteger(value * 16) ? inchesText(value, 'sixteenths') : String(value)
}

/** The score sheet as stored → the calculator's text (numbers or text, as they were sent). */
export function sheetToForm(measurements: Record<string, unknown>): CalculatorForm {
  const form: CalculatorForm = {
    single: {},
    singleLists: {},
    right: { rows: {}, lists: {} },
    left: { rows: {}, lists: {} },
  }
  for (const [key, value] of Object.entries(measurements)) {
    if ((SIDES as readonly string[]).includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      const side = form[key as 'right' | 'left']
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (Array.isArray(v)) side.lists[k] = v.map(text)
        else side.rows[k] = text(v)
      }
    } else if (Array.isArray(value)) {
      form.singleLists[key] = value.map(text)
    } else {
      form.single[key] = text(value)
    }
  }
  return form
}

/** A stored measurement → the form, for editing: everything prefilled, existing photos kept in order. */
export function formFromMeasurement(m: Measurement, settings: Settings): MeasurementFormState {
  const species = getSpecies(m.speciesId)
  const kind = species ? speciesKind(species) : 'quick'
  const taken = new Date(m.takenAt)
  const valid = !Number.isNaN(taken.getTime())
  const quick: QuickText = { ...EMPTY_QUICK }
  const stored = m.quick ?? {}
  quick['quick.lengthIn'] = quickText(stored.lengthIn, settings.units, 'quick.lengthIn')
  quick['quick.girthIn'] = quickText(stored.girthIn, settings.units, 'quick.girthIn')
  quick['quick.widthIn'] = quickText(stored.widthIn, settings.units, 'quick.widthIn')
  quick['quick.weightLbs'] = quickText(stored.weightLbs, settings.units, 'quick.weightLbs')
  let sheet = EMPTY_FORM
  if (m.sheet && kind === 'fish') {
    // A fish's sheet holds its length and girth; the dialog shows them as quick fields in the member's units.
    for (const [key, field] of [
      ['lengthIn', 'quick.lengthIn'],
      ['girthIn', 'quick.girthIn'],
    ] as const) {
      const value = Number(m.sheet.measurements[key])
      if (m.sheet.measurements[key] !== undefined && Number.isFinite(value)) {
        quick[field] = quickText(value, settings.units, field)
      }
    }
  } else if (m.sheet) {
    sheet = sheetToForm(m.sheet.measurements)
    const chart = safeChart(m.sheet.category, m.sheet.system)
    if (chart && settings.units === 'metric') sheet = metricForm(chart, sheet)
  }
  const photoMeasured: Record<string, PhotoMeasurement> = {}
  for (const pm of m.photoMeasurements) {
    // API paths → form fields: a fish's sheet length is its quick field here; `abnormal[0]` is `abnormal.0`.
    const field =
      kind === 'fish' && (pm.field === 'lengthIn' || pm.field === 'girthIn')
        ? `quick.${pm.field}`
        : pm.field.replace(/\[(\d+)\]$/, '.$1')
    photoMeasured[field] = { ...pm, field }
  }
  return {
    photos: m.photos.map((p, i) => ({
      id: p.id,
      kind: 'existing',
      name: `Photo ${i + 1}`,
      thumbUrl: p.thumbUrl,
      displayUrl: p.displayUrl,
    })),
    coverPhotoId: m.coverPhotoId ?? m.photos[0]?.id ?? null,
    speciesId: m.speciesId,
    category: m.sheet?.category ?? (species ? (categoryOptions(species)[0]?.value ?? '') : ''),
    system: m.sheet?.system,
    sheet,
    quick,
    photoMeasured,
    aiEstimated: {},
    ai: null,
    date: valid ? localDate(taken) : '',
    time: valid ? localTime(taken) : '12:00:00',
    offset: null,
    method: m.method,
    methodChosen: true,
    caption: m.caption ?? '',
    notes: m.notes ?? '',
    visibility: m.visibility,
    region: m.location.region ?? '',
    lat: m.location.lat === null ? '' : String(m.location.lat),
    lon: m.location.lon === null ? '' : String(m.location.lon),
    precision: m.location.precision,
  }
}

function safeChart(category: string, system?: System) {
  try {
    return getChart(category, system)
  } catch {
    return undefined
  }
}

/** The text of one calculator entry by its field id, and the quantity its row holds; undefined if none. */
export function entryAt(
  chart: Chart,
  form: CalculatorForm,
  id: string,
): { text: string; quantity: Quantity } | undefined {
  const [first = '', second, third] = id.split('.')
  if ((first === 'right' || first === 'left') && second !== undefined) {
    if (third !== undefined) return { text: form[first].lists[second]?.[Number(third)] ?? '', quantity: 'length' }
    const row = chart.sideRows.find((r) => r.key === second)
    return row ? { text: form[first].rows[second] ?? '', quantity: row.quantity } : undefined
  }
  if (second !== undefined) return { text: form.singleLists[first]?.[Number(second)] ?? '', quantity: 'length' }
  const row = [...chart.spreadRows, ...chart.singleRows].find((r) => r.key === first)
  return row ? { text: form.single[first] ?? '', quantity: row.quantity } : undefined
}

/** The chart a form is scored with (undefined for quick-only species). */
export function formChart(form: Pick<MeasurementFormState, 'category' | 'system'>) {
  if (!form.category) return undefined
  try {
    const chart = getChart(form.category)
    const system = form.system && chart.systems.includes(form.system) ? form.system : chart.system
    return getChart(form.category, system)
  } catch {
    return undefined
  }
}

/** The entries whose text differs between two states of the calculator (`insideSpread`, `right.G2`, `right.abnormal.1`). */
export function changedSheetFields(before: CalculatorForm, after: CalculatorForm): string[] {
  const changed = new Set<string>()
  const compareTexts = (prefix: string, a: Record<string, string>, b: Record<string, string>) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if ((a[key] ?? '') !== (b[key] ?? '')) changed.add(prefix ? `${prefix}.${key}` : key)
    }
  }
  const compareLists = (prefix: string, a: Record<string, string[]>, b: Record<string, string[]>) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = a[key] ?? []
      const y = b[key] ?? []
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        if (x[i] !== y[i]) changed.add(`${prefix ? `${prefix}.` : ''}${key}.${i}`)
      }
    }
  }
  compareTexts('', before.single, after.single)
  compareLists('', before.singleLists, after.singleLists)
  for (const side of SIDES) {
    compareTexts(side, before[side].rows, after[side].rows)
    compareLists(side, before[side].lists, after[side].lists)
  }
  return [...changed]
}

/** Writes one entry of the calculator by its field id (`insideSpread`, `right.G2`, `right.abnormal.0`, `beardsIn.1`). */
export function setSheetField(form: CalculatorForm, id: string, value: string): CalculatorForm {
  const [first = '', second, third] = id.split('.')
  const setAt = (list: string[] | undefined, index: number) => {
    const next = [...(list ?? [])]
    while (next.length <= index) next.push('')
    next[index] = value
    return next
  }
  if ((first === 'right' || first === 'left') && second !== undefined) {
    const side = form[first]
    if (third !== undefined) {
      return {
        ...form,
        [first]: { ...side, lists: { ...side.lists, [second]: setAt(side.lists[second], Number(third)) } },
      }
    }
    return { ...form, [first]: { ...side, rows: { ...side.rows, [second]: value } } }
  }
  if (second !== undefined) {
    return { ...form, singleLists: { ...form.singleLists, [first]: setAt(form.singleLists[first], Number(second)) } }
  }
  return { ...form, single: { ...form.single, [first]: value } }
}

// ---- changes the member makes ---------------------------------------------------------------------------------
// Pure transitions of the form: the dialog writes what they return into react-hook-form (form-edit.ts).

/** The marks without the fields named (typed over, measured on the photo); the same object when none is there. */
export function withoutFields<T>(marks: Record<string, T>, fields: readonly string[]): Record<string, T> {
  if (!fields.some((field) => field in marks)) return marks
  const next = { ...marks }
  for (const field of fields) delete next[field]
  return next
}

/** A quick value typed by the member: a value measured on a photo or estimated by the AI there no longer is. */
export function withQuickText(form: MeasurementFormState, field: QuickField, value: string): MeasurementFormState {
  return {
    ...form,
    quick: { ...form.quick, [field]: value },
    photoMeasured: withoutFields(form.photoMeasured, [field]),
    aiEstimated: withoutFields(form.aiEstimated, [field]),
  }
}

/** The calculator's next state: the entries it changed lose their marks. Answers them too, for their messages. */
export function withSheetState(
  form: MeasurementFormState,
  next: SheetState,
): { form: MeasurementFormState; changed: string[] } {
  const changed = changedSheetFields(form.sheet, next.form)
  return {
    form: {
      ...form,
      category: next.category,
      system: next.system,
      sheet: next.form,
      photoMeasured: withoutFields(form.photoMeasured, changed),
      aiEstimated: withoutFields(form.aiEstimated, changed),
    },
    changed,
  }
}

/** Photos added after those there; the first photo ever added becomes the cover. */
export function withPhotos(form: MeasurementFormState, added: readonly FormPhoto[]): MeasurementFormState {
  return { ...form, photos: [...form.photos, ...added], coverPhotoId: form.coverPhotoId ?? added[0]?.id ?? null }
}

/** A photo removed; when it was the cover, the first photo left is. */
export function withoutPhoto(form: MeasurementFormState, id: string): MeasurementFormState {
  const photos = form.photos.filter((p) => p.id !== id)
  return { ...form, photos, coverPhotoId: form.coverPhotoId === id ? (photos[0]?.id ?? null) : form.coverPhotoId }
}

/** The photo shown as the cover: the one chosen, else the first. */
export function coverPhoto(photos: readonly FormPhoto[], coverPhotoId: string | null): FormPhoto | undefined {
  return photos.find((p) => p.id === coverPhotoId) ?? photos[0]
}

/** The line under a field: how sure a value measured on a photo is, or that the AI estimated it. */
export function fieldNote(
  form: Pick<MeasurementFormState, 'photoMeasured' | 'aiEstimated'>,
  field: string,
  units: UnitSystem,
): string | undefined {
  const pm = form.photoMeasured[field]
  if (pm) return `${formatUncertainty(pm.uncertaintyIn, units)} · photo-measured`
  return form.aiEstimated[field] ? 'AI estimate from the photo · check it' : undefined
}
