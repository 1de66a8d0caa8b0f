// npm run db:migrate: applies the migrations and exits, under the same lock as a starting server.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '#server/env.ts'
import { migratePostgres } from './client.ts'
import { lockDataDir } from './lock.ts'
import { openEmbedded } from './template.ts'

if (existsSync('.env')) process.loadEnvFile('.env')
const config = loadConfig()
const started = performance.now()
if (config.databaseDirectUrl) {
  await migratePostgres(config.databaseDirectUrl)
} else {
  const lock = await lockDataDir(config.dataDir)
  try {
    const { handle } = await openEmbedded(join(config.dataDir, 'db'))
    await handle.migrate()
    await handle.close()
  } finally {
    await lock.release()
  }
}
console.log(`Migrations applied in ${Math.round(performance.now() - started)} ms`)
