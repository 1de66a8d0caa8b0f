import type { System } from './chart.ts'

// Calculator form text → a score sheet (docs/scoring-rules.md §9): blank fields are left out (a missing tine counts
// 0), text is kept for scoreSheet to read. An error's `path` less `measurements` is the form field.

export type MeasurementValue = number | string
export type MeasurementList = readonly (MeasurementValue | null)[]
export type SideMeasurements = Record<string, MeasurementValue | MeasurementList | null | undefined>

/** A score sheet as scoreSheet reads it. Values are inches (pounds for weight) as numbers or text. */
export type ScoreSheet = {
  system: System
  category: string
  measurements: Record<string, MeasurementValue | MeasurementList | SideMeasurements | null | undefined>
  /** Fish only: the species' trophy weight in pounds, for the trophy class. */
  trophyWeightLbs?: MeasurementValue
}

export type FormSide = Record<string, string | readonly string[] | undefined>
export type SheetForm = {
  system: System
  category: string
  /** Keyed like the chart: spread and single rows → text, lists → texts, `right`/`left` → their rows and lists. */
  values: Record<string, string | readonly string[] | FormSide | undefined>
  trophyWeightLbs?: string
}

export function buildSheet(form: SheetForm): ScoreSheet {
  const measurements: ScoreSheet['measurements'] = {}
  for (const [key, value] of Object.entries(form.values)) {
    const kept = keep(value)
    if (kept !== undefined) measurements[key] = kept
  }
  const trophy = form.trophyWeightLbs?.trim()
  return { system: form.system, category: form.category, measurements, ...(trophy ? { trophyWeightLbs: trophy } : {}) }
}

function keep(value: string | readonly string[] | FormSide | undefined): ScoreSheet['measurements'][string] {
  if (value === undefined) return undefined
  if (typeof value === 'string') return value.trim() || undefined
  if (isList(value)) {
    const items = value.map((item) => item.trim()).filter((item) => item !== '')
    return items.length > 0 ? items : undefined
  }
  const side: SideMeasurements = {}
  for (const [key, item] of Object.entries(value)) {
    const kept = keep(item)
    if (kept !== undefined) side[key] = kept as MeasurementValue | MeasurementList
  }
  return Object.keys(side).length > 0 ? side : undefined
}

function isList(value: readonly string[] | FormSide): value is readonly string[] {
  return Array.isArray(value)
}
