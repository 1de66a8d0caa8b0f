import { describe, expect, it } from 'vitest'
import { initialsAvatarUrl } from './avatar-image.ts'

describe('initialsAvatarUrl', () => {
  it('is an SVG data URL with the initials', () => {
    const url = initialsAvatarUrl('AR', 'user-1')
    expect(url.startsWith('data:image/svg+xml,')).toBe(true)
    expect(decodeURIComponent(url)).toContain('>AR</text>')
  })

  it('is stable for a seed', () => {
    expect(initialsAvatarUrl('AR', 'user-1')).toBe(initialsAvatarUrl('AR', 'user-1'))
  })

  it('never lets markup through', () => {
    expect(decodeURIComponent(initialsAvatarUrl('<s', 'x'))).toContain('>S</text>')
  })
})
