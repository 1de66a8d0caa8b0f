import { type Chart, type ChartList, type ChartRow, SYSTEMS, type System } from './chart.ts'
import { getChart } from './charts.ts'
import type { ScoringRules } from './decisions.ts'
import { parseMeasurement } from './fractions.ts'
import { ScoringError } from './scoring-error.ts'

// Validates a score sheet (docs/scoring-rules.md §9) against its chart and turns every value into integer units.
// A missing key, null or blank text is an absent measurement and counts 0 (a missing tine).

export type SideValues = { rows: Record<string, number>; lists: Record<string, number[]> }

export type ParsedSheet = {
  system: System
  category: string
  chart: Chart
  /** Spread rows and single rows, in the chart's unit (counts as counts, weights in ounces). */
  single: Record<string, number>
  singleLists: Record<string, number[]>
  right: SideValues
  left: SideValues
  /** Fish only: the species' trophy weight in ounces. */
  trophyWeightOz?: number
}

export type SheetOptions = { trophyWeightLbs?: unknown; rules: ScoringRules }

type Path = (string | number)[]
type Item = Record<string, unknown>

export function parseSheet(input: unknown, options: SheetOptions): ParsedSheet {
  if (!isItem(input)) throw new ScoringError('a score sheet must be an object with system, category and measurements')
  const system = readSystem(input.system)
  if (typeof input.category !== 'string') throw new ScoringError('required, e.g. "whitetail-typical"', ['category'])
  const chart = getChart(input.category, system, options.rules)
  const measurements = input.measurements
  if (!isItem(measurements)) throw new ScoringError('must be an object of measurements', ['measurements'])
  const sheet: ParsedSheet = {
    system,
    category: input.category,
    chart,
    single: {},
    singleLists: {},
    right: { rows: {}, lists: {} },
    left: { rows: {}, lists: {} },
  }
  readMeasurements(measurements, chart, sheet)
  requireValues(chart, sheet)
  const trophy = options.trophyWeightLbs ?? input.trophyWeightLbs
  if (!isBlank(trophy)) sheet.trophyWeightOz = readTrophyWeight(trophy, chart)
  return sheet
}

function readSystem(system: unknown): System {
  if ((SYSTEMS as readonly unknown[]).includes(system)) return system as System
  if (system === undefined) throw new ScoringError(`required: one of ${SYSTEMS.join(', ')}`, ['system'])
  throw new ScoringError(`${JSON.stringify(system)} is not a scoring system (use ${SYSTEMS.join(', ')})`, ['system'])
}

function readMeasurements(measurements: Item, chart: Chart, sheet: ParsedSheet): void {
  const singles = [...chart.spreadRows, ...chart.singleRows]
  for (const [key, value] of Object.entries(measurements)) {
    if (value === undefined) continue
    const path = ['measurements', key]
    const row = singles.find((r) => r.key === key)
    const list = chart.singleLists.find((l) => l.key === key)
    if (row) setValue(sheet.single, row, value, chart, path)
    else if (list) setList(sheet.singleLists, list, value, chart, path)
    else if ((key === 'right' || key === 'left') && chart.sideRows.length > 0) readSide(value, chart, sheet[key], path)
    else
      throw unknownKey(chart, path, [
        ...singles.map((r) => r.key),
        ...chart.singleLists.map((l) => l.key),
        ...sides(chart),
      ])
  }
}

function readSide(side: unknown, chart: Chart, values: SideValues, path: Path): void {
  if (side === undefined || side === null) return
  if (!isItem(side)) throw new ScoringError('must be an object of this side’s measurements', path)
  for (const [key, value] of Object.entries(side)) {
    if (value === undefined) continue
    const row = chart.sideRows.find((r) => r.key === key)
    const list = chart.sideLists.find((l) => l.key === key)
    if (row) setValue(values.rows, row, value, chart, [...path, key])
    else if (list) setList(values.lists, list, value, chart, [...path, key])
    else
      throw unknownKey(
        chart,
        [...path, key],
        [...chart.sideRows.map((r) => r.key), ...chart.sideLists.map((l) => l.key)],
      )
  }
}

function setValue(target: Record<string, number>, row: ChartRow, value: unknown, chart: Chart, path: Path): void {
  if (isBlank(value)) return
  target[row.key] = parse(value, chart, row.quantity, path)
}

function setList(target: Record<string, number[]>, list: ChartList, value: unknown, chart: Chart, path: Path): void {
  if (isBlank(value)) return
  if (!Array.isArray(value)) throw new ScoringError(`must be a list of lengths, e.g. ["3 2/8", "1 4/8"]`, path)
  target[list.key] = value.flatMap((item, i) => (isBlank(item) ? [] : [parse(item, chart, 'length', [...path, i])]))
}

function parse(value: unknown, chart: Chart, quantity: ChartRow['quantity'], path: Path): number {
  try {
    return parseMeasurement(value, chart.unit, quantity)
  } catch (error) {
    if (error instanceof ScoringError) throw new ScoringError(error.detail, path)
    throw error
  }
}

// Fish need a length (and a girth for length-girth formulas); a turkey needs its weight (docs/scoring-rules.md §9).
function requireValues(chart: Chart, sheet: ParsedSheet): void {
  for (const row of chart.singleRows) {
    if (row.required && sheet.single[row.key] === undefined) {
      throw new ScoringError(`required: the ${row.label.toLowerCase()}`, ['measurements', row.key])
    }
  }
}

function readTrophyWeight(value: unknown, chart: Chart): number {
  if (chart.kind !== 'fish') throw new ScoringError('only fish sheets take a trophy weight', ['trophyWeightLbs'])
  const ounces = parse(value, { ...chart, unit: 'sixteenths' }, 'weight', ['trophyWeightLbs'])
  if (ounces === 0) throw new ScoringError('must be more than 0', ['trophyWeightLbs'])
  return ounces
}

function unknownKey(chart: Chart, path: Path, known: string[]): ScoringError {
  return new ScoringError(`not on the ${chart.category} chart (use ${known.join(', ')})`, path)
}

function sides(chart: Chart): string[] {
  return chart.sideRows.length > 0 ? ['right', 'left'] : []
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}
