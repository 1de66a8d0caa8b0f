import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/client.ts'
import { createUser, type SignedInUser, setAccessFlags, withoutAchievements } from '#tests/support/factories.ts'
import {
  createPostgresDatabase,
  createTestApp,
  startTestApp,
  TEST_BASE_URL,
  type TestApp,
} from '#tests/support/test-app.ts'

// With two server processes on one PostgreSQL server, a notification created by one reaches a user connected to
// the other (LISTEN/NOTIFY). On PostgreSQL (api-postgres) this file builds two apps on one database,
// each with its own pool and its own listening connection, each listening on a port, and talks to them over HTTP
// like two processes behind a load balancer. PGlite is one process's own database, so on api-pglite the same flow
// runs through one app: the single-process path of the same code.

const backend = process.env.TEST_DB ?? 'pglite'

type Servers = { one: TestApp; two: TestApp; baseOne: string; baseTwo: string; close: () => Promise<void> }

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

async function startServers(): Promise<Servers> {
  if (backend === 'postgres') {
    const database = await createPostgresDatabase()
    // Dropping the database ends the connections still closing (57P01): expected.
    const quiet = (error: Error) => {
      if ((error as Error & { code?: string }).code !== '57P01') console.error(error)
    }
    const first = await openPostgres(database.url, 3, quiet)
    const second = await openPostgres(database.url, 3, quiet)
    await first.migrate()
    const one = await startTestApp(first.db, { listen: first.listen })
    const two = await startTestApp(second.db, { listen: second.listen })
    return {
      one,
      two,
      baseOne: await listen(one),
      baseTwo: await listen(two),
      close: async () => {
        await Promise.all([one.close(), two.close()])
        await Promise.all([first.close(), second.close()])
        await database.drop()
      },
    }
  }
  const t = await createTestApp()
  const base = await listen(t)
  return { one: t, two: t, baseOne: base, baseTwo: base, close: () => t.close() }
}

/** An SSE client over fetch: the `event: notification` counts received so far. */
async function connect(base: string, cookie: string) {
  const abort = new AbortController()
  const res = await fetch(`${base}/api/notifications/stream`, { headers: { cookie }, signal: abort.signal })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  const counts = () =>
    [...text.matchAll(/^event: notification\ndata: (.*)$/gm)].map(
      (m) => (JSON.parse(m[1] as string) as { unreadCount: number }).unreadCount,
    )
  /** Reads until `n` notification events arrived, or `ms` passed. */
  const receive = async (n: number, ms = 5000): Promise<number[]> => {
    const deadline = Date.now() + ms
    while (counts().length < n && Date.now() < deadline) {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), deadline - Date.now()))
      const chunk = await Promise.race([reader.read(), timeout])
      if (chunk === 'timeout' || chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
    }
    return counts()
  }
  return { receive, close: () => abort.abort() }
}

let servers: Servers

/** A public bass posted by the member through server one; its reply. */
async function postBass(member: SignedInUser, lengthIn: number) {
  const res = await servers.one.app.inject({
    method: 'POST',
    url: '/api/measurements',
    headers: { cookie: member.cookie, origin: TEST_BASE_URL },
    payload: {
      id: crypto.randomUUID(),
      speciesId: 'largemouth-bass',
      method: 'tape',
      quick: { lengthIn },
      takenAt: new Date().toISOString(),
      visibility: 'public',
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res
}
let owner: SignedInUser
let fan: SignedInUser

beforeAll(async () => {
  servers = await startServers()
  await withoutAchievements(servers.one)
  owner = await createUser(servers.one, { verify: 'mark', firstName: 'Bea' })
  fan = await createUser(servers.one, { verify: 'mark', firstName: 'Al' })
})
afterAll(() => servers?.close())

describe(`live notifications across ${backend === 'postgres' ? 'two server processes' : 'one server process'}`, () => {
  it("A's like through server one reaches B's stream on server two", async () => {
    const post = await postBass(owner, 21)

    const stream = await connect(servers.baseTwo, owner.cookie)
    try {
      expect(await stream.receive(1)).toEqual([0])
      const like = await fetch(`${servers.baseOne}/api/measurements/${post.json().id}/like`, {
        method: 'PUT',
        headers: { cookie: fan.cookie, origin: TEST_BASE_URL },
      })
      expect(like.status).toBe(200)
      expect(await like.json()).toEqual({ liked: true, likeCount: 1 })
      expect(await stream.receive(2)).toEqual([0, 1])
    } finally {
      stream.close()
    }
  })

  it("a member's new name, saved through server one, shows on their posts served by server two", async () => {
    const author = await createUser(servers.one, { verify: 'mark', firstName: 'Old' })
    const made = await postBass(author, 19)
    const shownOnTwo = async () => {
      const res = await fetch(`${servers.baseTwo}/api/measurements/${made.json().id}/post`, {
        headers: { cookie: fan.cookie },
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { measurement: { owner: { firstName: string } } }).measurement.owner.firstName
    }
    // Server two now holds the author's card (community/member-cards.ts).
    expect(await shownOnTwo()).toBe('Old')
    const renamed = await fetch(`${servers.baseOne}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: author.cookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'New' }),
    })
    expect(renamed.status).toBe(200)
    await expect.poll(shownOnTwo, { timeout: 3000, interval: 25 }).toBe('New')
  })

  it("a like given through server one shows as the member's own on server two's pages", async () => {
    const author = await createUser(servers.one, { verify: 'mark' })
    const made = await postBass(author, 20)
    const likedOnTwo = async () => {
      const res = await fetch(`${servers.baseTwo}/api/profiles/${author.id}/measurements`, {
        headers: { cookie: fan.cookie },
      })
      expect(res.status).toBe(200)
      const page = (await res.json()) as { items: { likedByMe: boolean; likeCount: number }[] }
      return page.items.map((p) => [p.likedByMe, p.likeCount])
    }
    // Server two now keeps the fan's likes (community/viewer-likes.ts).
    expect(await likedOnTwo()).toEqual([[false, 0]])
    const liked = await fetch(`${servers.baseOne}/api/measurements/${made.json().id}/like`, {
      method: 'PUT',
      headers: { cookie: fan.cookie, origin: TEST_BASE_URL },
    })
    expect(liked.status).toBe(200)
    await expect.poll(likedOnTwo, { timeout: 3000, interval: 25 }).toEqual([[true, 1]])
  })

  it('a change to a member made through server one ends their cached session on server two at once', async () => {
    const member = await createUser(servers.one, { verify: 'mark' })
    const bell = () => fetch(`${servers.baseTwo}/api/notifications`, { headers: { cookie: member.cookie } })
    // Server two now holds the checked session in its cache (for up to 30 s).
    expect((await bell()).status).toBe(200)
    await setAccessFlags(servers.one, member.id, { betaApproved: false })
    const started = Date.now()
    let status = 200
    while (status === 200 && Date.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = (await bell()).status
    }
    expect(status).toBe(403)
  })
})
