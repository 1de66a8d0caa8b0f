// The arithmetic of one measurement's write on its owner's cells (leaderboards.delta.ts reads and writes them). A
// cell is one bucket × species ('' for all) × evidence level of a member: their 'trophies' row, and for a species
// their 'species' row, as leaderboards.service.ts defines them. Pure: no database, so each rule is a unit test.
//
// Moments are fixed-width ISO texts with microseconds ('2026-11-16T10:00:00.123456Z'), as the database stores them:
// they compare as text in time order, and a Date would lose the microseconds a rebuild keeps.

/** A counted measurement as the boards see it (null when it does not count). */
export type BoardVersion = {
  speciesId: string
  /** Its buckets of date taken: 'all', 'y2026', 'm2026-11', 'w2026-11-16'. */
  buckets: readonly string[]
  /** The highest evidence level it reaches: 0, 1 or 2. */
  level: number
  trophy: boolean
  /** What it ranks by on its species board, or null. */
  size: number | null
  createdAt: string
}

/** A measurement's part in one cell. Cells of every species ('') have no best, so no size. */
export type Part = { trophy: boolean; size: number | null; createdAt: string }

/** The rows of one cell: measurements 0 is no rows at all. */
export type Cell = {
  measurements: number
  trophies: number
  /** achieved_at of the 'trophies' row: the last trophy recorded, or with none the last measurement. */
  trophiesAt: string | null
  /** value and achieved_at of the 'species' row: the best size, recorded first among equals. */
  best: number | null
  bestAt: string | null
}

export const EMPTY_CELL: Cell = { measurements: 0, trophies: 0, trophiesAt: null, best: null, bestAt: null }

export type CellKey = { bucket: string; speciesId: string; evidence: number }

export const keyText = (k: CellKey) => `${k.bucket}|${k.speciesId}|${k.evidence}`

/** Every cell a version counts in, with its part there. */
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

/** Whether `part` is better than the best (size, then the earlier): ties of size go to what was recorded first. */
const beats = (part: Part, best: number | null, bestAt: string | null) =>
  part.size !== null &&
  (best === null || part.size > best || (part.size === best && bestAt !== null && part.createdAt < bestAt))

/** A cell's next state, and which of its maxima must be read again because the part removed held them. */
export type Moved = { cell: Cell; refindLatest: boolean; refindBest: boolean }

/**
 * The cell once `removed` (the measurement's part before the write) is taken out and `added` (after) put in. Counts
 * move by one; a maximum held by the removed part is marked to be read again (from the rows as they are after the
 * write, which hold `added`), unless the added part, the same measurement, still holds it.
 */
export function moveCell(cell: Cell, removed: Part | undefined, added: Part | undefined): Moved {
  const measurements = cell.measurements - (removed ? 1 : 0) + (added ? 1 : 0)
  const trophies = cell.trophies - (removed?.trophy ? 1 : 0) + (added?.trophy ? 1 : 0)
  if (measurements <= 0) return { cell: EMPTY_CELL, refindLatest: false, refindBest: false }
  // What is left once the removed part is out; emptied, it holds nothing to read again.
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

/**
 * A cell from the cells it is made of (a year from its months, all time from its years), given its own counts: the
 * latest of its children's (of those with trophies while it has any), the best of theirs, recorded first among equals.
 */
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
