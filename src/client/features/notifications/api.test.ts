import { describe, expect, it } from 'vitest'
import type { NotificationGroup, NotificationList } from '#shared/schemas/community.ts'
import { markRead, readUnreadCount } from './api.ts'

const group = (key: string, unread: boolean): NotificationGroup => ({
  key,
  kind: 'like',
  actors: [],
  actorCount: 1,
  measurementId: 'm1',
  species: 'Elk',
  commentId: null,
  achievementName: null,
  verdict: null,
  latestAt: '2026-03-04T10:00:00.000Z',
  unread,
})
const list: NotificationList = {
  groups: [group('like:a', true), group('comment:a', true), group('follow', false)],
  unreadCount: 2,
}

describe('markRead', () => {
  it('reads one group and lowers the count by one', () => {
    const next = markRead(list, 'comment:a')
    expect(next.groups.map((g) => g.unread)).toEqual([true, false, false])
    expect(next.unreadCount).toBe(1)
  })
  it('leaves the count alone for a group already read', () => {
    expect(markRead(list, 'follow')).toEqual(list)
  })
  it('reads every group when no key is given', () => {
    const next = markRead(list, undefined)
    expect(next.groups.every((g) => !g.unread)).toBe(true)
    expect(next.unreadCount).toBe(0)
  })
  it('never lowers the count below zero', () => {
    expect(markRead({ ...list, unreadCount: 0 }, 'like:a').unreadCount).toBe(0)
  })
})

describe('readUnreadCount', () => {
  it.each([
    ['{"unreadCount":3}', 3],
    ['{"unreadCount":0}', 0],
    ['{"unreadCount":-1}', null],
    ['{"unreadCount":1.5}', null],
    ['{"unreadCount":"3"}', null],
    ['{}', null],
    ['null', null],
    ['not json', null],
    [undefined, null],
  ])('%s → %s', (data, expected) => {
    expect(readUnreadCount(data)).toBe(expected)
  })
})
