import { describe, expect, it } from 'vitest'
import type { Achievement, AchievementProgress, UserAchievement } from '#shared/schemas/achievements.ts'
import {
  achievementsView,
  categoryLabel,
  pointsLabel,
  tabAfterKey,
  tabFromSearch,
  tabHref,
  targetOf,
} from './achievement-views.ts'

function achievement(id: string, overrides: Partial<Achievement> = {}): Achievement {
  return {
    id,
    name: `Achievement ${id}`,
    description: `Do ${id}`,
    iconType: 'trophy',
    points: 10,
    category: 'collection',
    type: 'COUNT',
    targetValue: 5,
    isActive: true,
    ...overrides,
  }
}

const earnedOf = (a: Achievement, earnedAt = '2026-03-01T10:00:00.000Z'): UserAchievement => ({
  id: `ua-${a.id}`,
  achievement: a,
  earnedAt,
})
const progressOf = (a: Achievement, currentValue: number): AchievementProgress => ({ achievement: a, currentValue })

describe('achievementsView', () => {
  const first = achievement('first', { type: 'SINGLE', targetValue: 1, points: 10 })
  const ten = achievement('ten', { targetValue: 10, points: 50 })
  const slam = achievement('slam', { targetValue: 3, points: 100 })
  const verified = achievement('verified', { targetValue: 4, points: 25 })
  const all = [first, ten, slam, verified]

  it('splits the catalogue into earned, available (unearned, catalogue order) and in progress', () => {
    const view = achievementsView(
      all,
      [earnedOf(first)],
      [progressOf(ten, 4), progressOf(slam, 0), progressOf(verified, 3)],
    )
    expect(view.earned.map((e) => e.achievement.id)).toEqual(['first'])
    expect(view.available.map((a) => a.id)).toEqual(['ten', 'slam', 'verified'])
    // closest to done first: 3/4 = 75 % before 4/10 = 40 %; nothing started (0) is not in progress
    expect(view.inProgress).toEqual([
      { achievement: verified, current: 3, target: 4, percent: 75 },
      { achievement: ten, current: 4, target: 10, percent: 40 },
    ])
  })

  it('keeps in progress only 0 < current < target', () => {
    const view = achievementsView(all, [], [progressOf(ten, 0), progressOf(slam, 3), progressOf(verified, 9)])
    expect(view.inProgress).toEqual([])
  })

  it('leaves out of In Progress an achievement already earned, whatever its progress says', () => {
    const view = achievementsView(all, [earnedOf(ten)], [progressOf(ten, 4)])
    expect(view.inProgress).toEqual([])
  })

  it('adds the points of every earned achievement and rounds the completion rate', () => {
    const view = achievementsView(all, [earnedOf(first), earnedOf(ten)], [])
    expect(view.totalPoints).toBe(60)
    expect(view.completion).toBe(50)
    expect(achievementsView(all, [earnedOf(first)], []).completion).toBe(25)
    const three = [first, ten, slam]
    expect(achievementsView(three, [earnedOf(first)], []).completion).toBe(33)
    expect(achievementsView(three, [earnedOf(first), earnedOf(ten)], []).completion).toBe(67)
  })

  it('has a completion rate of 0 when there are no achievements', () => {
    expect(achievementsView([], [], []).completion).toBe(0)
  })

  it('hides inactive achievements from Available and In Progress and keeps the rate within 100 %', () => {
    const retired = achievement('retired', { isActive: false, points: 40 })
    const view = achievementsView([first, retired], [earnedOf(first), earnedOf(retired)], [progressOf(retired, 2)])
    expect(view.available).toEqual([])
    expect(view.inProgress).toEqual([])
    expect(view.earned).toHaveLength(2)
    expect(view.totalPoints).toBe(50)
    expect(view.completion).toBe(100)
  })

  it('gives every achievement earned: nothing available', () => {
    const view = achievementsView([first], [earnedOf(first)], [])
    expect(view.available).toEqual([])
    expect(view.completion).toBe(100)
  })
})

describe('targetOf', () => {
  it('is the target value, or 1 for an achievement without one', () => {
    expect(targetOf({ targetValue: 25 })).toBe(25)
    expect(targetOf({ targetValue: null })).toBe(1)
    expect(targetOf({ targetValue: 0 })).toBe(1)
  })
})

describe('labels', () => {
  it('writes points as +N pts', () => {
    expect(pointsLabel(25)).toBe('+25 pts')
  })

  it('names the known categories and shows an unknown one as sent', () => {
    expect(categoryLabel('diversity')).toBe('Species diversity')
    expect(categoryLabel('seasonal')).toBe('seasonal')
    expect(categoryLabel('toString')).toBe('toString')
  })
})

describe('tabs in the URL', () => {
  it.each([
    ['', 'earned'],
    ['?tab=available', 'available'],
    ['tab=in-progress', 'in-progress'],
    ['?tab=AVAILABLE', 'earned'],
    ['?tab=secret', 'earned'],
  ])('reads %j as %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab)
  })

  it('leaves Earned out of the URL', () => {
    expect(tabHref('/achievements', 'earned')).toBe('/achievements')
    expect(tabHref('/achievements', 'in-progress')).toBe('/achievements?tab=in-progress')
  })

  it('moves with the arrow keys (wrapping), Home and End', () => {
    expect(tabAfterKey('earned', 'ArrowRight')).toBe('available')
    expect(tabAfterKey('in-progress', 'ArrowRight')).toBe('earned')
    expect(tabAfterKey('earned', 'ArrowLeft')).toBe('in-progress')
    expect(tabAfterKey('available', 'Home')).toBe('earned')
    expect(tabAfterKey('available', 'End')).toBe('in-progress')
    expect(tabAfterKey('available', 'Enter')).toBeNull()
  })
})
