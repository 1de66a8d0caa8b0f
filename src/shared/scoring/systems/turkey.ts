import { formatSixteenthsDecimal as dec, formatPoundsOunces, formatScore, listText } from '#shared/scoring/fractions.ts'
import { checkBooks } from '#shared/scoring/records.ts'
import type { ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { breakdownLists, sum, valueRows } from './frame.ts'

// NWTF wild turkey (docs/scoring-rules.md §4), in sixteenths: weight in ounces + 2 × all beards + 10 × both spurs,
// written as a decimal as NWTF does: 20.4375 + 51 + 20.625 = 92.0625.
export function scoreTurkey(sheet: ParsedSheet): ScoreResult {
  const fmt = (units: number) => formatScore(units, 'sixteenths')
  const weight = sheet.single.weightLbs ?? 0
  const beards = sheet.singleLists.beardsIn ?? []
  const right = sheet.single.spurRightIn ?? 0
  const left = sheet.single.spurLeftIn ?? 0
  const beardPart = 2 * sum(beards)
  const spurPart = 10 * (right + left)
  const score = weight + beardPart + spurPart
  const books = checkBooks(sheet.chart.minimums, sheet.system, score, 'sixteenths')
  return {
    system: sheet.system,
    category: sheet.category,
    score: score / 16,
    scoreText: dec(score),
    weightLbs: weight / 16,
    records: books.records,
    trophyClass: books.trophyClass,
    breakdown: { rows: valueRows(sheet, sheet.chart.singleRows), lists: breakdownLists(sheet) },
    lines: [
      { label: 'Weight', value: `${formatPoundsOunces(weight)} = ${dec(weight)} lb` },
      { label: 'Beards', value: listText(beards, fmt) },
      { label: 'Number of beards', value: beardType(beards.length) },
      { label: '2 × total beard length', value: `2 × ${dec(sum(beards))} = ${dec(beardPart)}` },
      { label: 'Spurs', value: `right ${fmt(right)} · left ${fmt(left)}` },
      { label: '10 × (left spur + right spur)', value: `10 × (${dec(left)} + ${dec(right)}) = ${dec(spurPart)}` },
      {
        label: 'Score (weight + 2 × beards + 10 × spurs)',
        value: `${dec(weight)} + ${dec(beardPart)} + ${dec(spurPart)} = ${dec(score)}`,
      },
      ...books.lines,
    ],
  }
}

// A bird with several beards is non-typical (atypical) (docs/scoring-rules.md §4; millcreekturkeycalls.com).
function beardType(count: number): string {
  if (count === 0) return '0'
  return count === 1 ? '1 (typical)' : `${count} (non-typical: several beards)`
}
