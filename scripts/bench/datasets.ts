import { join } from 'node:path'

/**
 * The benchmark data sets (docs/benchmarking.md). `starFollowers` are the followers of the one member with many posts whose profile the
 * benchmark opens; they count in `follows`.
 */
export const DATASETS = {
  club: {
    backend: 'pglite',
    users: 10_000,
    sessions: 20_000,
    betaRequests: 2_000,
    measurements: 100_000,
    likes: 500_000,
    follows: 100_000,
    comments: 50_000,
    starFollowers: 2_000,
  },
  region: {
    backend: 'postgres',
    users: 100_000,
    sessions: 200_000,
    betaRequests: 20_000,
    measurements: 1_000_000,
    likes: 5_000_000,
    follows: 1_000_000,
    comments: 500_000,
    starFollowers: 10_000,
  },
} as const
export type DatasetName = keyof typeof DATASETS
export type Dataset = (typeof DATASETS)[DatasetName]

/** Bumped when the seed's layout changes, so `npm run bench` reseeds a data set made by an older seed. */
export const SEED_VERSION = 2

/** The member the benchmark signs in as. Its id is fixed so the seed's SQL and the benchmark can name it. */
export const BENCH_USER = {
  id: 'bench-hunter-0000000000000000000',
  email: 'bench@fieldmark.test',
  password: 'bench-password-123',
}
export const BENCH_SECRET = 'bench-secret-for-reference-routes-only-0123456789'

/** Generated member `i` (0 ≤ i < users): a 32-character id, like better-auth's. Members with i % 10 = 0 await approval. */
export const memberId = (i: number) => `bench${String(i).padStart(27, '0')}`
export const isApproved = (i: number) => i % 10 !== 0

/** The member with many posts and followers whose profile is benched (approved; the bench member follows them). */
export const STAR_MEMBER = 1
export const STAR_POSTS = 200
/** The bench member's own measurements (four pages of 20 and some), who it follows and who follows it. */
export const BENCH_COLLECTION = 65
export const BENCH_FOLLOWING = 100
export const BENCH_FOLLOWERS = 300

export function datasetArg(): DatasetName {
  const name = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'club'
  if (!(name in DATASETS)) {
    console.error(`Unknown data set "${name}"; use one of: ${Object.keys(DATASETS).join(', ')}`)
    process.exit(2)
  }
  return name as DatasetName
}

/** Where a data set lives: a PGlite directory for club, a PostgreSQL database for region. */
export function datasetLocation(name: DatasetName) {
  // BENCH_DATA_DIR: where the PGlite data sets live (default .tmp/bench), e.g. a copy to measure on.
  const dataDir = join(process.env.BENCH_DATA_DIR ?? join(process.cwd(), '.tmp', 'bench'), name)
  const databaseUrl =
    DATASETS[name].backend === 'postgres'
      ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldmark_bench_region')
      : undefined
  return { dataDir, databaseUrl }
}

/** The data set as the report's line names it. */
export function describeDataset(name: DatasetName): string {
  const spec = DATASETS[name]
  const n = (v: number) => v.toLocaleString('en-US')
  return `${name} (${n(spec.users)} users, ${n(spec.sessions)} sessions, ${n(spec.betaRequests)} beta requests, ${n(spec.measurements)} measurements, ${n(spec.likes)} likes, ${n(spec.follows)} follows, ${n(spec.comments)} comments)`
}
