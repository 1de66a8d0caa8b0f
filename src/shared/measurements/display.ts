import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { SKULL_CATEGORIES, TURKEY_CATEGORIES } from '#shared/scoring/categories.ts'
import type { System } from '#shared/scoring/chart.ts'
import { formatScore, tryParseMeasurement, UNITS_PER_INCH, type Unit } from '#shared/scoring/fractions.ts'

// How every length, weight and score reads, on every screen and in every shared link (docs/scoring.md, "How
// values are shown"), from canonical inches, pounds and engine scores; the engine's own `scoreText` is untouched.

export const CM_PER_INCH = 2.54
export const KG_PER_POUND = 0.45359237

/** The fraction a length is written in: eighths (antlers, horns, fish), sixteenths (skulls, turkey). */
export type Notation = Unit

const cmFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const weightFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const nwtfFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })

/** Short names of the record books, written after a score: `168 5/8 B&C`. */
export const SCORE_BOOKS: Record<Exclude<System, 'fish'>, string> = { bc: 'B&C', py: 'P&Y', sci: 'SCI', nwtf: 'NWTF' }

const SIXTEENTHS_CATEGORIES: readonly string[] = [...SKULL_CATEGORIES, ...TURKEY_CATEGORIES]

/** Skulls and turkey are read to 1/16 inch, everything else to 1/8. */
export function notationOf(category: string | null | undefined): Notation {
  return category && SIXTEENTHS_CATEGORIES.includes(category) ? 'sixteenths' : 'eighths'
}

/** Inches to the nearest unit, unreduced as the books write them: 24.25 → `24 2/8`, 22 → `22`, 0.375 → `3/8`. */
export function inchesText(inches: number, notation: Notation = 'eighths'): string {
  const per = UNITS_PER_INCH[notation]
  const units = Math.round(Math.abs(inches) * per)
  const sign = inches < 0 && units > 0 ? '−' : ''
  const whole = Math.floor(units / per)
  const rest = units % per
  if (rest === 0) return `${sign}${whole}`
  return whole === 0 ? `${sign}${rest}/${per}` : `${sign}${whole} ${rest}/${per}`
}

/** A length: `24 2/8 in`, `9 13/16 in` (sixteenths), `22 in`, or `61.6 cm` (one decimal). */
export function lengthText(inches: number, units: UnitSystem = 'imperial', notation: Notation = 'eighths'): string {
  if (units === 'metric') return `${cmFormat.format(inches * CM_PER_INCH)} cm`
  return `${inchesText(inches, notation)} in`
}

/** A length written by lengthText (imperial) or typed so → inches, to the nearest unit; null if unreadable. */
export function readLengthText(text: string, notation: Notation = 'eighths'): number | null {
  const parsed = tryParseMeasurement(text, notation)
  return parsed.ok ? parsed.units / UNITS_PER_INCH[notation] : null
}

/** A weight, always two decimals: `1.28 lb`, `4.50 kg`. */
export function weightText(pounds: number, units: UnitSystem = 'imperial'): string {
  return units === 'metric' ? `${weightFormat.format(pounds * KG_PER_POUND)} kg` : `${weightFormat.format(pounds)} lb`
}

/** The ± of a length measured on a photo: `± 3/8 in` (never less than the smallest unit) or `± 0.9 cm`. */
export function uncertaintyText(
  inches: number,
  units: UnitSystem = 'imperial',
  notation: Notation = 'eighths',
): string {
  if (units === 'metric') return `± ${cmFormat.format(inches * CM_PER_INCH)} cm`
  const per = UNITS_PER_INCH[notation]
  return `± ${inchesText(Math.max(1, Math.round(inches * per)) / per, notation)} in`
}

/** A score's number in its book's notation: `168 5/8`, `194 0/8`, skulls `21 13/16`, NWTF a decimal (`70.6250`). */
export function scoreNumberText(score: number, system: Exclude<System, 'fish'>, category: string): string {
  if (system === 'nwtf') return nwtfFormat.format(score)
  const notation = notationOf(category)
  return formatScore(Math.round(score * UNITS_PER_INCH[notation]), notation)
}

export type ScoredEntry = { score: number; system: System; category: string }

/** A score with its book, the same everywhere: `168 5/8 B&C`, `70.6250 NWTF`; a fish's is its weight, `1.28 lb`. */
export function scoreText(entry: ScoredEntry, units: UnitSystem = 'imperial'): string {
  if (entry.system === 'fish') return weightText(entry.score, units)
  return `${scoreNumberText(entry.score, entry.system, entry.category)} ${SCORE_BOOKS[entry.system]}`
}

/** scoreText for a stored measurement: null without a score or a sheet to say which book wrote it. */
export function entryScoreText(
  entry: { score: number | null; sheet: { system: System; category: string } | null },
  units: UnitSystem = 'imperial',
): string | null {
  if (entry.score === null || !entry.sheet) return null
  return scoreText({ score: entry.score, system: entry.sheet.system, category: entry.sheet.category }, units)
}

/** Ounces as a scale reads them, beside a weight: 9.92 → `9 lb 15 oz`. */
export function poundsOuncesText(pounds: number): string {
  const ounces = Math.round(pounds * 16)
  return `${Math.floor(ounces / 16)} lb ${ounces % 16} oz`
}
