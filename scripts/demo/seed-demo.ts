// npm run seed:demo — fills the app's database (PGlite in DATA_DIR, or DATABASE_URL) with a few members, their
// measurements and what they do with each other's (follows, likes, comments with a mention, size checks), so a
// newcomer sees a living app within a minute. Everything goes through the real API in-process (app.inject): photos
// through the upload pipeline, scores computed by the server, notifications made by the routes. Running it again
// adds nothing.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { hashPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { buildApp } from '../../src/server/app.ts'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { lockDataDir } from '../../src/server/db/lock.ts'
import { accounts, userSettings, users } from '../../src/server/db/schema.ts'
import { loadConfig } from '../../src/server/env.ts'
import { createMailer } from '../../src/server/lib/mailer.ts'
import type { NotificationList, SizeChecks } from '../../src/shared/schemas/community.ts'
import type {
  CreateMeasurement,
  LocationPrecision,
  Measurement,
  Visibility,
} from '../../src/shared/schemas/measurements.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { type DemoPost, planCommunity } from './community.ts'
import { createRng, generateMeasurement, pick, type Rng } from './generate.ts'
import { demoPhoto, photoSceneFor } from './photos.ts'

export const DEMO_PASSWORD = 'fieldmark-demo'

type DemoMember = {
  firstName: string
  lastName: string
  email: string
  region: string
  /** species this member hunts or fishes, with how many of each */
  catches: [speciesId: string, count: number][]
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    firstName: 'Sam',
    lastName: 'Whitaker',
    email: 'sam@demo.fieldmark.test',
    region: 'Wisconsin',
    catches: [
      ['whitetail-deer', 4],
      ['wild-turkey', 2],
      ['walleye', 2],
      ['largemouth-bass', 2],
    ],
  },
  {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria@demo.fieldmark.test',
    region: 'Montana',
    catches: [
      ['rocky-mountain-elk', 2],
      ['mule-deer', 2],
      ['pronghorn', 2],
      ['rainbow-trout', 3],
    ],
  },
  {
    firstName: 'Jake',
    lastName: 'Turner',
    email: 'jake@demo.fieldmark.test',
    region: 'Florida',
    catches: [
      ['largemouth-bass', 3],
      ['tarpon', 2],
      ['red-drum', 2],
      ['mallard', 2],
    ],
  },
  {
    firstName: 'Ava',
    lastName: 'Chen',
    email: 'ava@demo.fieldmark.test',
    region: 'Alberta',
    catches: [
      ['bighorn-sheep', 1],
      ['black-bear', 2],
      ['moose', 1],
      ['muskellunge', 2],
      ['ring-necked-pheasant', 2],
    ],
  },
]

const CAPTIONS = [
  'Opening morning, finally.',
  'Worth every cold hour in the stand.',
  'Released after a quick photo.',
  'Second season after this one. Patience paid.',
  'Last light, long walk out.',
  'First of the year!',
]
const VISIBILITY: readonly Visibility[] = ['public', 'public', 'public', 'followers', 'private']
const PRECISION: readonly LocationPrecision[] = ['region', 'region', 'km', 'hidden']

