import type { Tx } from '../../db/client.ts'

/** Rewrites the member's leaderboard_entries from their measurements and achievements. (Issue 6: being written.) */
export async function refreshMemberBoards(_tx: Tx, _userId: string): Promise<void> {}
