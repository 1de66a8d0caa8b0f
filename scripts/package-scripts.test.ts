import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every npm script must run on a fresh clone: the files it starts exist, and the scripts it calls are defined.
const root = resolve(import.meta.dirname, '..')
const { scripts } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}

/** The project files a command starts with node or bash (not the binaries of node_modules). */
function filesStarted(command: string): string[] {
  return [...command.matchAll(/\b(?:node|bash)\s+(?:--[\w-]+\s+)*([\w./-]+\.(?:ts|sh|js))/g)].map((m) => m[1] as string)
}

describe('package.json scripts', () => {
  it('start at least one file or tool each', () => {
    expect(Object.keys(scripts).length).toBeGreaterThan(10)
  })

  it.each(Object.entries(scripts))('%s: every file it starts exists', (_name, command) => {
    for (const file of filesStarted(command)) expect(existsSync(resolve(root, file)), file).toBe(true)
  })

  it.each(Object.entries(scripts))('%s: every npm script it calls is defined', (_name, command) => {
    for (const [, called] of command.matchAll(/npm run (?:--silent )?([\w:-]+)/g)) {
      expect(Object.keys(scripts), `npm run ${called}`).toContain(called)
    }
  })

  it('finds the files of the start script (the pattern itself works)', () => {
    expect(filesStarted('npm run build && node src/server/server.ts')).toEqual(['src/server/server.ts'])
    expect(filesStarted('bash scripts/ensure-chromium.sh && node scripts/bench/bench.ts')).toEqual([
      'scripts/ensure-chromium.sh',
      'scripts/bench/bench.ts',
    ])
  })
})
