import { cmToInches, inchesToCm, kgToPounds, poundsToKg, readDecimal } from '#client/lib/units.ts'
import { lengthText, weightText } from '#shared/measurements/display.ts'
import { type Chart, formatInches, type Quantity, tryParseMeasurement, UNITS_PER_INCH } from '#shared/scoring/index.ts'
import { type CalculatorForm, type EntryReader, mapEntries } from './calculator-form.ts'

// A member who chose metric types a chart's lengths in centimetres and its weights in kilograms. The engine
// reads inches and pounds, rounded as the record books read them (1/8 or 1/16 in, 1 oz), so each entry is
// converted before it is scored or sent, and its inch value is shown under it. Counts of points stay as typed.

export type EntryUnits = 'imperial' | 'metric'

const NAMES: Record<Exclude<Quantity, 'count'>, { unit: string; example: string }> = {
  length: { unit: 'centimetres', example: '61.5' },
  weight: { unit: 'kilograms', example: '9.3' },
}

/** Why a metric entry cannot be read: blank is fine; counts are read as the engine reads them. */
export const metricEntryError: EntryReader = (text, chart, quantity) => {
  if (text.trim() === '') return undefined
  if (quantity === 'count') {
    const parsed = tryParseMeasurement(text, chart.unit, 'count')
    return parsed.ok ? undefined : `${parsed.message}. Type a whole number.`
  }
  const { unit, example } = NAMES[quantity]
  if (/^-\s*\d/.test(text.trim())) return `"${text.trim()}" is negative; measurements are 0 or more`
  const read = readDecimal(text)
  if (!read.ok) return `${read.message}. Type ${unit}, e.g. ${example}.`
  return undefined
}

/** One metric entry as the engine reads it: inches or pounds, as decimal text; unreadable text is left as is. */
export function toEngineText(text: string, quantity: Quantity): string {
  if (quantity === 'count' || text.trim() === '') return text
  const read = readDecimal(text)
  if (!read.ok || read.value < 0) return text
  const value = quantity === 'length' ? cmToInches(read.value) : kgToPounds(read.value)
  return String(Math.round(value * 1_000_000) / 1_000_000)
}

/** The calculator's text in the engine's units: the form itself for imperial, converted for metric. */
export function engineForm(chart: Chart, form: CalculatorForm, units: EntryUnits): CalculatorForm {
  return units === 'metric' ? mapEntries(chart, form, toEngineText) : form
}

/** The entry as the engine will read it, e.g. `= 24 2/8 in` or `= 20 lb 7 oz`; undefined when unreadable. */
export function engineValueText(text: string, chart: Chart, quantity: Quantity): string | undefined {
  if (quantity === 'count' || text.trim() === '' || metricEntryError(text, chart, quantity)) return undefined
  const parsed = tryParseMeasurement(toEngineText(text, quantity), chart.unit, quantity)
  if (!parsed.ok) return undefined
  const inches = parsed.units / UNITS_PER_INCH[chart.unit]
  return `= ${quantity === 'weight' ? weightText(inches) : lengthText(inches, 'imperial', chart.unit)}`
}

/** A stored sheet's entries (inches, pounds) as a metric member reads them: centimetres and kilograms. */
export function metricForm(chart: Chart, form: CalculatorForm): CalculatorForm {
  return mapEntries(chart, form, (text, quantity) => {
    if (quantity === 'count' || text.trim() === '') return text
    const parsed = tryParseMeasurement(text, chart.unit, quantity)
    if (!parsed.ok) return text
    const value = parsed.units / UNITS_PER_INCH[chart.unit]
    const metric = quantity === 'length' ? inchesToCm(value) : poundsToKg(value)
    return String(Math.round(metric * 100) / 100)
  })
}

/** One metric entry as the sheet stores it, rounded as the engine reads it: `18 4/8`, `20.4375` (lb); else as is. */
export function storedText(text: string, chart: Chart, quantity: Quantity): string {
  if (quantity === 'count' || text.trim() === '') return text
  const parsed = tryParseMeasurement(toEngineText(text, quantity), chart.unit, quantity)
  if (!parsed.ok) return text
  const value = parsed.units / UNITS_PER_INCH[chart.unit]
  return quantity === 'length' ? formatInches(value, chart.unit) : String(value)
}

/** The metric form as the sheet stores it (see storedText); the form itself for imperial. */
export function storedForm(chart: Chart, form: CalculatorForm, units: EntryUnits): CalculatorForm {
  return units === 'metric' ? mapEntries(chart, form, (text, quantity) => storedText(text, chart, quantity)) : form
}
