import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CheckCounts, type CheckState, VERDICTS, type Verdict } from '#shared/schemas/community.ts'
import { EVIDENCE_LEVELS, type EvidenceLevel } from '#shared/schemas/measurements.ts'
import { checkState, effectiveEvidence, MIN_VERDICTS } from './check-state.ts'

// docs/architecture.md §2: community verified = at least 2 verdicts and more than 2/3 of them confirmed; disputed = more than
// 1/3 of them disputed.

const counts = (confirmed: number, plausible: number, disputed: number): CheckCounts => ({
  confirmed,
  plausible,
  disputed,
})

describe('checkState', () => {
  it.each<[string, CheckCounts, CheckState]>([
    ['no verdict', counts(0, 0, 0), 'unverified'],
    ['one confirmed verdict alone', counts(1, 0, 0), 'unverified'],
    ['one disputed verdict alone', counts(0, 0, 1), 'unverified'],
    ['2 confirmed', counts(2, 0, 0), 'verified'],
    ['2 confirmed + 1 plausible: 2/3 exactly, not more', counts(2, 1, 0), 'unverified'],
    ['3 confirmed + 1 plausible: 3/4 > 2/3', counts(3, 1, 0), 'verified'],
    ['3 confirmed + 1 disputed: 3/4 > 2/3', counts(3, 0, 1), 'verified'],
    ['1 confirmed + 1 disputed: 1/2 disputed > 1/3', counts(1, 0, 1), 'disputed'],
    ['2 plausible', counts(0, 2, 0), 'unverified'],
    ['2 plausible + 1 disputed: 1/3 exactly, not more', counts(0, 2, 1), 'unverified'],
    ['1 plausible + 1 disputed', counts(0, 1, 1), 'disputed'],
    ['4 confirmed + 2 disputed: 2/3 confirmed and 1/3 disputed, neither more', counts(4, 0, 2), 'unverified'],
    ['5 confirmed + 2 disputed: 5/7 > 2/3', counts(5, 0, 2), 'verified'],
    ['2 disputed', counts(0, 0, 2), 'disputed'],
  ])('%s → %s', (_name, given, expected) => {
    expect(checkState(given)).toBe(expected)
  })
})

const count = fc.nat({ max: 60 })
const anyCounts = fc.record({ confirmed: count, plausible: count, disputed: count })
const verdictList = fc.array(fc.constantFrom<Verdict>(...VERDICTS), { maxLength: 40 })

function tally(verdicts: readonly Verdict[]): CheckCounts {
  const tallied = counts(0, 0, 0)
  for (const verdict of verdicts) tallied[verdict] += 1
  return tallied
}

describe('checkState properties', () => {
  it('matches the definition in fractions, and the two thresholds never hold at once', () => {
    fc.assert(
      fc.property(anyCounts, (c) => {
        const total = c.confirmed + c.plausible + c.disputed
        const verified = total >= MIN_VERDICTS && c.confirmed / total > 2 / 3
        const disputed = total >= MIN_VERDICTS && c.disputed / total > 1 / 3
        expect(verified && disputed).toBe(false)
        expect(checkState(c)).toBe(verified ? 'verified' : disputed ? 'disputed' : 'unverified')
      }),
    )
  })

  it('fewer than 2 verdicts decide nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom<Verdict>(...VERDICTS), (verdict) => {
        expect(checkState(tally([verdict]))).toBe('unverified')
      }),
    )
  })

  it('adding a confirmed verdict never turns verified into anything else', () => {
    fc.assert(
      fc.property(anyCounts, (c) => {
        fc.pre(checkState(c) === 'verified')
        expect(checkState({ ...c, confirmed: c.confirmed + 1 })).toBe('verified')
      }),
    )
  })

  it('adding a disputed verdict never turns disputed into anything else', () => {
    fc.assert(
      fc.property(anyCounts, (c) => {
        fc.pre(checkState(c) === 'disputed')
        expect(checkState({ ...c, disputed: c.disputed + 1 })).toBe('disputed')
      }),
    )
  })

  it('depends only on how many verdicts of each kind, not on their order', () => {
    fc.assert(
      fc.property(
        verdictList.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        ([list, shuffled]) => {
          expect(checkState(tally(shuffled))).toBe(checkState(tally(list)))
        },
      ),
    )
  })
})

describe('effectiveEvidence', () => {
  const reportedLevels = EVIDENCE_LEVELS.filter((level) => level !== 'official')

  it.each(reportedLevels)('%s becomes community-verified when verified', (reported) => {
    expect(effectiveEvidence(reported, 'verified')).toBe('community-verified')
  })

  it.each(EVIDENCE_LEVELS)('%s stays what was reported when unverified or disputed', (reported) => {
    expect(effectiveEvidence(reported, 'unverified')).toBe(reported)
    expect(effectiveEvidence(reported, 'disputed')).toBe(reported)
  })

  it('official evidence stays official whatever the members say', () => {
    fc.assert(
      fc.property(anyCounts, (c) => {
        expect(effectiveEvidence('official', checkState(c))).toBe('official')
      }),
    )
  })

  it('falls back to the reported evidence when a verification is lost', () => {
    fc.assert(
      fc.property(fc.constantFrom<EvidenceLevel>(...EVIDENCE_LEVELS), anyCounts, (reported, c) => {
        const state = checkState(c)
        const shown = effectiveEvidence(reported, state)
        expect(shown === reported || (state === 'verified' && shown === 'community-verified')).toBe(true)
      }),
    )
  })
})
