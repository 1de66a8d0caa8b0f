import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, measurements, users } from '#server/db/schema.ts'
import { ACHIEVEMENT_METRICS, SPECIES_GROUPS } from '#shared/achievements/constants.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { candidatesReached, keyOf, type MetricKey, memberMetricsSql } from './metrics.queries.ts'

// The awards count a metric only as far as the highest target of the achievements a member could still earn, by
// index probes (candidatesReached); progress counts it whole (memberMetricsSql). Up to that target they must agree,
// for any record: about the queries alone, so the member's measurements and this file's catalogue (one achievement
// per metric, at a target each run chooses) are written directly.

const KEYS: MetricKey[] = [
  ...ACHIEVEMENT_METRICS.filter((m) => m !== 'species-group').map((metric) => ({ metric, metricArg: null })),
  ...Object.keys(SPECIES_GROUPS).map((group) => ({ metric: 'species-group', metricArg: group })),
]

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await t.db.update(achievements).set({ isActive: false })
  await t.db.insert(achievements).values(
    KEYS.map((k, i) => ({
      id: `capped-${i}`,
      name: `Capped ${keyOf(k)}`,
      description: 'Made by a metrics test',
      points: 1,
      category: 'collection',
      type: 'COUNT',
      targetValue: 1,
      metric: k.metric,
      metricArg: k.metricArg,
    })),
  )
}, 60_000)
afterAll(() => t?.close())

const row = fc.record({
  speciesId: fc.constantFrom('whitetail-deer', 'mule-deer', 'walleye', 'northern-pike', 'mallard', 'bluegill'),
  trophyClass: fc.constantFrom('standard', 'trophy', 'record' as const),
  evidence: fc.constantFrom(
    'self-reported',
    'photo-measured',
    'ai-estimate',
    'community-verified',
    'official' as const,
  ),
  // Days from a Monday, so that weeks are shared and split.
  day: fc.integer({ min: 0, max: 40 }),
  hidden: fc.boolean(),
  weightLbs: fc.option(fc.constantFrom(1, 2, 3), { nil: null }),
})

async function full(userId: string): Promise<Map<string, number>> {
  const { query, read } = memberMetricsSql(KEYS, userId)
  const result = await t.db.execute(query as NonNullable<typeof query>)
  return read((result as unknown as { rows: { metrics: string }[] }).rows[0]?.metrics)
}

describe('candidatesReached', () => {
  it('agrees with the whole count up to its cap, for every metric', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 14 }), fc.constantFrom(1, 2, 3, 5, 50), async (rows, cap) => {
        const userId = `metrics-${randomUUID()}`
        await t.db.insert(users).values({ id: userId, name: 'M', email: `${userId}@example.test` })
        const monday = Date.UTC(2026, 0, 5)
        if (rows.length > 0) {
          await t.db.insert(measurements).values(
            rows.map((r, i) => ({
              id: randomUUID(),
              userId,
              speciesId: r.speciesId,
              trophyClass: r.trophyClass,
              evidence: r.evidence,
              reportedEvidence: r.evidence,
              weightLbs: r.weightLbs,
              method: 'tape' as const,
              takenAt: new Date(monday + r.day * 86_400_000 + i * 1000),
              createdAt: new Date(monday + i * 60_000),
              hiddenAt: r.hidden ? new Date() : null,
            })),
          )
        }
        await t.db.execute(sql`update achievements set target_value = ${cap} where id like 'capped-%'`)
        const whole = await full(userId)
        const reached = await candidatesReached(t.db, userId, [...new Set(KEYS.map((k) => k.metric))])
        expect(reached.map((r) => r.candidate.id).sort()).toEqual(KEYS.map((_, i) => `capped-${i}`).sort())
        for (const { candidate, value } of reached) {
          const k = keyOf(candidate)
          expect(candidate.target, k).toBe(cap)
          expect(Math.min(value, cap), k).toBe(Math.min(whole.get(k) ?? -1, cap))
        }
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})
