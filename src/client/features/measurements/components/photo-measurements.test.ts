import { describe, expect, it } from 'vitest'
import { getChart } from '#shared/scoring/index.ts'
import { fieldLabel, introText, methodText } from './photo-measurements.tsx'

describe('fieldLabel', () => {
  const whitetail = getChart('whitetail-typical')
  const bass = getChart('length-girth-800')

  it('names quick values', () => {
    expect(fieldLabel('quick.lengthIn', null)).toBe('Length')
    expect(fieldLabel('quick.girthIn', bass)).toBe('Girth')
  })

  it('names side rows with their side and chart letter', () => {
    const g2 = whitetail.sideRows.find((row) => row.key === 'G2')
    expect(fieldLabel('right.G2', whitetail)).toBe(`Right G-2 ${g2?.label}`)
    expect(fieldLabel('left.G2', whitetail)).toMatch(/^Left G-2 /)
  })

  it('names spread rows and numbered list entries', () => {
    const spread = whitetail.spreadRows.find((row) => row.key === 'insideSpread')
    expect(fieldLabel('insideSpread', whitetail)).toBe(`${spread?.letter} ${spread?.label}`.trim())
    expect(fieldLabel('right.abnormal.0', whitetail)).toMatch(/^Right .+ 1$/)
  })

  it("names a fish sheet's length from its chart", () => {
    const row = bass.singleRows.find((r) => r.key === 'lengthIn')
    expect(fieldLabel('lengthIn', bass)).toBe(row?.label)
  })

  it('falls back to the path it cannot name', () => {
    expect(fieldLabel('something.else', whitetail)).toBe('something.else')
  })
})

describe('how each value was measured', () => {
  it.each([
    { method: 'plane' as const, text: "On the card's plane (four corners)" },
    { method: 'two-point' as const, text: 'Two ends of the reference' },
    { method: undefined, text: 'Two ends of the reference' },
  ])('$method → $text', ({ method, text }) => {
    expect(methodText({ method })).toBe(text)
  })

  it('says what the values assume, for the methods they were measured by', () => {
    const plane = introText([{ method: 'plane' }])
    expect(plane).toMatch(/camera could be at an angle/)
    expect(plane).not.toMatch(/square/)
    const twoPoint = introText([{ method: 'two-point' }, {}])
    expect(twoPoint).toMatch(/camera square to them/)
    expect(twoPoint).not.toMatch(/angle/)
    const both = introText([{ method: 'plane' }, { method: 'two-point' }])
    expect(both).toMatch(/at an angle/)
    expect(both).toMatch(/square to them/)
  })
})
