// Every table of every feature, re-exported so drizzle-kit and joins see them all.
export * from '../features/access/access.tables.ts'
export * from '../features/auth/auth.tables.ts'
export * from '../features/community/community.tables.ts'
export * from '../features/leaderboards/leaderboards.tables.ts'
export * from '../features/mail/mail.tables.ts'
export * from '../features/measurements/measurements.tables.ts'
export * from '../features/photo-analysis/photo-analysis.tables.ts'
export * from '../plugins/rate-limit.tables.ts'
