// The benchmark seed's work as steps with what each needs done before it, run on several sessions at once: each
// session takes the first step, in the order given, whose prerequisites are done, and waits while none is. On a busy
// two-core machine the seed's statements are mostly CPU; side by side they get more of it, and PostgreSQL runs one
// statement on one core. PGlite has one session: the steps then run one after the other, in an order that respects
// the prerequisites.
import type { Db } from '../../src/server/db/client.ts'

export type Step = { name: string; after?: readonly string[]; run: (db: Db) => Promise<unknown> }

/** Runs every step once, each after its prerequisites (`done`: names already done, outside these steps). */
export async function runSteps(
  sessions: readonly Db[],
  steps: readonly Step[],
  log: (line: string) => void,
  done: Iterable<string> = [],
): Promise<void> {
  const finished = new Set(done)
  const known = new Set([...finished, ...steps.map((s) => s.name)])
  for (const step of steps) {
    const unknown = (step.after ?? []).filter((name) => !known.has(name))
    if (unknown.length > 0) throw new Error(`step ${step.name} waits for unknown steps: ${unknown.join(', ')}`)
  }
  const pending = [...steps]
  let running = 0
  let failed = false
  let wake = () => {}
  let changed = new Promise<void>((resolve) => {
    wake = resolve
  })
  const announce = () => {
    const woken = wake
    changed = new Promise<void>((resolve) => {
      wake = resolve
    })
    woken()
  }
  const work = async (db: Db) => {
    while (!failed && pending.length > 0) {
      const at = pending.findIndex((s) => (s.after ?? []).every((name) => finished.has(name)))
      if (at < 0) {
        if (running === 0) throw new Error(`steps wait for one another: ${pending.map((s) => s.name).join(', ')}`)
        await changed
        continue
      }
      const [step] = pending.splice(at, 1) as [Step]
      const started = performance.now()
      running += 1
      try {
        await step.run(db)
      } catch (error) {
        failed = true
        announce()
        throw error
      } finally {
        running -= 1
      }
      log(`${step.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
      finished.add(step.name)
      announce()
    }
  }
  await Promise.all(sessions.map(work))
}
