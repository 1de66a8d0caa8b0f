import { describe, expect, it } from 'vitest'
import { isActive } from './nav-links.ts'

describe('isActive', () => {
  it.each([
    ['/', '/', true],
    ['/', '/measurements', false],
    ['/measurements', '/measurements', true],
    ['/measurements', '/measurements/0b7c2a9e-7a43-4a3f-9a52-1c2d3e4f5a6b', true],
    ['/measurements', '/measurements-old', false],
    ['/community', '/community', true],
    ['/community', '/profile/abc123', true],
    ['/measurements', '/profile/abc123', false],
    ['/species-guide', '/species-guide/whitetail-deer', true],
  ])('%s is active on %s: %s', (href, location, expected) => {
    expect(isActive(href, location)).toBe(expected)
  })

  it.each([
    ['/profile/me', false],
    ['/profile/someone-else', true],
  ])("leaves Community to My Profile on one's own profile: on %s Community is active: %s", (location, expected) => {
    expect(isActive('/community', location, '/profile/me')).toBe(expected)
  })
})
