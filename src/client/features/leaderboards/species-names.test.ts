import { describe, expect, it } from 'vitest'
import { isFish, speciesName } from './species-names.ts'

describe('species of the catalogue', () => {
  it('tells fresh- and saltwater fish (ranked by weight) from game (ranked by score)', () => {
    expect(isFish('largemouth-bass')).toBe(true)
    expect(isFish('red-drum')).toBe(true)
    expect(isFish('whitetail-deer')).toBe(false)
    expect(isFish('wild-turkey')).toBe(false)
    expect(isFish('no-such-species')).toBe(false)
  })

  it('names a species by its catalogue name', () => {
    expect(speciesName('mule-deer')).toBe('Mule Deer')
    expect(speciesName('no-such-species')).toBeUndefined()
  })
})
