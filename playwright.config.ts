import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts'

// One throwaway data directory per run, created once by the main process (workers inherit the variable),
// so the tests can read the e-mail outbox the server writes there.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fieldmark-e2e-'))
const port = Number(process.env.E2E_PORT ?? 5190)
const baseURL = `http://localhost:${port}`

export const E2E = {
  baseURL,
  dataDir: process.env.E2E_DATA_DIR,
  alphaPassword: 'e2e-alpha-password',
  adminEmail: 'warden@fieldmark.test',
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'test -f dist/client/index.html || npx vite build; node src/server/server.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: E2E.dataDir,
      ALPHA_PASSWORD: E2E.alphaPassword,
      ADMIN_EMAILS: E2E.adminEmail,
      LOG_LEVEL: 'warn',
    },
  },
})
