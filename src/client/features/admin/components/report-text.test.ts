import { describe, expect, it } from 'vitest'
import { contentHref, failedToast, resolvedToast } from './report-text.ts'

describe('contentHref', () => {
  it.each([
    ['/measurements/abc', '/measurements/abc'],
    ['/profile/u1', '/profile/u1'],
    ['/measurements/abc#comments', '/measurements/abc#comments'],
    [null, null],
    ['', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (href, expected) => {
    expect(contentHref(href)).toBe(expected)
  })
})

describe('the toasts after an action', () => {
  it.each([
    ['hide', 'measurement', 'Content hidden', 'The post is hidden from everyone but its author and admins.'],
    ['restore', 'comment', 'Content restored', 'The comment is visible again.'],
    ['dismiss', 'user', 'Report dismissed', 'The profile stays as it is.'],
  ] as const)('%s of a %s', (action, targetType, title, description) => {
    expect(resolvedToast(action, { targetType })).toEqual({ title, description })
  })

  it.each([
    ['hide', undefined, 'Hide failed', 'Failed to hide content'],
    ['restore', undefined, 'Restore failed', 'Failed to restore content'],
    ['dismiss', undefined, 'Dismiss failed', 'Failed to dismiss report'],
    ['hide', 'Report not found', 'Hide failed', 'Report not found'],
  ] as const)('%s failing with %s', (action, message, title, description) => {
    expect(failedToast(action, message)).toEqual({ title, description })
  })
})
