import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { awardAchievements } from '#server/features/achievements/awards.service.ts'
import type { BoardVersion } from '#server/features/leaderboards/leaderboards.cells.ts'
import {
  moveMeasurementCells,
  readBoardVersion,
  refreshPointsCells,
} from '#server/features/leaderboards/leaderboards.delta.ts'
import { refreshMemberBoards } from '#server/features/leaderboards/leaderboards.service.ts'
import type { AchievementMetric } from '#shared/achievements/constants.ts'

/** A measurement's write: its id, and what the boards counted of it before (null: nothing, or a new one). */
export type MeasurementWrite = { id: string; before: BoardVersion | null }

export type MemberChange = {
  metrics: readonly AchievementMetric[]
  /** Recompute the member's rows whole (member-wide changes: a profile hidden or restored, bulk awards). */
  boards: boolean
  /** For one member only: their measurement written. */
  measurement?: MeasurementWrite | undefined
  /** When awards taken back had been earned. */
  pointsAt?: readonly Date[] | undefined
}

/** What the boards count of a measurement, read (and locked) before writing it: the version its cells move from. */
export async function beforeMeasurementWrite(tx: Tx, id: string): Promise<MeasurementWrite> {
  return { id, before: await readBoardVersion(tx, id) }
}

const MEASUREMENT_METRICS: readonly AchievementMetric[] = [
  'measurements',
  'species',
  'species-group',
  'categories',
  'trophies',
  'records',
  'photo-measured',
  'community-verified',
  'personal-bests',
  'active-weeks',
]

/** What a measurement created (`before` null), deleted, hidden or restored, or checked by the community moves. */
export function measurementChanged(write: MeasurementWrite): MemberChange {
  return { metrics: MEASUREMENT_METRICS, boards: false, measurement: write }
}

/** A measurement deleted or hidden: its cells, and only personal bests (other counts fall; a fall awards nothing). */
export function measurementRemoved(write: MeasurementWrite): MemberChange {
  return { metrics: ['personal-bests'], boards: false, measurement: write }
}

/** A measurement's values that its owner's achievements or the leaderboards count. */
export type CountedValues = {
  speciesId: string
  trophyClass: string | null
  score: number | null
  weightLbs: number | null
  evidence: string
  takenAt: Date
  visibility: string
}

/** The achievement metrics each counted value feeds (visibility feeds only the boards). */
const METRICS_OF: Record<keyof CountedValues, readonly AchievementMetric[]> = {
  speciesId: ['species', 'species-group', 'categories', 'personal-bests'],
  trophyClass: ['trophies', 'records'],
  score: ['personal-bests'],
  weightLbs: ['personal-bests'],
  evidence: ['photo-measured', 'community-verified'],
  takenAt: ['active-weeks'],
  visibility: [],
}

/** What an edit moves: only the metrics of the counted values it changed (ADR 010). */
export function measurementEdited(before: CountedValues, after: CountedValues, write: MeasurementWrite): MemberChange {
  const changed = (Object.keys(METRICS_OF) as (keyof CountedValues)[]).filter((key) =>
    key === 'takenAt' ? before.takenAt.getTime() !== after.takenAt.getTime() : before[key] !== after[key],
  )
  const metrics = new Set(changed.flatMap((key) => METRICS_OF[key]))
  return { metrics: [...metrics], boards: false, measurement: changed.length > 0 ? write : undefined }
}

const isEmpty = (change: MemberChange) =>
  change.metrics.length === 0 && !change.boards && !change.measurement && !change.pointsAt?.length

/**
 * Awards each member (over `metrics` only) and moves their boards in the change's transaction; call it last, once.
 * A per-member advisory lock, taken in id order, serializes a member's changes: each award is made once (ADR 081).
 */
export async function afterMemberChange(tx: Tx, userIds: string | readonly string[], change: MemberChange) {
  if (isEmpty(change)) return
  const ids = [...new Set(typeof userIds === 'string' ? [userIds] : userIds)].sort()
  if (change.measurement && ids.length !== 1) throw new Error('a measurement written moves its owner’s boards only')
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member:${id}`}, 0))`)
  }
  for (const id of ids) {
    const awarded = change.metrics.length > 0 ? await awardAchievements(tx, id, change.metrics) : []
    if (change.boards) {
      await refreshMemberBoards(tx, id)
      continue
    }
    const { measurement } = change
    if (measurement) {
      await moveMeasurementCells(tx, id, measurement.id, measurement.before)
    }
    const moments: SQL[] = (change.pointsAt ?? []).map((at) => sql`select ${at.toISOString()}::timestamptz`)
    if (awarded.length > 0) {
      moments.push(sql`select ua.earned_at from user_achievements ua
        where ua.user_id = ${id} and ua.achievement_id in (${sql.join(
          awarded.map((a) => sql`${a}`),
          sql`, `,
        )})`)
    }
    if (moments.length > 0) await refreshPointsCells(tx, id, sql.join(moments, sql` union `))
  }
}
