import { describe, expect, it } from 'vitest'
import { tabAfterKey, tabFromSearch, tabHref } from './tabs.ts'

const FEED = ['following', 'everyone'] as const

describe('tabFromSearch', () => {
  it.each([
    ['', 'everyone'],
    ['?tab=following', 'following'],
    ['tab=following', 'following'],
    ['?tab=everyone', 'everyone'],
    ['?tab=FOLLOWING', 'everyone'],
    ['?tab=admin', 'everyone'],
    ['?other=1&tab=following', 'following'],
  ])('reads %j as %s', (search, tab) => {
    expect(tabFromSearch(search, FEED, 'everyone')).toBe(tab)
  })
})

describe('tabHref', () => {
  it('leaves the default tab out of the URL', () => {
    expect(tabHref('/community', 'everyone', 'everyone')).toBe('/community')
    expect(tabHref('/community', 'following', 'everyone')).toBe('/community?tab=following')
  })

  it('round-trips every tab', () => {
    for (const tab of FEED) {
      const href = tabHref('/community', tab, 'everyone')
      expect(tabFromSearch(href.split('?')[1] ?? '', FEED, 'everyone')).toBe(tab)
    }
  })
})

describe('tabAfterKey', () => {
  const tabs = ['posts', 'followers', 'following'] as const
  it.each([
    ['posts', 'ArrowRight', 'followers'],
    ['following', 'ArrowRight', 'posts'],
    ['posts', 'ArrowLeft', 'following'],
    ['followers', 'Home', 'posts'],
    ['posts', 'End', 'following'],
    ['posts', 'Enter', null],
  ] as const)('from %s, %s goes to %s', (current, key, next) => {
    expect(tabAfterKey(tabs, current, key)).toBe(next)
  })
})
