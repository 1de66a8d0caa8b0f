import {
  buildSheet,
  type Chart,
  type ChartList,
  type ChartRow,
  formatInches,
  formatLengthList,
  type Quantity,
  type ScoreAttempt,
  type ScoreResult,
  type ScoreSheet,
  type System,
  tryParseMeasurement,
  tryScoreSheet,
} from '#shared/scoring/index.ts'

// The calculator's form state and how it becomes a score sheet. The engine does every sum: this file only
// keeps the typed text, asks the engine whether each entry can be read, and writes the figures of the engine's
// breakdown the way its lines write them (formatInches, formatLengthList).

export type Side = 'right' | 'left'
export const SIDES: readonly Side[] = ['right', 'left']
export const SIDE_NAMES: Record<Side, string> = { right: 'Right', left: 'Left' }

export type SideForm = { rows: Record<string, string>; lists: Record<string, string[]> }
/** Text as typed. Keys are the chart's, so entries survive a switch between charts that share them. */
export type CalculatorForm = {
  single: Record<string, string>
  singleLists: Record<string, string[]>
  right: SideForm
  left: SideForm
}

export const EMPTY_FORM: CalculatorForm = {
  single: {},
  singleLists: {},
  right: { rows: {}, lists: {} },
  left: { rows: {}, lists: {} },
}

/** Form field ids, used for input ids and to tie errors to inputs: `insideSpread`, `right.G2`, `right.abnormal.1`. */
export const fieldId = (...parts: (string | number)[]) => parts.join('.')

/** The rows a page shows: the sheet accepts a few the paper chart does not print (docs/scoring-rules.md §9). */
export const visibleRows = (rows: readonly ChartRow[]) => rows.filter((row) => row.onPaperChart)

export type FieldErrors = Record<string, string>

const EXAMPLES: Record<Chart['unit'], string> = {
  eighths: '24 2/8, 24-2, 24.25 or 24¼',
  sixteenths: '1 3/16, 1-3, 1.1875 or 1¼',
}

/** Why an entry cannot be read (undefined when it can, or is blank); the default reads inches and pounds. */
export type EntryReader = (text: string, chart: Chart, quantity: Quantity) => string | undefined

function readError(text: string, chart: Chart, quantity: Quantity): string | undefined {
  if (text.trim() === '') return undefined
  const parsed = tryParseMeasurement(text, chart.unit, quantity)
  if (parsed.ok) return undefined
  const hint =
    quantity === 'count'
      ? 'Type a whole number.'
      : quantity === 'weight'
        ? 'Type pounds, e.g. 22.5 or 22 lb 8 oz.'
        : `Type inches, e.g. ${EXAMPLES[chart.unit]}.`
  return `${parsed.message}. ${hint}`
}

/** Every entry the engine cannot read, by field id, with the engine's reason and an example. */
export function fieldErrors(chart: Chart, form: CalculatorForm, read: EntryReader = readError): FieldErrors {
  const errors: FieldErrors = {}
  const check = (id: string, text: string | undefined, quantity: Quantity) => {
    const error = read(text ?? '', chart, quantity)
    if (error) errors[id] = error
  }
  for (const row of [...chart.spreadRows, ...chart.singleRows]) check(row.key, form.single[row.key], row.quantity)
  for (const list of chart.singleLists) {
    for (const [i, text] of (form.singleLists[list.key] ?? []).entries()) check(fieldId(list.key, i), text, 'length')
  }
  for (const side of SIDES) {
    for (const row of chart.sideRows) check(fieldId(side, row.key), form[side].rows[row.key], row.quantity)
    for (const list of chart.sideLists) {
      for (const [i, text] of (form[side].lists[list.key] ?? []).entries()) {
        check(fieldId(side, list.key, i), text, 'length')
      }
    }
  }
  return errors
}

/** The form with each entry of this chart passed through `map`, with the quantity its row holds. */
export function mapEntries(
  chart: Chart,
  form: CalculatorForm,
  map: (text: string, quantity: Quantity) => string,
): CalculatorForm {
  const rows = (texts: Record<string, string>, chartRows: readonly ChartRow[]) => {
    const next = { ...texts }
    for (const row of chartRows) if (next[row.key] !== undefined) next[row.key] = map(next[row.key] ?? '', row.quantity)
    return next
  }
  const lists = (texts: Record<string, string[]>, chartLists: readonly ChartList[]) => {
    const next = { ...texts }
    for (const list of chartLists) {
      const items = next[list.key]
      if (items) next[list.key] = items.map((text) => map(text, 'length'))
    }
    return next
  }
  const side = (values: SideForm): SideForm => ({
    rows: rows(values.rows, chart.sideRows),
    lists: lists(values.lists, chart.sideLists),
  })
  return {
    single: rows(form.single, [...chart.spreadRows, ...chart.singleRows]),
    singleLists: lists(form.singleLists, chart.singleLists),
    right: side(form.right),
    left: side(form.left),
  }
}

