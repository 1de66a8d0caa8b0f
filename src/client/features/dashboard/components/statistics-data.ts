import { formatLength, formatWeight, poundsToKg } from '#client/lib/units.ts'
import { entryScoreText } from '#shared/measurements/display.ts'
import type { MeasurementStats, UnitSystem } from '#shared/schemas/measurements.ts'

type Best = MeasurementStats['personalBests'][number]

/** A fish's score is its weight in pounds. */
export function isWeightScore(best: Pick<Best, 'sheet'>): boolean {
  return best.sheet?.system === 'fish'
}

/**
 * A personal best as every other screen writes it: `168 5/8 B&C`, a fish's weight in the member's units; without a
 * score, what it was ranked by (its weight, else its length).
 */
export function bestValueText(
  best: Pick<Best, 'score' | 'sheet' | 'weightLbs' | 'lengthIn'>,
  units: UnitSystem,
): string {
  const score = entryScoreText(best, units)
  if (score !== null) return score
  if (best.weightLbs !== null) return formatWeight(best.weightLbs, units)
  return best.lengthIn !== null ? formatLength(best.lengthIn, units) : '—'
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** 'YYYY-MM' → { short: 'Nov', long: 'November 2026' }. */
export function monthNames(month: string): { short: string; long: string } {
  const [year, mon] = month.split('-').map(Number)
  if (!year || !mon) return { short: month, long: month }
  const date = new Date(Date.UTC(year, mon - 1, 1))
  return { short: monthFormat.format(date), long: monthYearFormat.format(date) }
}

export type BestBar = { species: string; value: number; label: string }

/** Best per species split by what the number means: record-book scores, and fish weights in the member's unit. */
export function bestBars(bests: Best[], units: UnitSystem): { scores: BestBar[]; weights: BestBar[] } {
  const scores: BestBar[] = []
  const weights: BestBar[] = []
  for (const best of bests) {
    if (best.score === null) continue
    if (isWeightScore(best)) {
      const value = units === 'metric' ? Math.round(poundsToKg(best.score) * 100) / 100 : best.score
      weights.push({ species: best.species, value, label: formatWeight(best.score, units) })
    } else {
      scores.push({ species: best.species, value: best.score, label: bestValueText(best, units) })
    }
  }
  const byValue = (a: BestBar, b: BestBar) => b.value - a.value
  return { scores: scores.sort(byValue), weights: weights.sort(byValue) }
}
