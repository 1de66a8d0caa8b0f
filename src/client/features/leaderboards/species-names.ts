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
