import { FISH_TROPHY_SHARE } from '#shared/scoring/decisions.ts'
import type { ScoreResult, TrophyClass } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { breakdownLists, valueRows } from './frame.ts'

// Fish weight estimates (docs/scoring-rules.md §5.1): L × G² ÷ D or L³ ÷ D from sixteenths of an inch, exact with
// BigInt, rounded half up to 0.001 lb. Trophy class against the sheet's trophy weight: FISH_TROPHY_SHARE.
export function scoreFish(sheet: ParsedSheet): ScoreResult {
  const formula = sheet.chart.formula
  if (!formula) throw new Error('a fish chart has a formula')
  const length = BigInt(sheet.single.lengthIn ?? 0)
  const girth = BigInt(sheet.single.girthIn ?? 0)
  const [whole = '', fraction = ''] = formula.divisor.split('.')
  const top = (formula.type === 'length-girth' ? length * girth * girth : length ** 3n) * 10n ** BigInt(fraction.length)
  const bottom = 4096n * BigInt(`${whole}${fraction}`) // 16³ sixteenths per cubic inch × divisor
  const thousandths = roundHalfUp(top * 1000n, bottom)
  const ounces = roundHalfUp(top * 16n, bottom)
  const pounds = poundsText(thousandths)
  const lbOz = `${ounces / 16n} lb ${ounces % 16n} oz`
  const trophy = trophyCheck(thousandths, sheet.trophyWeightOz)
  const inches = (units: bigint) => String(Number(units) / 16)
  const expression =
    formula.type === 'length-girth'
      ? `${inches(length)} × ${inches(girth)}² ÷ ${formula.divisor}`
      : `${inches(length)}³ ÷ ${formula.divisor}`
  return {
    system: sheet.system,
    category: sheet.category,
    score: Number(thousandths) / 1000,
    scoreText: `${pounds} lb (${lbOz})`,
    weightLbs: Number(thousandths) / 1000,
    records: trophy.records,
    trophyClass: trophy.trophyClass,
    breakdown: { rows: valueRows(sheet, sheet.chart.singleRows), lists: breakdownLists(sheet) },
    lines: [
      { label: 'Length', value: `${inches(length)} in` },
      ...(formula.type === 'length-girth' ? [{ label: 'Girth', value: `${inches(girth)} in` }] : []),
      { label: `Estimated weight (${formula.text})`, value: `${expression} = ${pounds} lb` },
      { label: 'Estimated weight in pounds and ounces', value: lbOz },
      ...trophy.lines,
      { label: 'Accuracy', value: 'an estimate, not a scale weight: expect about ±10 %' },
    ],
  }
}

/**
 * The trophy class of a fish weighing `weightLbs` (an estimate or a scale weight) by the engine's rule: the weight
 * to 0.001 lb against the species' trophy weight to the ounce (docs/scoring.md, "Record books and trophy class").
 */
export function fishTrophyClass(weightLbs: number, trophyWeightLbs: number | undefined): TrophyClass {
  if (trophyWeightLbs === undefined || !Number.isFinite(weightLbs) || !Number.isFinite(trophyWeightLbs)) {
    return 'standard'
  }
  const trophyOz = Math.round(trophyWeightLbs * 16)
  if (trophyOz <= 0) return 'standard'
  return classOf(BigInt(Math.max(0, Math.round(weightLbs * 1000))), BigInt(trophyOz))
}

/** Thousandths of a pound against a trophy weight in ounces (exact: both sides × 16 000). */
function classOf(thousandths: bigint, trophyOz: bigint): TrophyClass {
  const target = trophyOz * 1000n // the trophy weight in thousandths of a pound, × 16
  if (thousandths * 16n >= target) return 'record'
  const { numerator, denominator } = FISH_TROPHY_SHARE
  return thousandths * 16n * BigInt(denominator) >= target * BigInt(numerator) ? 'trophy' : 'standard'
}

function trophyCheck(thousandths: bigint, trophyOz: number | undefined) {
  if (trophyOz === undefined) return { records: {}, trophyClass: 'standard' as TrophyClass, lines: [] }
  const target = BigInt(trophyOz) * 1000n // the trophy weight in thousandths of a pound, × 16
  const trophyClass = classOf(thousandths, BigInt(trophyOz))
  const record = trophyClass === 'record'
  const { numerator, denominator } = FISH_TROPHY_SHARE
  const share = poundsText(roundHalfUp(target * BigInt(numerator), 16n * BigInt(denominator)))
  return {
    records: { other: record },
    trophyClass,
    lines: [
      {
        label: 'Trophy weight',
        value: `${poundsText(roundHalfUp(target, 16n))} lb (${share} lb = ${(numerator * 100) / denominator} %)`,
      },
      { label: 'Trophy class', value: trophyClass },
    ],
  }
}

function roundHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den)
}

/** Thousandths of a pound with at least two decimals: 9920 → `9.92`, 106495 → `106.495`, 10000 → `10.00`. */
function poundsText(thousandths: bigint): string {
  const fraction = String(thousandths % 1000n).padStart(3, '0')
  return `${thousandths / 1000n}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`
}