export function hasEntries(form: CalculatorForm): boolean {
  const filled = (values: Record<string, string | string[]>) =>
    Object.values(values).some((v) => (Array.isArray(v) ? v.some((t) => t.trim() !== '') : v.trim() !== ''))
  return (
    filled(form.single) ||
    filled(form.singleLists) ||
    SIDES.some((side) => filled(form[side].rows) || filled(form[side].lists))
  )
}

/**
 * Scores the readable entries of the form that belong to this chart. Entries the engine cannot read are left
 * out (they carry their own message), so the totals stay live while one field is being corrected.
 */
export function scoreForm(
  chart: Chart,
  system: System,
  form: CalculatorForm,
  errors: FieldErrors,
  trophyWeightLbs?: number,
): ScoreAttempt {
  const sheet = sheetFromForm(chart, system, form, errors)
  return tryScoreSheet(sheet, trophyWeightLbs === undefined ? {} : { trophyWeightLbs })
}

/**
 * The score sheet of the entries that belong to this chart, as typed (blank ones left out). Entries named in
 * `errors` are left out too, so a live preview scores the rest; a form that saves passes no errors.
 */
export function sheetFromForm(
  chart: Chart,
  system: System,
  form: CalculatorForm,
  errors: FieldErrors = {},
): ScoreSheet {
  const keep = (id: string, text: string | undefined) => (text !== undefined && !errors[id] ? text : undefined)
  const keepList = (id: string, texts: string[] | undefined) =>
    texts?.filter((text, i) => !errors[fieldId(id, i)] && text.trim() !== '')
  const values: Record<string, string | string[] | Record<string, string | string[] | undefined> | undefined> = {}
  for (const row of [...chart.spreadRows, ...chart.singleRows]) values[row.key] = keep(row.key, form.single[row.key])
  for (const list of chart.singleLists) values[list.key] = keepList(list.key, form.singleLists[list.key])
  if (chart.sideRows.length > 0) {
    for (const side of SIDES) {
      const sideValues: Record<string, string | string[] | undefined> = {}
      for (const row of chart.sideRows) sideValues[row.key] = keep(fieldId(side, row.key), form[side].rows[row.key])
      for (const list of chart.sideLists) {
        sideValues[list.key] = keepList(fieldId(side, list.key), form[side].lists[list.key])
      }
      values[side] = sideValues
    }
  }
  return buildSheet({ system, category: chart.category, values })
}

/** The field an engine error names (`['measurements', 'right', 'G2']` → `right.G2`). */
export function errorField(path: readonly (string | number)[]): string {
  return fieldId(...(path[0] === 'measurements' ? path.slice(1) : path))
}

/** A chart row or list as the paper chart names it: `G-2 Length of point G-2`, `E Abnormal points`. */
export function chartLabel(item: Pick<ChartRow | ChartList, 'letter' | 'label'>): string {
  return item.letter ? `${item.letter} ${item.label}` : item.label
}

// The figures below come from the result of scoring `chart`, so they are written in its unit. Each is undefined
// when there is no result, or when the engine has no such figure (a row left blank, a system without a
// difference column).

/** The difference column of a side row, e.g. `0 2/8` (a point count: `1`); undefined when it takes none. */
export function rowDifference(chart: Chart, result: ScoreResult | undefined, row: ChartRow): string | undefined {
  const difference = result?.breakdown.rows.find((r) => r.key === row.key)?.difference
  if (difference === undefined) return undefined
  return row.quantity === 'count' ? String(difference) : formatInches(difference, chart.unit)
}

/** A column total, e.g. `71 2/8`. */
export function sideTotal(chart: Chart, result: ScoreResult | undefined, side: Side): string | undefined {
  const total = result?.breakdown.sideTotals?.[side]
  return total === undefined ? undefined : formatInches(total, chart.unit)
}

/** The total of the difference column, e.g. `2 1/8`. */
export function differenceTotal(chart: Chart, result: ScoreResult | undefined): string | undefined {
  const total = result?.breakdown.differenceTotal
  return total === undefined ? undefined : formatInches(total, chart.unit)
}

/** One side's list (or a list without sides) added up, e.g. `3 2/8 + 1 4/8 = 4 6/8`, or `none`. */
export function listTotal(
  chart: Chart,
  result: ScoreResult | undefined,
  list: ChartList,
  side?: Side,
): string | undefined {
  const found = result?.breakdown.lists.find((l) => l.key === list.key && l.side === side)
  return found ? formatLengthList(found.lengths, chart.unit) : undefined
}

/** The spread credit, e.g. `21 7/8 (limited to the longer main beam, 21 7/8)`; antlers and caribou only. */
export function spreadCreditText(chart: Chart, result: ScoreResult | undefined): string | undefined {
  const spread = result?.breakdown.spreadCredit
  if (!spread) return undefined
  const credit = formatInches(spread.credit, chart.unit)
  return spread.limitedTo === undefined
    ? credit
    : `${credit} (limited to the longer main beam, ${formatInches(spread.limitedTo, chart.unit)})`
}
