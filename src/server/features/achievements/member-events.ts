import { type SQL, sql } from 'drizzle-orm'
import type { AchievementMetric } from '#shared/achievements/constants.ts'
import type { Tx } from '../../db/client.ts'
import type { BoardVersion } from '../leaderboards/leaderboards.cells.ts'
import { moveMeasurementCells, readBoardVersion, refreshPointsCells } from '../leaderboards/leaderboards.delta.ts'
import { refreshMemberBoards } from '../leaderboards/leaderboards.service.ts'
import { awardAchievements } from './awards.service.ts'

// The one place where a change to a member's record reaches their achievements and their leaderboard rows, INSIDE
// the transaction that made the change, so both commit (or roll back) with it (issue 6).
//
// - Call it last in the transaction, after the change is written, once per member concerned.
// - It takes a transaction-scoped advisory lock per member first: two concurrent transactions for the same member
//   evaluate one after the other, and the second's statements (READ COMMITTED) see the first's committed rows, so a
//   count reached by two concurrent measurements is seen by one of them and awarded exactly once (the unique
//   constraint on user_achievements backs it). Several members are locked in sorted order (no deadlock).
// - `metrics`: the achievement metrics the change can move (only those are computed). The boards move by what
//   changed (ADR 020): `measurement`, one measurement written, moves the cells of its old and new versions;
//   `pointsAt`, awards taken back, the points rows of those moments; awards made here move their own. `boards`
//   recomputes the member's rows whole, for member-wide changes (a profile hidden or restored, a bulk award).

/** A measurement's write: its id, and what the boards counted of it before (null: nothing, or a new one). */
export type MeasurementWrite = { id: string; before: BoardVersion | null }

export type MemberChange = {
  metrics: readonly AchievementMetric[]
  boards: boolean
  /** For one member only: their measurement written. */
  measurement?: MeasurementWrite | undefined
  /** When awards taken back had been earned. */
  pointsAt?: readonly Date[] | undefined
}

/**
 * What the boards count of a measurement, read before writing it (after it is locked `for update`, or it locks it):
 * the version its write moves the cells away from.
 */
export async function beforeMeasurementWrite(tx: Tx, id: string): Promise<MeasurementWrite> {
  return { id, before: await readBoardVersion(tx, id) }
}

/** The metrics a measurement written, deleted, hidden or restored (or its check state or evidence changed) moves. */
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

/**
 * What a measurement deleted or hidden by a moderator moves: its cells, and of the metrics only personal bests (a
 * later catch may now beat the best before it); every other count can only fall, and a fall awards nothing.
 */
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

/**
 * What an edit moves, from the measurement's counted values before and after: an edit that changes none of them
 * (a caption, notes, photos, a location) costs no counting at all, so repeating one is cheap.
 */
export function measurementEdited(before: CountedValues, after: CountedValues, write: MeasurementWrite): MemberChange {
  const changed = (Object.keys(METRICS_OF) as (keyof CountedValues)[]).filter((key) =>
    key === 'takenAt' ? before.takenAt.getTime() !== after.takenAt.getTime() : before[key] !== after[key],
  )
  const metrics = new Set(changed.flatMap((key) => METRICS_OF[key]))
  return { metrics: [...metrics], boards: false, measurement: changed.length > 0 ? write : undefined }
}

const isEmpty = (change: MemberChange) =>
  change.metrics.length === 0 && !change.boards && !change.measurement && !change.pointsAt?.length

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
