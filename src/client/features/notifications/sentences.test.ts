import { describe, expect, it } from 'vitest'
import type { Member, NotificationGroup } from '#shared/schemas/community.ts'
import { badgeText, bellLabel } from './badge.ts'
import { actorsText, notificationAge, notificationHref, notificationSentence } from './sentences.ts'

const member = (firstName: string | null, lastName: string | null = 'Doe', id = `id-${firstName}`): Member => ({
  id,
  firstName,
  lastName,
  profileImageUrl: null,
})
const sam = member('Sam', 'Hill', 'sam-1')
const maria = member('Maria')
const lee = member('Lee')

function group(overrides: Partial<NotificationGroup>): NotificationGroup {
  return {
    key: 'like:m1',
    kind: 'like',
    actors: [sam],
    actorCount: 1,
    measurementId: 'm1',
    species: 'Elk',
    commentId: null,
    achievementName: null,
    verdict: null,
    latestAt: '2026-03-04T10:00:00.000Z',
    unread: true,
    ...overrides,
  }
}

describe('notificationSentence', () => {
  it.each([
    ['one like', group({}), 'Sam liked your Elk'],
    ['two likes', group({ actors: [sam, maria], actorCount: 2 }), 'Sam and Maria liked your Elk'],
    ['four likes', group({ actors: [sam, maria, lee], actorCount: 4 }), 'Sam and 3 others liked your Elk'],
    ['three likes', group({ actors: [sam, maria, lee], actorCount: 3 }), 'Sam and 2 others liked your Elk'],
    ['a comment', group({ kind: 'comment' }), 'Sam commented on your Elk'],
    [
      'two commenters',
      group({ kind: 'comment', actors: [maria, sam], actorCount: 2 }),
      'Maria and Sam commented on your Elk',
    ],
    ['a mention', group({ kind: 'mention' }), 'Sam mentioned you in a comment on an Elk'],
    [
      'a mention on a deer',
      group({ kind: 'mention', species: 'Whitetail Deer' }),
      'Sam mentioned you in a comment on a Whitetail Deer',
    ],
    ['a follow', group({ kind: 'follow', measurementId: null, species: null }), 'Sam started following you'],
    [
      'five follows',
      group({ kind: 'follow', actors: [lee, maria, sam], actorCount: 5 }),
      'Lee and 4 others started following you',
    ],
    [
      'an achievement',
      group({ kind: 'achievement', actors: [], actorCount: 0, achievementName: 'First Trophy' }),
      'You earned First Trophy',
    ],
    [
      'an achievement without a name',
      group({ kind: 'achievement', actors: [], actorCount: 0 }),
      'You earned an achievement',
    ],
    ['a confirmation', group({ kind: 'size-check', verdict: 'confirmed' }), 'Sam confirmed the size of your Elk'],
    [
      'a plausible verdict',
      group({ kind: 'size-check', verdict: 'plausible' }),
      'Sam found the size of your Elk plausible',
    ],
    ['a dispute', group({ kind: 'size-check', verdict: 'disputed' }), 'Sam disputed the size of your Elk'],
    [
      'verdicts of two members',
      group({ kind: 'size-check', verdict: 'confirmed', actors: [sam, maria], actorCount: 2 }),
      'Sam and Maria checked the size of your Elk',
    ],
    ['a reply', group({ kind: 'size-check-reply' }), 'Sam replied to your size check on their Elk'],
    ['an unknown species', group({ species: null }), 'Sam liked your measurement'],
    ['a member without a first name', group({ actors: [member(null, 'Hill')] }), 'Hill liked your Elk'],
    ['a member without a name', group({ actors: [member(null, null)] }), 'Someone liked your Elk'],
    ['a group whose actors are gone', group({ actors: [], actorCount: 0 }), 'Someone liked your Elk'],
  ])('%s: %s', (_name, input, expected) => {
    expect(notificationSentence(input)).toBe(expected)
  })
})

describe('actorsText', () => {
  it('counts one other when only one of two actors came with the group', () => {
    expect(actorsText({ actors: [sam], actorCount: 2 })).toBe('Sam and 1 other')
  })
  it('trims a first name of spaces', () => {
    expect(actorsText({ actors: [member('  Ann ')], actorCount: 1 })).toBe('Ann')
  })
})

describe('notificationHref', () => {
  it.each([
    ['like', group({}), '/measurements/m1'],
    ['comment', group({ kind: 'comment' }), '/measurements/m1#comments'],
    ['mention', group({ kind: 'mention' }), '/measurements/m1#comments'],
    ['size-check', group({ kind: 'size-check', verdict: 'confirmed' }), '/measurements/m1#size-check'],
    ['size-check-reply', group({ kind: 'size-check-reply' }), '/measurements/m1#size-check'],
    ['follow', group({ kind: 'follow', actors: [sam, maria], measurementId: null }), '/profile/sam-1'],
    ['follow without actors', group({ kind: 'follow', actors: [], measurementId: null }), null],
    ['achievement', group({ kind: 'achievement', actors: [], measurementId: null }), '/achievements'],
    ['like without a measurement', group({ measurementId: null }), null],
    ['an id that needs escaping', group({ measurementId: 'a/b' }), '/measurements/a%2Fb'],
  ])('%s → %s', (_name, input, expected) => {
    expect(notificationHref(input)).toBe(expected)
  })
})

describe('notificationAge', () => {
  const now = new Date(2026, 2, 4, 15, 30)
  it.each([
    [new Date(2026, 2, 4, 15, 29, 40), 'Just now'],
    [new Date(2026, 2, 4, 15, 31), 'Just now'], // a clock slightly behind the server's
    [new Date(2026, 2, 4, 15, 25), '5 min ago'],
    [new Date(2026, 2, 4, 14, 31), '59 min ago'],
    [new Date(2026, 2, 4, 14, 30), '1 h ago'],
    [new Date(2026, 2, 4, 0, 5), '15 h ago'],
    [new Date(2026, 2, 3, 23, 50), '1 day ago'],
    [new Date(2026, 2, 1, 12, 0), '3 days ago'],
    [new Date(2026, 1, 20, 12, 0), '1 week ago'],
  ])('%s reads %s', (then, expected) => {
    expect(notificationAge(then.toISOString(), now)).toBe(expected)
  })
  it('says Invalid date for text that is not a date', () => {
    expect(notificationAge('soon', now)).toBe('Invalid date')
  })
})

describe('the badge', () => {
  it.each([
    [0, 'Notifications', '0'],
    [1, 'Notifications, 1 unread', '1'],
    [9, 'Notifications, 9 unread', '9'],
    [12, 'Notifications, 12 unread', '12'],
    [99, 'Notifications, 99 unread', '99'],
    [100, 'Notifications, 99+ unread', '99+'],
    [250, 'Notifications, 99+ unread', '99+'],
  ])('%i unread: named %s, shows %s', (count, label, text) => {
    expect(bellLabel(count)).toBe(label)
    expect(badgeText(count)).toBe(text)
    // what the badge shows is part of the name (label in name)
    expect(bellLabel(count)).toContain(count > 0 ? text : '')
  })
})
