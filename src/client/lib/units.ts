import {
  CM_PER_INCH,
  KG_PER_POUND,
  lengthText,
  type Notation,
  uncertaintyText,
  weightText,
} from '#shared/measurements/display.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'

// Sizes are stored canonically in inches and pounds; a member who chose metric types and reads
// centimetres and kilograms. These are exact definitions (1 in = 2.54 cm, 1 lb = 0.45359237 kg).

export { CM_PER_INCH, KG_PER_POUND }

export const cmToInches = (cm: number) => cm / CM_PER_INCH
export const inchesToCm = (inches: number) => inches * CM_PER_INCH
export const kgToPounds = (kg: number) => kg / KG_PER_POUND
export const poundsToKg = (lb: number) => lb * KG_PER_POUND

/** Canonical values keep 4 decimals: far finer than any tape (1/16 in = 0.0625), free of float noise. */
export const roundCanonical = (value: number) => Math.round(value * 10_000) / 10_000

export type Dimension = 'length' | 'weight'

/** The unit a member types and reads: in / lb, or cm / kg. */
export function unitLabel(units: UnitSystem, dimension: Dimension): string {
  if (dimension === 'length') return units === 'metric' ? 'cm' : 'in'
  return units === 'metric' ? 'kg' : 'lb'
}

/** A value typed in the member's unit → inches or pounds. */
export function toCanonical(value: number, units: UnitSystem, dimension: Dimension): number {
  if (units === 'imperial') return value
  return roundCanonical(dimension === 'length' ? cmToInches(value) : kgToPounds(value))
}

/** Inches or pounds → the member's unit. */
export function fromCanonical(value: number, units: UnitSystem, dimension: Dimension): number {
  if (units === 'imperial') return value
  return dimension === 'length' ? inchesToCm(value) : poundsToKg(value)
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text)

/** `12.3 cm`, `4.85 in`: up to `decimals` decimals, trailing zeros dropped. */
export function formatValue(value: number, unit: string, decimals = 2): string {
  return `${trimZeros(value.toFixed(decimals))} ${unit}`
}

/** A canonical value shown in the member's unit, e.g. 20 in → `50.8 cm` for metric, `20 in` for imperial. */
export function formatInUnits(value: number, units: UnitSystem, dimension: Dimension, decimals = 2): string {
  return formatValue(fromCanonical(value, units, dimension), unitLabel(units, dimension), decimals)
}

export type ReadNumber = { ok: true; value: number } | { ok: false; message: string }

/**
 * A decimal number as a person types it: `12`, `12.5`, `12,5` (decimal comma), surrounded by spaces. Anything
 * else (letters, two separators, an exponent) is refused with a message that says what to type.
 */
export function readDecimal(text: string): ReadNumber {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter a number' }
  if (!/^-?\d*(?:[.,]\d*)?$/.test(trimmed) || !/\d/.test(trimmed)) {
    return { ok: false, message: `"${trimmed}" is not a number` }
  }
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: `"${trimmed}" is not a number` }
}

// Display of stored sizes (cards, detail, share text) is the shared display module's, so the client and the
// server's share page write the same value the same way (docs/scoring.md, "How values are shown").

/** A length: `24 2/8 in` (eighths; `9 13/16 in` with sixteenths for skulls), `22 in` when whole, or `61.6 cm`. */
export function formatLength(inches: number, units: UnitSystem, notation: Notation = 'eighths'): string {
  return lengthText(inches, units, notation)
}

/** A weight, always two decimals: `9.92 lb` or `4.50 kg`. */
export function formatWeight(pounds: number, units: UnitSystem): string {
  return weightText(pounds, units)
}

/** The ± uncertainty of a length measured on a photo: `± 3/8 in` (at least 1/8) or `± 0.9 cm`. */
export function formatUncertainty(inches: number, units: UnitSystem, notation: Notation = 'eighths'): string {
  return uncertaintyText(inches, units, notation)
}
