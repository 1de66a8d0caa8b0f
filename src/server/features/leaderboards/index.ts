// What other features may use of leaderboards: they import it from here, never from its files (biome.json).

export { clearBoardsAfterWrites } from './leaderboards.cache.ts'
export { rebuildAllBoards } from './leaderboards.service.ts'
