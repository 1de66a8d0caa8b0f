// node scripts/bench/explain.ts [club|region] [path …] — what a benchmarked route asks the database, as the bench member,
// on a seeded data set (stop any server on it first when it is PGlite): the app is built in-process, each route is
// asked twice to warm its caches, then once more with every query recorded (time in the database, text) and the
// slowest ones shown with EXPLAIN ANALYZE under the plan the server uses (prepared statements: the generic plan).
// Without paths it takes the community routes `npm run bench` measures.
import { join } from 'node:path'
import { openPglite, openPostgres } from '../../src/server/db/client.ts'
import { BENCH_USER, datasetArg, datasetLocation, memberId, STAR_MEMBER } from './datasets.ts'
import { deepPageUrl, explainRecorded, inProcessApp, recordQueries } from './in-process.ts'

/** How many of a request's queries are explained: the slowest. */
const EXPLAINED = 3

async function main() {
  const name = datasetArg()
  const { dataDir, databaseUrl } = datasetLocation(name)
  const star = memberId(STAR_MEMBER)
  const asked = process.argv.slice(3).filter((a) => a.startsWith('/'))
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const { app, config } = await inProcessApp(handle, dataDir)
  const origin = new URL(config.baseUrl).origin
  const { queries, state, textOf } = recordQueries(handle)
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin },
      payload: { email: BENCH_USER.email, password: BENCH_USER.password },
    })
    const raw = signIn.headers['set-cookie']
    const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ')
    const get = async (url: string) => app.inject({ method: 'GET', url, headers: { cookie } })
    const cursorOf = async (url: string) => (await get(url)).json<{ nextCursor: string | null }>().nextCursor
    // Page `depth`, or the first when there are fewer.
    const deep = async (path: string, depth: number) => (await deepPageUrl(path, depth, cursorOf)) ?? path
    const paths = asked.length
      ? asked
      : [
          '/api/bench/one-row',
          '/api/feed?tab=everyone',
          await deep('/api/feed?tab=everyone', 5),
          '/api/feed?tab=following',
          await deep('/api/feed?tab=following', 5),
          `/api/profiles/${star}`,
          `/api/profiles/${star}/measurements`,
          '/api/notifications',
        ]
    for (const path of paths) {
      await get(path)
      await get(path)
      queries.length = 0
      state.on = true
      const started = performance.now()
      const res = await get(path)
      const total = performance.now() - started
      state.on = false
      const recorded = [...queries]
      const inDb = recorded.reduce((sum, q) => sum + q.ms, 0)
      console.log(
        `\n### GET ${path.replace(/cursor=[^&]+/, 'cursor=…')}: ${res.statusCode}, ${res.body.length} bytes, ${total.toFixed(1)} ms in-process, ${recorded.length} queries taking ${inDb.toFixed(1)} ms`,
      )
      for (const q of recorded) console.log(`- ${q.ms.toFixed(2)} ms: ${textOf(q).replace(/\s+/g, ' ').slice(0, 160)}`)
      const slowest = [...recorded].sort((a, b) => b.ms - a.ms).slice(0, EXPLAINED)
      for (const q of slowest) {
        const explained = await explainRecorded(handle, databaseUrl, q, textOf)
        if (explained) console.log(`\n${explained}`)
      }
    }
  } finally {
    await app.close()
    await handle.close()
  }
}

await main()
