import { describe, expect, it } from 'vitest'
import { getChart } from '#shared/scoring/index.ts'
import { fieldLabel } from './photo-measurements.tsx'

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
