// npm run restore <file> — brings an archive of npm run backup back into an EMPTY DATA_DIR (a missing one is made);
// a non-empty one is refused, so nothing is ever overwritten. Start the server on that DATA_DIR afterwards.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { restoreBackup } from '../../src/server/db/backup.ts'

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const file = process.argv[2]
  if (!file) throw new Error('Usage: npm run restore <file>')
  if (!existsSync(file)) throw new Error(`${file} does not exist`)
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
  const started = performance.now()
  const manifest = await restoreBackup(resolve(file), dataDir)
  const photos = manifest.photoFiles === null ? 'photos were in S3' : `${manifest.photoFiles} photo files`
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir} in ${seconds} s (${photos}).`)
}

main().catch((error: Error) => {
  console.error(`Restore failed: ${error.message}`)
  process.exit(1)
})
