import { ScoringError } from './scoring-error.ts'

// Exact measurement arithmetic: every value becomes an integer count of its unit (1/8 in, 1/16 in, 1 oz;
// docs/scoring-rules.md §0, §4), so sums and differences are exact; text is made only for display.

export type Unit = 'eighths' | 'sixteenths'
export const UNITS_PER_INCH: Record<Unit, number> = { eighths: 8, sixteenths: 16 }
/** What a chart row holds: a length in inches, a weight in pounds, or a count of points. */
export type Quantity = 'length' | 'weight' | 'count'

/** The largest value accepted (inches, pounds or points): far beyond any animal, small enough to stay exact. */
export const MAX_MEASUREMENT = 1000
const MAX_TEXT_LENGTH = 64
/** Beyond this exponent a decimal is either far too large or rounds to 0; it also bounds the BigInt work. */
const MAX_EXPONENT = 200

type Rational = { num: bigint; den: bigint }

const VULGAR_FRACTIONS: Record<string, readonly [number, number]> = {
  '¼': [1, 4],
  '½': [1, 2],
  '¾': [3, 4],
  '⅛': [1, 8],
  '⅜': [3, 8],
  '⅝': [5, 8],
  '⅞': [7, 8],
  '⅓': [1, 3],
  '⅔': [2, 3],
  '⅕': [1, 5],
  '⅖': [2, 5],
  '⅗': [3, 5],
  '⅘': [4, 5],
  '⅙': [1, 6],
  '⅚': [5, 6],
  '⅐': [1, 7],
  '⅑': [1, 9],
  '⅒': [1, 10],
}
const VULGAR_CLASS = `[${Object.keys(VULGAR_FRACTIONS).join('')}]`

