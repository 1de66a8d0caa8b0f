import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// server.ts resolves drizzle-orm's modules itself (module-loading.ts). The app must load exactly the modules Node
// would: the same files, each once (a second URL for one file would be a second copy of its classes and state).

const run = promisify(execFile)
const APP = join(import.meta.dirname, '..', 'app.ts')
const MODULE_LOADING = join(import.meta.dirname, 'module-loading.ts')

/** The drizzle-orm module URLs a process resolves while it loads the app, with or without fastModuleLoading. */
async function drizzleModulesLoaded(fast: boolean): Promise<string[]> {
  const script = `
    import { registerHooks } from 'node:module'
    if (${fast}) (await import(${JSON.stringify(MODULE_LOADING)})).fastModuleLoading()
    const urls = new Set()
    // Registered last, so it runs first and sees what the others resolve.
    registerHooks({ resolve(specifier, context, next) {
      const result = next(specifier, context)
      if (result.url.includes('/node_modules/drizzle-orm/')) urls.add(result.url)
      return result
    } })
    await import(${JSON.stringify(APP)})
    console.log(JSON.stringify([...urls].sort()))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
    maxBuffer: 16 * 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[]
}

describe('fastModuleLoading', () => {
  it('loads the same drizzle-orm modules as Node does, each under one URL', async () => {
    const [fast, plain] = await Promise.all([drizzleModulesLoaded(true), drizzleModulesLoaded(false)])
    expect(plain.length).toBeGreaterThan(100)
    expect(fast).toEqual(plain)
  }, 120_000)
})
