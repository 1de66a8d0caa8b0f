import type { CategoryMinimums, Minimum } from './categories.ts'
import type { System } from './chart.ts'
import { TURKEY_AWARD_IS_TROPHY } from './decisions.ts'
import { formatScore, UNITS_PER_INCH, type Unit } from './fractions.ts'
import type { Records, ScoreLine, TrophyClass } from './result.ts'

// Which record-book minimums a score meets, and its trophy class (docs/scoring.md, "Record books and trophy class"):
// `record` meets the category's highest minimum, `trophy` a lower one, `standard` none.

type Book = keyof Records
const BOOKS_BY_SYSTEM: Record<System, Book[]> = {
  bc: ['bcAwards', 'bcAllTime', 'py'],
  py: ['bcAwards', 'bcAllTime', 'py'],
  sci: ['sci'],
  nwtf: ['other'],
  fish: [],
}
const BOOK_LABELS: Record<Book, string> = {
  bcAwards: 'B&C Awards minimum',
  bcAllTime: 'B&C All-time minimum',
  py: 'P&Y minimum',
  sci: 'SCI minimum',
  other: 'Minimum',
}

export type BookCheck = { records: Records; trophyClass: TrophyClass; lines: ScoreLine[] }

export function checkBooks(minimums: CategoryMinimums, system: System, scoreUnits: number, unit: Unit): BookCheck {
  const records: Records = {}
  const lines: ScoreLine[] = []
  let highest = -1
  for (const book of BOOKS_BY_SYSTEM[system]) {
    const minimum: (Minimum & { label?: string }) | undefined = minimums[book]
    if (!minimum) continue
    const minimumUnits = Math.round(minimum.value * UNITS_PER_INCH[unit])
    const met = scoreUnits >= minimumUnits
    records[book] = met
    highest = Math.max(highest, minimumUnits)
    const label = `${minimum.label ?? BOOK_LABELS[book]} (${formatMinimum(minimumUnits, unit)})`
    lines.push({ label, value: `${met ? 'met' : 'not met'}${minimum.verified ? '' : ' (minimum unverified)'}` })
  }
  const anyMet = Object.values(records).some(Boolean)
  const record = highest >= 0 && scoreUnits >= highest && !(system === 'nwtf' && TURKEY_AWARD_IS_TROPHY)
  const trophyClass: TrophyClass = record ? 'record' : anyMet ? 'trophy' : 'standard'
  return { records, trophyClass, lines }
}

/** Minimums read as they are printed: `160`, `14 8/16`. */
function formatMinimum(units: number, unit: Unit): string {
  const per = UNITS_PER_INCH[unit]
  return units % per === 0 ? String(units / per) : formatScore(units, unit)
}
