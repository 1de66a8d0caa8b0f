// What other features may use of access: they import it from here, never from its files (biome.json).

export {
  approvedEmail,
  deniedEmail,
  existingAccountEmail,
  resetPasswordEmail,
  verificationEmail,
} from './access.emails.ts'
export { applyAccessForVerifiedUser, clearCommunityStatsCache } from './access.service.ts'
export { betaRequests } from './access.tables.ts'
