import { describe, expect, it } from 'vitest'
import { visitorUnits } from './share-page.tsx'

describe('visitorUnits (a signed-out visitor of a share page)', () => {
  it('reads imperial for the US and when nothing is known', () => {
    expect(visitorUnits(['en-US', 'en'])).toBe('imperial')
    expect(visitorUnits(['en'])).toBe('imperial') // en → en-Latn-US
    expect(visitorUnits([])).toBe('imperial')
  })

  it('reads metric elsewhere', () => {
    expect(visitorUnits(['en-GB'])).toBe('metric')
    expect(visitorUnits(['fr-CA', 'en-US'])).toBe('metric')
    expect(visitorUnits(['de'])).toBe('metric')
  })

  it('falls back to imperial for a tag it cannot read', () => {
    expect(visitorUnits(['not a locale!'])).toBe('imperial')
  })
})
