import { describe, expect, it } from 'vitest'
import { type CountedValues, measurementEdited } from './member-events.ts'

// What an edit of a measurement moves: only the achievements and boards its changed values feed.

const before: CountedValues = {
  speciesId: 'walleye',
  trophyClass: 'trophy',
  score: null,
  weightLbs: 9.5,
  evidence: 'self-reported',
  takenAt: new Date('2026-11-20T06:30:00Z'),
  visibility: 'public',
}

describe('measurementEdited', () => {
  it.each<[string, Partial<CountedValues>, string[], boolean]>([
    ['nothing counted (a caption, notes, photos)', {}, [], false],
    ['the same moment as another Date', { takenAt: new Date('2026-11-20T06:30:00Z') }, [], false],
    ['the date taken', { takenAt: new Date('2026-11-13T06:30:00Z') }, ['active-weeks'], true],
    ['the species', { speciesId: 'northern-pike' }, ['species', 'species-group', 'categories', 'personal-bests'], true],
    ['the weight', { weightLbs: 10.25 }, ['personal-bests'], true],
    ['the score', { score: 152.5 }, ['personal-bests'], true],
    ['the class', { trophyClass: 'record' }, ['trophies', 'records'], true],
    ['the evidence', { evidence: 'photo-measured' }, ['photo-measured', 'community-verified'], true],
    ['the visibility (boards only: achievements count private catches too)', { visibility: 'private' }, [], true],
    ['weight and score', { weightLbs: 10, score: 10 }, ['personal-bests'], true],
  ])('%s', (_, change, metrics, boards) => {
    const write = { id: '9d4c3b1e-5f0a-4e57-9b1a-2f6d1c7e8a90', before: null }
    const moved = measurementEdited(before, { ...before, ...change }, write)
    expect([...moved.metrics].sort()).toEqual([...metrics].sort())
    // The boards move by the measurement's cells, never by a recomputation of the member's whole record.
    expect(moved.measurement).toBe(boards ? write : undefined)
    expect(moved.boards).toBe(false)
  })
})
