// What other features may use of community: they import it from here, never from its files (biome.json).

export {
  achievements,
  blocks,
  comments,
  follows,
  notifications,
  reports,
  sizeChecks,
  userAchievements,
} from './community.tables.ts'
export { queuePostDelivery, reachesFollowers } from './feed-inbox.service.ts'
export { memberColumns, toMember } from './interactions.service.ts'
export { MemberCards } from './member-cards.cache.ts'
