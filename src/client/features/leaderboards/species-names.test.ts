import { describe, expect, it } from 'vitest'
import { boardScale, isFish, speciesName } from './species-names.ts'

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

  it('writes a board in the notation of the species’ chart, naming the book only for turkey', () => {
    expect(boardScale('largemouth-bass')).toEqual({ fish: true })
    expect(boardScale('wild-turkey')).toEqual({ fish: false, category: 'wild-turkey', book: 'nwtf' })
    expect(boardScale('whitetail-deer')).toMatchObject({ fish: false, book: null })
    expect(boardScale('mallard')).toEqual({ fish: false, category: null, book: null })
  })
})
