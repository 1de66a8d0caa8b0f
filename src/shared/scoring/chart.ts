import type { CategoryMinimums } from './categories.ts'
import type { Quantity, Unit } from './fractions.ts'

// What a paper score chart holds, in plain words. The sheet validator accepts exactly these keys, the systems score
// from them, and the calculator lays out its form from them (docs/scoring.md, "Chart definitions").

export const SYSTEMS = ['bc', 'py', 'sci', 'nwtf', 'fish'] as const
export type System = (typeof SYSTEMS)[number]
export const SYSTEM_NAMES: Record<System, string> = {
  bc: 'Boone and Crockett',
  py: 'Pope and Young',
  sci: 'Safari Club International',
  nwtf: 'National Wild Turkey Federation',
  fish: 'Fish weight estimate',
}

export type ChartKind = 'antlers' | 'moose' | 'caribou' | 'horns' | 'skull' | 'turkey' | 'fish'

export type ChartRow = {
  /** The key in the sheet's `measurements` (spread and single rows) or in `right`/`left` (side rows). */
  key: string
  /** The chart's letter, e.g. `G-2`; empty when the paper chart has none. */
  letter: string
  label: string
  help: string
  quantity: Quantity
  /** Counted in the score; false for rows the chart records only (tip-to-tip spread, number of points). */
  scored: boolean
  /** Side rows: the right/left difference is deducted under this chart's system. */
  difference: boolean
  /** The sheet is invalid without it (fish length and girth, turkey weight); other rows count 0 when blank. */
  required: boolean
  /** False for rows the sheet accepts (docs/scoring-rules.md §9) but the paper chart does not print. */
  onPaperChart: boolean
}

export type ChartList = {
  /** `abnormal` or `crown` on each side; `beardsIn` for turkey. */
  key: string
  letter: string
  label: string
  help: string
  /** What the list's total does to the score under this chart's system. */
  effect: 'added' | 'subtracted' | 'recorded'
}

export type FishFormula = {
  type: 'length-girth' | 'length-cubed'
  /** The divisor as written in the category id, e.g. `800` or `754.5`. */
  divisor: string
  text: string
}

export type Chart = {
  category: string
  name: string
  kind: ChartKind
  /** The system this definition was built for: `difference` and `effect` depend on it. */
  system: System
  systems: readonly System[]
  /** Unit of lengths; weights are always read to the ounce (1/16 lb). */
  unit: Unit
  spreadRows: ChartRow[]
  sideRows: ChartRow[]
  sideLists: ChartList[]
  singleRows: ChartRow[]
  singleLists: ChartList[]
  /** How the spread is credited: `longer-beam` = no more than the longer main beam; `full` = all of it. */
  spreadCredit?: 'longer-beam' | 'full'
  notes: string[]
  minimums: CategoryMinimums
  formula?: FishFormula
}

type RowOptions = Partial<Pick<ChartRow, 'quantity' | 'scored' | 'difference' | 'required' | 'onPaperChart'>>

export function row(key: string, letter: string, label: string, help: string, options: RowOptions = {}): ChartRow {
  return {
    key,
    letter,
    label,
    help,
    quantity: options.quantity ?? 'length',
    scored: options.scored ?? true,
    difference: options.difference ?? false,
    required: options.required ?? false,
    onPaperChart: options.onPaperChart ?? true,
  }
}

/** A side row whose difference is deducted unless the system makes no deductions. */
export function sideRow(key: string, letter: string, label: string, help: string, deducts: boolean): ChartRow {
  return row(key, letter, label, help, { difference: deducts })
}

/** SCI takes no symmetry deductions (docs/scoring-rules.md §3: "Boone & Crockett's without deductions"). */
export function deductsDifferences(system: System): boolean {
  return system === 'bc' || system === 'py'
}
