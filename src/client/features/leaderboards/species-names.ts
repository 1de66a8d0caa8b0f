import { TURKEY_CATEGORIES } from '#shared/scoring/categories.ts'
import type { System } from '#shared/scoring/chart.ts'
import { getSpecies } from '#shared/species/catalogue.ts'

// The species catalogue (the guide's chunk, shared with the species pages and the measurement form) names a
// species the top-species list does not hold, and tells a fish, whose board ranks weight in pounds, from game,
// ranked by score.

export function speciesName(id: string): string | undefined {
  return getSpecies(id)?.name
}

/** As the server decides (leaderboards.service.ts): a species with a fish weight formula. */
export function isFish(id: string): boolean {
  return getSpecies(id)?.fishFormulas !== undefined
}

/** How a species board writes its values: a fish's weight, or a score in the notation of the species' chart. */
export type BoardScale = { fish: true } | { fish: false; category: string | null; book: Exclude<System, 'fish'> | null }

/** A turkey is scored by NWTF alone; other game by several books (B&C, P&Y, SCI), so no single book is named. */
export function boardScale(id: string): BoardScale {
  if (isFish(id)) return { fish: true }
  const category = getSpecies(id)?.scoringCategories[0] ?? null
  const turkey = category !== null && (TURKEY_CATEGORIES as readonly string[]).includes(category)
  return { fish: false, category, book: turkey ? 'nwtf' : null }
}
