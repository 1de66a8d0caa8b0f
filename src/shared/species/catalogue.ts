// The 35 species of the Species Guide. Left out: blue catfish (record pending with the IGFA), bonefish (now two
// species to the IGFA) and wood duck (the mallard's entry again). minScore and its sources are derived from
// categories.ts here, so the two can never disagree.
import {
  CATEGORY_MINIMUMS,
  type CategoryMinimums,
  type ChartCategory,
  type Minimum,
} from '#shared/scoring/categories.ts'
import { BIG_GAME } from './big-game.ts'
import { SMALL_GAME, UPLAND_GAME, WATERFOWL } from './birds-and-small-game.ts'
import { CATEGORY_LABELS } from './category-labels.ts'
import { FRESHWATER_FISH, SALTWATER_FISH } from './fish.ts'
import type { MinScore, Species, SpeciesEntry } from './types.ts'

function minScoreOf(entry: SpeciesEntry): { minScore: MinScore; used: Minimum[] } {
  const first = entry.scoringCategories[0]
  const book: CategoryMinimums = first ? CATEGORY_MINIMUMS[first] : {}
  const minScore: MinScore = {}
  const used: Minimum[] = []
  if (book.bcAllTime) {
    minScore.bc = book.bcAllTime.value
    used.push(book.bcAllTime)
  }
  if (book.py) {
    minScore.py = book.py.value
    used.push(book.py)
  }
  if (first === 'wild-turkey' && book.other) {
    minScore.nwtf = book.other.value
    used.push(book.other)
  }
  if (entry.trophyWeightLbs !== undefined) minScore.weight = entry.trophyWeightLbs
  return { minScore, used }
}

function withMinScore(entry: SpeciesEntry): Species {
  const { minScore, used } = minScoreOf(entry)
  const sources = [...new Set([...entry.sources, ...used.map((m) => m.source)])]
  return { ...entry, minScore, sources }
}

export const SPECIES: readonly Species[] = [
  ...BIG_GAME,
  ...FRESHWATER_FISH,
  ...SALTWATER_FISH,
  ...UPLAND_GAME,
  ...WATERFOWL,
  ...SMALL_GAME,
].map(withMinScore)

const byId = new Map(SPECIES.map((s) => [s.id, s]))

export function getSpecies(id: string): Species | undefined {
  return byId.get(id)
}

export type BookMinimum = Minimum & { book: 'bcAwards' | 'bcAllTime' | 'py' | 'sci' | 'other'; label: string }
export type CategoryMinimumsRow = { category: ChartCategory; label: string; minimums: BookMinimum[] }

/** Each scoring category of the species with every record-book minimum categories.ts holds for it. */
export function minimumsFor(species: Pick<Species, 'scoringCategories'>): CategoryMinimumsRow[] {
  return species.scoringCategories.map((category) => {
    const { bcAwards, bcAllTime, py, sci, other } = CATEGORY_MINIMUMS[category]
    const minimums: BookMinimum[] = []
    if (bcAwards) minimums.push({ ...bcAwards, book: 'bcAwards', label: 'B&C Awards' })
    if (bcAllTime) minimums.push({ ...bcAllTime, book: 'bcAllTime', label: 'B&C All-time' })
    if (py) minimums.push({ ...py, book: 'py', label: 'P&Y' })
    if (sci) minimums.push({ ...sci, book: 'sci', label: 'SCI' })
    if (other) minimums.push({ ...other, book: 'other' })
    return { category, label: CATEGORY_LABELS[category], minimums }
  })
}
