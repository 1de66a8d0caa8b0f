import { getSpecies } from '#shared/species/catalogue.ts'

// The species catalogue (the guide's chunk, shared with the species pages and the measurement form) names a
// species the top-species list does not hold, and tells a fish, whose board ranks weight in pounds, from game,
// ranked by score.

export function speciesName(id: string): string | undefined {
  return getSpecies(id)?.name
}

export function isFish(id: string): boolean {
  const category = getSpecies(id)?.category
  return category === 'Freshwater Fish' || category === 'Saltwater Fish'
}
