import { describe, expect, it } from 'vitest'
import { EVIDENCE_MEANINGS, evidenceMeaning, photoMethodOf } from './labels.ts'

describe('how photo values were taken', () => {
  it.each([
    { name: 'no photo values', items: [], method: null },
    { name: 'values stored before the plane method', items: [{}, {}], method: 'two-point' },
    { name: 'all on the card’s plane', items: [{ method: 'plane' }, { method: 'plane' }], method: 'plane' },
    { name: 'all from two ends', items: [{ method: 'two-point' }], method: 'two-point' },
    { name: 'some of each', items: [{ method: 'plane' }, {}], method: 'mixed' },
  ] as const)('$name: $method', ({ items, method }) => {
    expect(photoMethodOf(items)).toBe(method)
  })

  it('says the camera may be at an angle only for plane values', () => {
    expect(evidenceMeaning('photo-measured', 'plane')).toContain('any camera angle')
    expect(evidenceMeaning('photo-measured', 'plane')).not.toContain('square')
    expect(evidenceMeaning('photo-measured', 'two-point')).toContain('camera is square')
    expect(evidenceMeaning('photo-measured', null)).toBe(EVIDENCE_MEANINGS['photo-measured'])
    expect(evidenceMeaning('self-reported', 'plane')).toBe(EVIDENCE_MEANINGS['self-reported'])
  })
})