/** A multipart body as a browser would send it, for app.inject. */
async function multipart(file: Buffer, name: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig()
  let handle: DbHandle
  let unlock = async () => {}
  if (config.databaseUrl) {
    handle = await openPostgres(config.databaseUrl, 10, undefined, config.databaseDirectUrl)
  } else {
    try {
      unlock = (await lockDataDir(config.dataDir)).release
    } catch (error) {
      console.error(`${(error as Error).message}\nStop the server first, then run npm run seed:demo again.`)
      process.exit(1)
    }
    handle = await openPglite(join(config.dataDir, 'db'))
  }
  await handle.migrate()
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: console,
  })
  const app = await buildApp({ db: handle.db, config, mailer, warmPosts: 0 })
  const origin = new URL(config.baseUrl).origin
  const started = performance.now()
  let made = 0
  let waiting = 0
  try {
    // Members in parallel: sharp works on libuv's threads, so the photos of two members encode side by side.
    const created = await Promise.all(
      DEMO_MEMBERS.map(async (member, index): Promise<CreatedMember | null> => {
        const existing = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, member.email))
        if (existing.length > 0) {
          console.log(`${member.email} already exists: left as it is`)
          return null
        }
        const userId = await createMember(handle, member)
        const cookie = await signIn(app, origin, member.email)
        const rng = createRng(42 + index)
        const posts: DemoPost[] = []
        for (const [speciesId, times] of member.catches) {
          for (let i = 0; i < times; i++) {
            const m = await recordCatch(app, { origin, cookie }, rng, member, speciesId, i / Math.max(1, times - 1))
            posts.push({
              id: m.id,
              owner: index,
              species: m.species,
              visibility: m.visibility,
              photoCount: m.photos.length,
              summary: m.summary,
            })
          }
        }
        await handle.db.insert(userSettings).values({ userId, defaultVisibility: 'public' }).onConflictDoNothing()
        return { id: userId, cookie, posts, ...member }
      }),
    )
    made = created.reduce((sum, c) => sum + (c?.posts.length ?? 0), 0)
    const fresh = created.filter((c): c is CreatedMember => c !== null)
    if (fresh.length === DEMO_MEMBERS.length) {
      waiting = await actTogether(app, origin, fresh)
    } else if (fresh.length > 0) {
      console.log('Some demo members existed already: no follows, likes, comments or size checks were added.')
    }
  } finally {
    await app.close()
    await handle.close()
    await unlock()
  }
  console.log(`\nDemo data: ${made} measurements in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  if (waiting > 0) console.log(`${DEMO_MEMBERS[0]?.firstName} has ${waiting} unread notifications waiting.`)
  console.log(`Start the app (npm start) and sign in at ${config.baseUrl}/sign-in as any of:`)
  for (const m of DEMO_MEMBERS) console.log(`  ${m.email}  (${m.firstName} ${m.lastName}, ${m.region})`)
  console.log(`with the password: ${DEMO_PASSWORD}`)
  if (config.alphaPassword) console.log('The alpha password gate is already passed for these members.')
}

type CreatedMember = DemoMember & { id: string; cookie: string; posts: DemoPost[] }

/**
 * The community between the demo members (community.ts plans it): follows, likes, comments with a mention, two
 * confirmations that make one of the first member's measurements community verified, its owner's reply and a
 * plausible verdict. Each goes through its route, which also notifies. Returns the first member's unread count.
 */
async function actTogether(app: App, origin: string, members: CreatedMember[]): Promise<number> {
  const plan = planCommunity(
    createRng(7),
    members,
    members.flatMap((m) => m.posts),
  )
  const as = (member: number) => ({ origin, cookie: (members[member] as CreatedMember).cookie })
  const call = async (member: number, method: 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: as(member), ...(payload ? { payload } : {}) })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res
  }
  for (const [follower, followee] of plan.follows) {
    await call(follower, 'PUT', `/api/follows/${(members[followee] as CreatedMember).id}`)
  }
  for (const like of plan.likes) await call(like.member, 'PUT', `/api/measurements/${like.postId}/like`)
  for (const c of plan.comments) {
    await call(c.member, 'POST', `/api/measurements/${c.postId}/comments`, { body: c.body })
  }
  const checkIds = new Map<string, string>()
  for (const { member, postId, ...verdict } of plan.checks) {
    const res = await call(member, 'PUT', `/api/measurements/${postId}/size-check`, verdict)
    const mine = (res.json() as SizeChecks).checks.find((c) => c.isMine)
    if (mine) checkIds.set(`${member}:${postId}`, mine.id)
  }
  const reply = plan.reply
  const checkId = reply && checkIds.get(`${reply.checker}:${reply.postId}`)
  if (reply && checkId) {
    const owner = members.findIndex((m) => m.posts.some((p) => p.id === reply.postId))
    await call(owner, 'POST', `/api/measurements/${reply.postId}/size-checks/${checkId}/reply`, { reply: reply.body })
  }
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: as(0) })
  console.log(
    `Community: ${plan.follows.length} follows, ${plan.likes.length} likes, ${plan.comments.length} comments, ${plan.checks.length} size checks.`,
  )
  return res.statusCode === 200 ? (res.json() as NotificationList).unreadCount : 0
}

/** An approved, verified member past the alpha gate, with a password account. */
async function createMember(handle: DbHandle, member: DemoMember): Promise<string> {
  const id = randomUUID()
  await handle.db.insert(users).values({
    id,
    name: `${member.firstName} ${member.lastName}`,
    email: member.email,
    emailVerified: true,
    firstName: member.firstName,
    lastName: member.lastName,
    betaApproved: true,
    gatePassed: true,
    approvedAt: new Date(),
  })
  await handle.db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(DEMO_PASSWORD),
  })
  return id
}

type App = Awaited<ReturnType<typeof buildApp>>

async function signIn(app: App, origin: string, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers: { origin },
    payload: { email, password: DEMO_PASSWORD },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`)
  const raw = res.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  const session = list.find((c) => /fieldmark\.session_token=/.test(c))
  if (!session) throw new Error('no session cookie')
  return session.split(';')[0] as string
}

async function recordCatch(
  app: App,
  headers: { origin: string; cookie: string },
  rng: Rng,
  member: DemoMember,
  speciesId: string,
  rank: number,
): Promise<Measurement> {
  const species = getSpecies(speciesId)
  if (!species) throw new Error(`unknown species ${speciesId}`)
  // From an ordinary one to one over the book line: the scores cross the record-book minimums.
  const generated = generateMeasurement(rng, speciesId, 0.82 + rank * 0.3 + rng() * 0.04)
  const photoIds: string[] = []
  const photos = rng() < 0.25 ? 2 : 1
  for (let p = 0; p < photos; p++) {
    const id = randomUUID()
    const body = await multipart(await demoPhoto(photoSceneFor(speciesId, species.category), rng), `${speciesId}.jpg`)
    const res = await app.inject({
      method: 'POST',
      url: `/api/photos?id=${id}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    })
    if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.statusCode} ${res.body}`)
    photoIds.push(id)
  }
  const takenAt = new Date(Date.now() - Math.floor(rng() * 360 + 1) * 86_400_000)
  const input: CreateMeasurement = {
    id: randomUUID(),
    speciesId,
    ...(generated.sheet ? { sheet: generated.sheet } : {}),
    ...(generated.quick ? { quick: generated.quick } : {}),
    method: generated.method,
    takenAt: takenAt.toISOString(),
    caption: pick(rng, CAPTIONS),
    visibility: pick(rng, VISIBILITY),
    location: { region: member.region, precision: pick(rng, PRECISION) },
    photoIds,
  }
  const res = await app.inject({ method: 'POST', url: '/api/measurements', headers, payload: input })
  if (res.statusCode !== 201) throw new Error(`measurement failed: ${res.statusCode} ${res.body}`)
  return res.json() as Measurement
}

await main()
