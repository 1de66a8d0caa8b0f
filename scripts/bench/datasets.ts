import { join } from 'node:path'

/** BENCHMARKING.md data sets. Only the tables that exist so far are filled (likes, follows and comments arrive with the community). */
export const DATASETS = {
  club: { backend: 'pglite', users: 10_000, sessions: 20_000, betaRequests: 2_000, measurements: 100_000 },
  region: { backend: 'postgres', users: 100_000, sessions: 200_000, betaRequests: 20_000, measurements: 1_000_000 },
} as const
export type DatasetName = keyof typeof DATASETS

export const BENCH_USER = { email: 'bench@fieldmark.test', password: 'bench-password-123' }
export const BENCH_SECRET = 'bench-secret-for-reference-routes-only-0123456789'

export function datasetArg(): DatasetName {
  const name = process.argv[2] ?? 'club'
  if (!(name in DATASETS)) {
    console.error(`Unknown data set "${name}"; use one of: ${Object.keys(DATASETS).join(', ')}`)
    process.exit(2)
  }
  return name as DatasetName
}

/** Where a data set lives: a PGlite directory for club, a PostgreSQL database for region. */
export function datasetLocation(name: DatasetName) {
  const dataDir = join(process.cwd(), '.tmp', 'bench', name)
  const databaseUrl =
    DATASETS[name].backend === 'postgres'
      ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldmark_bench_region')
      : undefined
  return { dataDir, databaseUrl }
}
