import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type DataDirLock, LOCK_SOCKET, lockDataDir } from './lock.ts'

const LOCK_MODULE = join(import.meta.dirname, 'lock.ts')
const dirs: string[] = []
const children: ChildProcess[] = []
const locks: DataDirLock[] = []

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fm-lock-'))
  dirs.push(dir)
  return dir
}

/** Another process holding the lock on `dir`, once it says so. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve()
    })
    child.once('exit', (status) => reject(new Error(`holder exited with ${status}`)))
  })
  return child
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

afterEach(async () => {
  for (const lock of locks.splice(0)) await lock.release()
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) await killed(child)
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the data-directory lock', () => {
  it('refuses a second holder while the first lives, naming its process', async () => {
    const dir = tempDir()
    const child = await holder(dir)

    await expect(lockDataDir(dir)).rejects.toThrow(`${dir} is in use by process ${child.pid}; one server per DATA_DIR`)
  })

  it('is released by the operating system when its holder is killed (kill -9)', async () => {
    const dir = tempDir()
    await killed(await holder(dir))
    // The socket file is still there, left behind: a stale lock.
    expect(statSync(join(dir, LOCK_SOCKET)).isSocket()).toBe(true)

    const lock = await lockDataDir(dir)
    locks.push(lock)
    // And this process now holds it: the next one is refused.
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`)
  })

  it('gives a stale lock to exactly one of several processes finding it at once', async () => {
    const dir = tempDir()
    await killed(await holder(dir))

    const results = await Promise.allSettled(Array.from({ length: 6 }, () => lockDataDir(dir)))
    const taken = results.filter((r) => r.status === 'fulfilled')
    for (const r of taken) locks.push(r.value)
    expect(taken).toHaveLength(1)
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/in use by process|could not take the lock/i)
    }
    // No temporary socket names are left behind.
    expect(readdirSync(dir)).toEqual([LOCK_SOCKET])
  })

  it('is free again after release, and its socket is private to its owner', async () => {
    const dir = tempDir()
    const lock = await lockDataDir(dir)
    expect(statSync(lock.path).mode & 0o777).toBe(0o600)
    await lock.release()
    expect(readdirSync(dir)).toEqual([])
    locks.push(await lockDataDir(dir))
  })

  it('says so when the directory path is too long for a socket', async () => {
    const dir = join(tempDir(), 'x'.repeat(100))
    await expect(lockDataDir(dir)).rejects.toThrow(
      /is too long for its lock socket: keep DATA_DIR at most \d+ characters long/,
    )
  })

  it('is the lock npm run seed:demo takes', async () => {
    const dir = tempDir()
    locks.push(await lockDataDir(dir))
    const seed = spawn(process.execPath, ['scripts/demo/seed-demo.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(seed)
    let stderr = ''
    seed.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const status = await new Promise((resolve) => seed.once('exit', resolve))

    expect(status).toBe(1)
    expect(stderr).toContain(`${dir} is in use by process ${process.pid}`)
    expect(stderr).toContain('Stop the server first')
  })
})
