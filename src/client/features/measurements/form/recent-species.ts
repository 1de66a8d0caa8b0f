import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'

// The species a member recorded last, newest first, kept on this device (localStorage) so the species picker
// lists them first. At most RECENT_SPECIES_LIMIT; ids no longer in the catalogue are skipped.

export const RECENT_SPECIES_KEY = 'fieldmark.recentSpecies'
export const RECENT_SPECIES_LIMIT = 5

type Store = Pick<Storage, 'getItem' | 'setItem'>

function storage(): Store | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function recentSpeciesIds(store: Store | undefined = storage()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(RECENT_SPECIES_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter((id): id is string => typeof id === 'string').slice(0, RECENT_SPECIES_LIMIT)
  } catch {
    return []
  }
}

export function recentSpecies(store: Store | undefined = storage()): Species[] {
  return recentSpeciesIds(store).flatMap((id) => getSpecies(id) ?? [])
}

/** Puts a species first (once), keeping at most RECENT_SPECIES_LIMIT. */
export function rememberSpecies(id: string, store: Store | undefined = storage()): void {
  const next = [id, ...recentSpeciesIds(store).filter((other) => other !== id)].slice(0, RECENT_SPECIES_LIMIT)
  try {
    store?.setItem(RECENT_SPECIES_KEY, JSON.stringify(next))
  } catch {
    // Storage full or blocked (private mode): the picker simply has no recent species.
  }
}
