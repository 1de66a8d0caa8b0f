import { describe, expect, it } from 'vitest'
import {
  formatInUnits,
  formatLength,
  formatUncertainty,
  formatWeight,
  fromCanonical,
  readDecimal,
  toCanonical,
  unitLabel,
} from './units.ts'

describe('formatLength', () => {
  it('writes inches the way a tape is read, in eighths', () => {
    expect(formatLength(24.25, 'imperial')).toBe('24 2/8 in')
    expect(formatLength(18.875, 'imperial')).toBe('18 7/8 in')
  })

  it('leaves out a zero fraction', () => {
    expect(formatLength(22, 'imperial')).toBe('22 in')
  })

  it('rounds to the nearest eighth', () => {
    expect(formatLength(22.3, 'imperial')).toBe('22 2/8 in')
    expect(formatLength(22.99, 'imperial')).toBe('23 in')
  })

  it('writes centimetres with one decimal', () => {
    expect(formatLength(24.25, 'metric')).toBe('61.6 cm')
    expect(formatLength(22, 'metric')).toBe('55.9 cm')
    expect(formatLength(10, 'metric')).toBe('25.4 cm')
  })
})

describe('formatWeight', () => {
  it('writes pounds with exactly two decimals', () => {
    expect(formatWeight(9.92, 'imperial')).toBe('9.92 lb')
    expect(formatWeight(6.0512, 'imperial')).toBe('6.05 lb')
    expect(formatWeight(12, 'imperial')).toBe('12.00 lb')
  })

  it('converts to kilograms', () => {
    expect(formatWeight(9.92, 'metric')).toBe('4.50 kg')
    expect(formatWeight(10, 'metric')).toBe('4.54 kg')
    expect(formatWeight(1500, 'metric')).toBe('680.39 kg')
  })

  it('groups thousands', () => {
    expect(formatWeight(1234.5, 'imperial')).toBe('1,234.50 lb')
  })
})

describe('formatUncertainty', () => {
  it('rounds to eighths, never below one eighth', () => {
    expect(formatUncertainty(0.375, 'imperial')).toBe('± 3/8 in')
    expect(formatUncertainty(0.01, 'imperial')).toBe('± 1/8 in')
    expect(formatUncertainty(1.25, 'imperial')).toBe('± 1 2/8 in')
    expect(formatUncertainty(2, 'imperial')).toBe('± 2 in')
  })

  it('converts to centimetres', () => {
    expect(formatUncertainty(0.375, 'metric')).toBe('± 1.0 cm')
  })
})

describe("typing values in the member's units", () => {
  it('stores what a metric member types as inches and pounds', () => {
    expect(toCanonical(50.8, 'metric', 'length')).toBe(20)
    expect(toCanonical(4.5359237, 'metric', 'weight')).toBe(10)
    expect(toCanonical(20, 'imperial', 'length')).toBe(20)
  })

  it("shows stored values back in the member's units", () => {
    expect(fromCanonical(20, 'metric', 'length')).toBeCloseTo(50.8, 10)
    expect(formatInUnits(20, 'metric', 'length')).toBe('50.8 cm')
    expect(formatInUnits(20, 'imperial', 'weight')).toBe('20 lb')
    expect([unitLabel('metric', 'length'), unitLabel('imperial', 'weight')]).toEqual(['cm', 'lb'])
  })

  it('reads decimals with a point or a comma and refuses anything else', () => {
    expect(readDecimal(' 12,5 ')).toEqual({ ok: true, value: 12.5 })
    expect(readDecimal('12.')).toEqual({ ok: true, value: 12 })
    expect(readDecimal('')).toEqual({ ok: false, message: 'Enter a number' })
    expect(readDecimal('1e3')).toEqual({ ok: false, message: '"1e3" is not a number' })
  })
})
