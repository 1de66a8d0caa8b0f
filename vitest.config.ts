import { defineConfig } from 'vitest/config'

// Three projects: pure unit tests, and the same API test files run once on in-memory PGlite and once on a
// PostgreSQL server (TEST_DATABASE_URL, provided by scripts/with-postgres.sh). Each API test file builds one
// app on its own database, so files run in parallel without sharing state.
const apiFiles = ['src/server/**/*.test.ts']

export default defineConfig({
  test: {
    // Two cores on CI: forks isolate PGlite's WASM heap per file, two workers keep the machine responsive.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          environment: 'node',
          include: apiFiles,
          env: { TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          environment: 'node',
          include: apiFiles,
          env: { TEST_DB: 'postgres' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
