// The pure arithmetic of one measurement's write on its owner's cells (ADR 020; leaderboards.delta.ts does the I/O).
// Moments are fixed-width ISO texts with microseconds: they sort as text, and a Date would drop the microseconds.

/** A counted measurement as the boards see it (null when it does not count). */
export type BoardVersion = {
  speciesId: string
  buckets: readonly string[]
  level: number
  trophy: boolean
  /** What it ranks by on its species board, or null. */
  size: number | null
  createdAt: string
}

/** A measurement's part in one cell. Cells of every species ('') have no best, so no size. */
export type Part = { trophy: boolean; size: number | null; createdAt: string }

/** A member's 'trophies' and 'species' rows of one bucket, species and evidence; measurements 0 is no rows. */
export type Cell = {
  measurements: number
  trophies: number
  /** achieved_at of the 'trophies' row: the last trophy recorded, or with none the last measurement. */
  trophiesAt: string | null
  /** The 'species' row: the best size, recorded first among equals. */
  best: number | null
  bestAt: string | null
}

export const EMPTY_CELL: Cell = { measurements: 0, trophies: 0, trophiesAt: null, best: null, bestAt: null }

export type CellKey = { bucket: string; speciesId: string; evidence: number }

export const keyText = (k: CellKey) => `${k.bucket}|${k.speciesId}|${k.evidence}`

export function cellsOf(version: BoardVersion | null): Map<string, { key: CellKey; part: Part }> {
  const cells = new Map<string, { key: CellKey; part: Part }>()
  if (version === null) return cells
  for (const bucket of version.buckets) {
    for (const speciesId of ['', version.speciesId]) {
      const part = {
        trophy: version.trophy,
        size: speciesId === '' ? null : version.size,
        createdAt: version.createdAt,
      }
      for (let evidence = 0; evidence <= version.level; evidence++) {
        const key = { bucket, speciesId, evidence }
        cells.set(keyText(key), { key, part })
      }
    }
  }
  return cells
}

export const samePart = (a: Part | undefined, b: Part | undefined) =>
  a === b ||
  (a !== undefined && b !== undefined && a.trophy === b.trophy && a.size === b.size && a.createdAt === b.createdAt)

const later = (a: string | null, b: string) => (a === null || b > a ? b : a)

const beats = (part: Part, best: number | null, bestAt: string | null) =>
  part.size !== null &&
  (best === null || part.size > best || (part.size === best && bestAt !== null && part.createdAt < bestAt))

export type Moved = { cell: Cell; refindLatest: boolean; refindBest: boolean }

/** The cell with `removed` (before the write) out and `added` in; a maximum `removed` held is flagged to read again. */
export function moveCell(cell: Cell, removed: Part | undefined, added: Part | undefined): Moved {
  const measurements = cell.measurements - (removed ? 1 : 0) + (added ? 1 : 0)
  const trophies = cell.trophies - (removed?.trophy ? 1 : 0) + (added?.trophy ? 1 : 0)
  if (measurements <= 0) return { cell: EMPTY_CELL, refindLatest: false, refindBest: false }
  const left = removed ? cell.measurements - 1 : cell.measurements
  const leftTrophies = cell.trophies - (removed?.trophy ? 1 : 0)
  let trophiesAt = left > 0 ? cell.trophiesAt : null
  let best = left > 0 ? cell.best : null
  let bestAt = left > 0 ? cell.bestAt : null
  let refindLatest = false
  let refindBest = false
  if (removed && left > 0) {
    // The latest counts trophies while the cell has any, else every measurement.
    const heldLatest =
      cell.trophiesAt !== null && removed.createdAt >= cell.trophiesAt && (cell.trophies === 0 || removed.trophy)
    if (heldLatest || (removed.trophy && leftTrophies === 0)) {
      // Still held by the added part (the same measurement, so the same moment) unless it lost its trophy.
      if (added && added.createdAt >= removed.createdAt && (added.trophy || !removed.trophy)) trophiesAt = null
      else refindLatest = true
    }
    const size = removed.size
    if (size !== null && cell.best !== null && size >= cell.best && removed.createdAt <= (cell.bestAt ?? '')) {
      if (added && added.size !== null && added.size >= size && added.createdAt <= removed.createdAt) {
        best = null
        bestAt = null
      } else refindBest = true
    }
  }
  if (added && !refindLatest) {
    if (added.trophy) trophiesAt = leftTrophies > 0 ? later(trophiesAt, added.createdAt) : added.createdAt
    else if (leftTrophies === 0) trophiesAt = later(trophiesAt, added.createdAt)
  }
  if (added && !refindBest && beats(added, best, bestAt)) {
    best = added.size
    bestAt = added.createdAt
  }
  return { cell: { measurements, trophies, trophiesAt, best, bestAt }, refindLatest, refindBest }
}

/** A year from its months, or all time from its years, given its own counts: by moveCell's rules. */
export function rollUp(counts: Pick<Cell, 'measurements' | 'trophies'>, children: readonly Cell[]): Cell {
  let trophiesAt: string | null = null
  let best: number | null = null
  let bestAt: string | null = null
  for (const child of children) {
    if (child.measurements === 0) continue
    if (child.trophiesAt !== null && (counts.trophies === 0 || child.trophies > 0)) {
      trophiesAt = later(trophiesAt, child.trophiesAt)
    }
    if (
      child.best !== null &&
      child.bestAt !== null &&
      beats({ trophy: false, size: child.best, createdAt: child.bestAt }, best, bestAt)
    ) {
      best = child.best
      bestAt = child.bestAt
    }
  }
  return { ...counts, trophiesAt, best, bestAt }
}

/** Rows each species' count is split over, so members posting one species at once do not wait on one row. */
export const TOTALS_SHARDS = 16

/** The member's row of the species totals: a stable hash of their id (FNV-1a), the same in every process. */
export function totalsShard(userId: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % TOTALS_SHARDS
}
