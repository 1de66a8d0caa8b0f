import type { AchievementMetric } from '#shared/achievements/constants.ts'
import type { Tx } from '../../db/client.ts'

/**
 * Awards the member every active achievement over these metrics whose target they now reach, in this transaction,
 * with a notification each; returns how many were awarded. (Issue 6: being written.)
 */
export async function awardAchievements(
  _tx: Tx,
  _userId: string,
  _metrics: readonly AchievementMetric[],
): Promise<number> {
  return 0
}
