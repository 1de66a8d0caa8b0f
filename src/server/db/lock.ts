import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite has no lock of its own against a second process on the same directory (stack-notes G7): the server and
 * `npm run seed:demo` take this one. Returns the unlock function.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'db.lock')
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'))
    let alive = false
    try {
      if (pid > 0) process.kill(pid, 0)
      alive = pid > 0
    } catch {
      alive = false
    }
    if (alive && pid !== process.pid) {
      throw new Error(`${dir} is in use by process ${pid}; one server per DATA_DIR (or set DATABASE_URL)`)
    }
  }
  writeFileSync(file, String(process.pid))
  return () => rmSync(file, { force: true })
}