const PATTERNS = {
  vulgar: new RegExp(`^(\\d+)?\\s*(${VULGAR_CLASS})$`, 'u'),
  mixed: /^(\d+)\s+(\d+)\/(\d+)$/,
  fraction: /^(\d+)\/(\d+)$/,
  dash: /^(\d+)-(\d+)$/,
  decimal: /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i,
  pounds: /^(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?)\.?(?:\s*(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\.?)?$/i,
  ounces: /^(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\.?$/i,
  inchMark: /\s*(?:"|″|”|in\.?|inch(?:es)?)$/i,
}

/** Reads a measurement as integer units (docs/scoring.md, "Reading values"); a ScoringError has no field yet. */
export function parseMeasurement(input: unknown, unit: Unit, quantity: Quantity = 'length'): number {
  if (quantity === 'count') return parseCount(input)
  const text = toText(input)
  const value = readRational(text, unit, quantity)
  if (value.num > BigInt(MAX_MEASUREMENT) * value.den) {
    throw new ScoringError(`${quote(input)} is more than ${MAX_MEASUREMENT} ${quantity === 'weight' ? 'lb' : 'inches'}`)
  }
  return roundHalfUp(value.num * BigInt(UNITS_PER_INCH[unit]), value.den)
}

export type ParsedMeasurement = { ok: true; units: number } | { ok: false; message: string }

/** parseMeasurement without throwing, for live form feedback. */
export function tryParseMeasurement(input: unknown, unit: Unit, quantity: Quantity = 'length'): ParsedMeasurement {
  try {
    return { ok: true, units: parseMeasurement(input, unit, quantity) }
  } catch (error) {
    if (error instanceof ScoringError) return { ok: false, message: error.message }
    throw error
  }
}

/** A count of points: a whole number from 0 to MAX_MEASUREMENT. */
export function parseCount(input: unknown): number {
  const text = toText(input)
  if (!/^\d+$/.test(text)) throw new ScoringError(`${quote(input)} is not a whole number of points`)
  const value = Number(text)
  if (value > MAX_MEASUREMENT) throw new ScoringError(`${quote(input)} is more than ${MAX_MEASUREMENT} points`)
  return value
}

/** Record-book form, unreduced: 1349 eighths → `168 5/8`; 776 eighths → `97 0/8`; 349 sixteenths → `21 13/16`. */
export function formatScore(units: number, unit: Unit): string {
  if (!Number.isFinite(units)) throw new ScoringError(`${units} is not a score`)
  const per = UNITS_PER_INCH[unit]
  const whole = Math.abs(Math.round(units))
  const sign = units < 0 ? '−' : ''
  return `${sign}${Math.floor(whole / per)} ${whole % per}/${per}`
}

/** Inches from a result in record-book form, as its lines write them: 71.25 → `71 2/8`; 21.8125 → `21 13/16`. */
export function formatInches(inches: number, unit: Unit): string {
  return formatScore(inches * UNITS_PER_INCH[unit], unit)
}

/** A list of lengths in units as a measurer adds it up: `3 2/8 + 1 4/8 = 4 6/8`; one length → `4 6/8`; `none`. */
export function listText(values: readonly number[] | undefined, fmt: (units: number) => string): string {
  if (!values || values.length === 0) return 'none'
  const total = fmt(values.reduce((sum, value) => sum + value, 0))
  return values.length === 1 ? total : `${values.map(fmt).join(' + ')} = ${total}`
}

/** A breakdown list's lengths (inches) written as the result's lines write them: `3 2/8 + 1 4/8 = 4 6/8`. */
export function formatLengthList(lengths: readonly number[], unit: Unit): string {
  return listText(
    lengths.map((inches) => inches * UNITS_PER_INCH[unit]),
    (units) => formatScore(units, unit),
  )
}

/** A count of sixteenths as an exact decimal: 1473 → `92.0625`. */
export function formatSixteenthsDecimal(units: number): string {
  return String(units / 16)
}

/** Ounces as pounds and ounces: 327 → `20 lb 7 oz`. */
export function formatPoundsOunces(ounces: number): string {
  return `${Math.floor(ounces / 16)} lb ${ounces % 16} oz`
}

function toText(input: unknown): string {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new ScoringError(`${input} is not a measurement`)
    if (input < 0) throw new ScoringError(`${input} is negative; measurements are 0 or more`)
    return String(input)
  }
  if (typeof input !== 'string') throw new ScoringError(`${kindOf(input)} is not a measurement`)
  const text = input.trim().replace(/[⁄∕]/g, '/').replace(/\s+/g, ' ')
  if (text.length > MAX_TEXT_LENGTH) throw new ScoringError(`${quote(input)} is not a measurement`)
  if (/^[-−–]/.test(text)) throw new ScoringError(`${quote(input)} is negative; measurements are 0 or more`)
  return text
}

function readRational(text: string, unit: Unit, quantity: Quantity): Rational {
  const per = UNITS_PER_INCH[unit]
  const bare = quantity === 'length' ? text.replace(PATTERNS.inchMark, '') : text
  const garbage = () => new ScoringError(`${JSON.stringify(text)} is not a measurement`)
  let match = PATTERNS.vulgar.exec(bare)
  if (match) {
    const [n, d] = VULGAR_FRACTIONS[match[2] ?? ''] ?? [0, 1]
    return { num: BigInt(match[1] ?? '0') * BigInt(d) + BigInt(n), den: BigInt(d) }
  }
  match = PATTERNS.mixed.exec(bare)
  if (match) {
    const [whole, n, d] = [BigInt(match[1] ?? ''), BigInt(match[2] ?? ''), BigInt(match[3] ?? '')]
    if (d === 0n) throw new ScoringError(`${JSON.stringify(text)} divides by zero`)
    if (n >= d)
      throw new ScoringError(`${JSON.stringify(text)}: the fraction after the whole inches must be less than 1`)
    return { num: whole * d + n, den: d }
  }
  match = PATTERNS.fraction.exec(bare)
  if (match) {
    const d = BigInt(match[2] ?? '')
    if (d === 0n) throw new ScoringError(`${JSON.stringify(text)} divides by zero`)
    return { num: BigInt(match[1] ?? ''), den: d }
  }
  match = PATTERNS.dash.exec(bare)
  if (match) {
    const part = Number(match[2])
    if (part >= per) throw new ScoringError(`${JSON.stringify(text)}: after the dash give ${unit}, 0 to ${per - 1}`)
    return { num: BigInt(match[1] ?? '') * BigInt(per) + BigInt(part), den: BigInt(per) }
  }
  if (quantity === 'weight') {
    const weight = readWeight(bare)
    if (weight) return weight
  }
  match = PATTERNS.decimal.exec(bare)
  if (match && /\d/.test(`${match[1]}${match[2] ?? ''}`)) return readDecimal(match[1] ?? '', match[2] ?? '', match[3])
  throw garbage()
}

function readWeight(text: string): Rational | undefined {
  let match = PATTERNS.pounds.exec(text)
  if (match) {
    const pounds = readDecimal(...splitDecimal(match[1] ?? '0'))
    const ounces = readDecimal(...splitDecimal(match[2] ?? '0'))
    return add(pounds, { num: ounces.num, den: ounces.den * 16n })
  }
  match = PATTERNS.ounces.exec(text)
  if (match) {
    const ounces = readDecimal(...splitDecimal(match[1] ?? '0'))
    return { num: ounces.num, den: ounces.den * 16n }
  }
  return undefined
}

function splitDecimal(text: string): [string, string, undefined] {
  const [whole = '', fraction = ''] = text.split('.')
  return [whole, fraction, undefined]
}

function readDecimal(whole: string, fraction: string, exponent: string | undefined): Rational {
  let num = BigInt(`${whole}${fraction}` || '0')
  let den = 10n ** BigInt(fraction.length)
  const exp = Number(exponent ?? '0')
  if (num === 0n) return { num: 0n, den: 1n }
  if (exp > MAX_EXPONENT) return { num: BigInt(MAX_MEASUREMENT + 1), den: 1n }
  if (exp < -MAX_EXPONENT) return { num: 0n, den: 1n }
  if (exp > 0) num *= 10n ** BigInt(exp)
  if (exp < 0) den *= 10n ** BigInt(-exp)
  return { num, den }
}

function add(a: Rational, b: Rational): Rational {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den }
}

/** Nearest integer to num/den for num, den ≥ 0; an exact half rounds up. */
function roundHalfUp(num: bigint, den: bigint): number {
  return Number((2n * num + den) / (2n * den))
}

function quote(input: unknown): string {
  return typeof input === 'string' ? JSON.stringify(input) : kindOf(input)
}

function kindOf(input: unknown): string {
  if (Array.isArray(input)) return 'a list'
  if (input === null) return 'null'
  if (typeof input === 'object') return 'an object'
  return String(input)
}
