import { describe, expect, it } from 'vitest'
import { needsSession, paths, signInHref } from './paths.ts'

describe('needsSession', () => {
  it('is true for app screens and their sub-paths', () => {
    expect(needsSession('/admin')).toBe(true)
    expect(needsSession('/profile/abc')).toBe(true)
    expect(needsSession('/measurements')).toBe(true)
    expect(needsSession(paths.species.href('whitetail-deer'))).toBe(true)
  })

  it('is false for public and unknown paths', () => {
    expect(needsSession('/')).toBe(false)
    expect(needsSession('/sign-in')).toBe(false)
    expect(needsSession('/administrator')).toBe(false)
    expect(needsSession('/nope')).toBe(false)
  })
})

describe('species paths', () => {
  it('builds the guide with its filters and a species page', () => {
    expect(paths.speciesGuideFiltered('')).toBe('/species-guide')
    expect(paths.speciesGuideFiltered('category=Big+Game')).toBe('/species-guide?category=Big+Game')
    expect(paths.species.href('mule-deer')).toBe('/species-guide/mule-deer')
  })
})

describe('signInHref', () => {
  it('carries where to return', () => {
    expect(signInHref('/admin')).toBe('/sign-in?next=%2Fadmin')
    expect(signInHref('/')).toBe('/sign-in')
  })
})
