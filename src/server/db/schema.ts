// Every table of every feature, re-exported so drizzle-kit and joins see them all.
export * from '#server/features/access/access.tables.ts'
export * from '#server/features/auth/auth.tables.ts'
export * from '#server/features/community/community.tables.ts'
export * from '#server/features/leaderboards/leaderboards.tables.ts'
export * from '#server/features/mail/mail.tables.ts'
export * from '#server/features/measurements/measurements.tables.ts'
export * from '#server/features/photo-analysis/photo-analysis.tables.ts'
export * from '#server/plugins/rate-limit.tables.ts'
