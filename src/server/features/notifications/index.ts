// What other features may use of notifications: they import it from here, never from its files (biome.json).

export type { EventHub, InboxChange, PostsChange, ProfilesChange, ProgressChange } from './notifications.events.ts'
