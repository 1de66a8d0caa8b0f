import type { EventHub } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import type { PersonRow } from './profiles.service.ts'

// What a profile shows every member who is neither its own member nor an admin is the same for all of them but for
// how they stand to it (follows, blocks). Each process keeps it per profile, dropped by the database's 'profiles'
// event (migration 0025) and at once by the process that made the change (ADR 122).

/** Posts counted as a viewer may see them. */
export type SeenCounts = { measurements: number; trophies: number; species: number }

/** Everything of a profile's row but how the viewer stands to it, and its posts counted both ways. */
export type ProfileFacts = Omit<PersonRow, 'isFollowing' | 'followsYou' | 'blockedByMe' | 'blockedMe'> & {
  /** as a member who does not follow them sees their posts, and as a follower does */
  seenByMembers: SeenCounts
  seenByFollowers: SeenCounts
}

/** About 400 bytes each: every member of a large club. */
const MAX_PROFILES = 20_000

export class ProfileFactsCache {
  readonly #facts: DroppedCache<ProfileFacts>

  /** `live`: this process hears every process's 'profiles' events; without it nothing is kept. */
  constructor(options: { live: boolean }) {
    this.#facts = new DroppedCache({ live: options.live, maxEntries: MAX_PROFILES })
  }

  static listening(events: EventHub): ProfileFactsCache {
    const cache = new ProfileFactsCache({ live: events.live })
    events.onProfiles((change) => {
      if (change === 'all') cache.#facts.clear()
      else for (const id of change) cache.#facts.drop(id)
    })
    events.onReconnect(() => cache.#facts.clear())
    return cache
  }

  get size(): number {
    return this.#facts.size
  }

  /** Take it BEFORE reading facts from the database, for keep(). */
  get generation(): number {
    return this.#facts.generation
  }

  get(userId: string): ProfileFacts | undefined {
    return this.#facts.get(userId)
  }

  keep(facts: ProfileFacts, generation: number): void {
    this.#facts.set(facts.id, facts, generation)
  }
}
