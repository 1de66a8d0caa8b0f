import { and, desc, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared.ts'
import { blockedSql, type Relation } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { fieldError, getSettings, isCursorTime, photos, saveSettings } from '#server/features/measurements/index.ts'
import { avatarUrl } from '#server/features/photos/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member, MemberPage, Profile, UpdateProfileSchema } from '#shared/schemas/community.ts'
import { follows } from './community.tables.ts'
import type { ProfileFacts, ProfileFactsCache, SeenCounts } from './profile-facts.cache.ts'

// Profiles. Not found when the member does not exist or is not approved, blocked the viewer, or was hidden by a
// moderator (but for the member and admins); the viewer who blocked them sees only the way back.

export const MEMBER_NOT_FOUND = 'Member not found'
export const memberNotFound = () => new AppError('NOT_FOUND', MEMBER_NOT_FOUND)

export type Standing = {
  id: string
  firstName: string | null
  lastName: string | null
  image: string | null
  approved: boolean
  hidden: boolean
  isFollowing: boolean
  followsYou: boolean
  blockedByMe: boolean
  blockedMe: boolean
}

type Executor = Db | Tx

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  hidden: sql<boolean>`${users.hiddenAt} is not null`,
}

// Drizzle leaves columns of a one-table select unqualified, even inside subqueries of its fields; these subqueries
// therefore name their tables with aliases and the member as "users"."id".
const theMember = sql.raw('"users"."id"')

const followSql = (follower: string | SQL | Placeholder, followee: string | SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from follows f where f.follower_id = ${follower} and f.followee_id = ${followee})`

const blockSql = (blocker: string | SQL | Placeholder, blocked: string | SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from blocks b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`

const viewerId = sql.placeholder('viewerId')
const memberId = sql.placeholder('userId')

/** SQL select list: how `viewer` and `member` stand to each other, in both directions. */
const relationColumns = (viewer: string | Placeholder, member: SQL | Placeholder) => sql`${followSql(viewer, member)}
    as "isFollowing", ${followSql(member, viewer)} as "followsYou",
    ${blockSql(viewer, member)} as "blockedByMe", ${blockSql(member, viewer)} as "blockedMe"`

/** SQL select list: how the viewer stands to the member `u` (a Standing). */
export const standingColumns = (viewer: string | Placeholder) => sql`u.id, u.first_name as "firstName",
    u.last_name as "lastName", u.image,
    (u.beta_approved or u.is_admin) as approved, u.hidden_at is not null as hidden,
    ${relationColumns(viewer, sql`u.id`)}`
const standingSelect = standingColumns(viewerId)

const standingStatement = preparedStatement<Standing>(
  sql`select ${standingSelect} from users u where u.id = ${memberId}`,
)

export async function standingOf(db: Executor, viewer: AuthUser, userId: string): Promise<Standing | undefined> {
  const [row] = await standingStatement.rows(db as Db, { viewerId: viewer.id, userId })
  return row
}

/** The profile (and its lists) exist for the viewer. */
export function canSeeProfile(viewer: AuthUser, standing: Standing | undefined): standing is Standing {
  if (!standing) return false
  if (standing.id === viewer.id) return true
  return standing.approved && !standing.blockedMe && (!standing.hidden || viewer.isAdmin)
}

export function relationOf(standing: Standing): Relation {
  return { follows: standing.isFollowing, blocked: standing.blockedByMe || standing.blockedMe }
}

/** A member in a list: a hidden profile's picture only for the member and admins. */
export function toMember(
  row: { id: string; firstName: string | null; lastName: string | null; image: string | null; hidden: boolean },
  viewer: AuthUser,
): Member {
  const showImage = !row.hidden || row.id === viewer.id || viewer.isAdmin
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, profileImageUrl: showImage ? row.image : null }
}

/** What the viewer may see of a member's measurements; on one's own profile, also what others see of them. */
type Counted = SeenCounts & { visibleToOthers: { followers: number; members: number } | null }
const NOTHING: Counted = { measurements: 0, trophies: 0, species: 0, visibleToOthers: null }

/** The member's own columns a profile shows, whoever asks, and how the viewer stands to them. */
export type PersonRow = Standing & {
  bio: string | null
  region: string | null
  memberSince: string
  followers: number
  following: number
  points: number
}

const personColumns = sql`${standingSelect}, u.bio, u.region,
    to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "memberSince",
    u.followers_count as followers, u.following_count as following,
    (select coalesce(sum(a.points), 0)::int from user_achievements ua
      join achievements a on a.id = ua.achievement_id where ua.user_id = u.id) as points`

/** canView for a viewer who is not the member and not blocked, as SQL over measurements m. */
function seenBy(isAdmin: boolean, following: SQL): SQL {
  const normal = sql`(m.hidden_at is null and (m.visibility = 'public' or (m.visibility = 'followers' and ${following})))`
  return isAdmin ? sql`(${normal} or (m.hidden_at is not null and m.visibility <> 'private'))` : normal
}

/** Counts (SeenCounts, their names prefixed) of the posts `measurements m` that `seen` keeps. */
const seenCountsSql = (seen: SQL, prefix: string) => sql`(count(*) filter (where ${seen}))::int
      as ${sql.identifier(`${prefix}measurements`)},
    (count(*) filter (where ${seen} and m.trophy_class in ('trophy', 'record')))::int
      as ${sql.identifier(`${prefix}trophies`)},
    (count(distinct m.species_id) filter (where ${seen}))::int as ${sql.identifier(`${prefix}species`)}`

const seenAs = (row: Record<string, unknown>, prefix: string): SeenCounts => ({
  measurements: row[`${prefix}measurements`] as number,
  trophies: row[`${prefix}trophies`] as number,
  species: row[`${prefix}species`] as number,
})

type OwnRow = PersonRow & SeenCounts & { followersSee: number; membersSee: number }
type AdminRow = PersonRow & SeenCounts

/** A profile's row with `counts`, a select list over the member's `measurements m` (`f.following`: the viewer's). */
const profileSql = (counts: SQL) => sql`select ${personColumns}, c.* from users u
    cross join lateral (select ${followSql(viewerId, sql`u.id`)} as following) f
    cross join lateral (select ${counts} from measurements m where m.user_id = u.id) c
    where u.id = ${memberId}`

/** One's own profile: everything, and what followers and members see of it. */
const ownStatement = preparedStatement<OwnRow>(
  profileSql(sql`${seenCountsSql(sql`true`, '')},
    (count(*) filter (where ${seenBy(false, sql`true`)}))::int as "followersSee",
    (count(*) filter (where ${seenBy(false, sql`false`)}))::int as "membersSee"`),
)

/** An admin also sees what moderators hid (but private posts). */
const adminStatement = preparedStatement<AdminRow>(profileSql(seenCountsSql(seenBy(true, sql`f.following`), '')))

/** Any other member: the profile's facts, the same for all of them, and how the viewer stands to it. */
const factsStatement = preparedStatement<PersonRow & Record<string, number>>(
  profileSql(sql`${seenCountsSql(seenBy(false, sql`false`), 'members_')},
    ${seenCountsSql(seenBy(false, sql`true`), 'followers_')}`),
)

/** How the viewer stands to a member whose facts are kept: four index probes. */
const relationStatement = preparedStatement<Pick<Standing, 'isFollowing' | 'followsYou' | 'blockedByMe' | 'blockedMe'>>(
  sql`select ${relationColumns(viewerId, memberId)}`,
)

function factsOf(facts: PersonRow & Record<string, number>): ProfileFacts {
  return {
    id: facts.id,
    firstName: facts.firstName,
    lastName: facts.lastName,
    image: facts.image,
    approved: facts.approved,
    hidden: facts.hidden,
    bio: facts.bio,
    region: facts.region,
    memberSince: facts.memberSince,
    followers: facts.followers,
    following: facts.following,
    points: facts.points,
    seenByMembers: seenAs(facts, 'members_'),
    seenByFollowers: seenAs(facts, 'followers_'),
  }
}

/** A member's profile as another member (not an admin) sees it: the facts kept, or read with the relation. */
async function memberView(
  db: Db,
  viewer: AuthUser,
  userId: string,
  kept: ProfileFactsCache | undefined,
): Promise<{ person: PersonRow; seen: SeenCounts } | undefined> {
  const params = { viewerId: viewer.id, userId }
  let facts = kept?.get(userId)
  let person: PersonRow
  if (facts) {
    const [relation] = await relationStatement.rows(db, params)
    if (!relation) return undefined
    person = { ...facts, ...relation }
  } else {
    const generation = kept?.generation ?? 0
    const [row] = await factsStatement.rows(db, params)
    if (!row) return undefined
    facts = factsOf(row)
    kept?.keep(facts, generation)
    person = row
  }
  return { person, seen: person.isFollowing ? facts.seenByFollowers : facts.seenByMembers }
}

/**
 * GET /api/profiles/:userId: ONE statement. The counts are counted for oneself and admins (ADR 023); what every
 * other member sees is kept per profile, with only how the viewer stands to it read (ADR 122).
 */
export async function getProfile(db: Db, viewer: AuthUser, userId: string, kept?: ProfileFactsCache): Promise<Profile> {
  const isSelf = viewer.id === userId
  let person: PersonRow | undefined
  let counted: Counted = NOTHING
  if (isSelf) {
    const [row] = await ownStatement.rows(db, { viewerId: viewer.id, userId })
    person = row
    if (row) counted = { ...row, visibleToOthers: { followers: row.followersSee, members: row.membersSee } }
  } else if (viewer.isAdmin) {
    ;[person] = await adminStatement.rows(db, { viewerId: viewer.id, userId })
    if (person) counted = { ...(person as AdminRow), visibleToOthers: null }
  } else {
    const view = await memberView(db, viewer, userId, kept)
    person = view?.person
    if (view) counted = { ...view.seen, visibleToOthers: null }
  }
  if (!canSeeProfile(viewer, person)) throw memberNotFound()
  return profileOf(viewer, person, isSelf, counted)
}

function profileOf(viewer: AuthUser, row: PersonRow, isSelf: boolean, counted: Counted): Profile {
  // Blocked by the viewer: only the way to unblock; nothing of theirs.
  const shut = !isSelf && row.blockedByMe
  const shown: Counted = shut
    ? NOTHING
    : {
        measurements: counted.measurements,
        trophies: counted.trophies,
        species: counted.species,
        visibleToOthers: counted.visibleToOthers,
      }
  return {
    user: {
      ...toMember(row, viewer),
      bio: shut ? null : row.bio,
      region: shut ? null : row.region,
      memberSince: row.memberSince,
    },
    counts: {
      ...shown,
      followers: shut ? 0 : row.followers,
      following: shut ? 0 : row.following,
      achievementPoints: shut ? 0 : row.points,
    },
    isSelf,
    isFollowing: !isSelf && row.isFollowing,
    followsYou: !isSelf && row.followsYou,
    blockedByMe: shut,
    hidden: row.hidden,
  }
}

const MEMBER_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([A-Za-z0-9_-]{1,64})$/

function encodeMemberCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`, 'utf8').toString('base64url')
}

function decodeMemberCursor(cursor: string): { at: string; id: string } {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
  const match = MEMBER_CURSOR.exec(text)
  if (!match || !isCursorTime(match[1] ?? '')) {
    throw fieldError('cursor', 'Invalid cursor; load the list again from the start')
  }
  return { at: match[1] as string, id: match[2] as string }
}

/** GET /api/profiles/:userId/followers|following, newest follow first; no one across a block, no hidden profile. */
export async function listFollows(
  db: Db,
  viewer: AuthUser,
  userId: string,
  side: 'followers' | 'following',
  query: { cursor?: string | undefined; limit: number },
): Promise<MemberPage> {
  const [self, other] =
    side === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId]
  const after = query.cursor ? decodeMemberCursor(query.cursor) : undefined
  const rows = await db
    .select({
      ...memberColumns,
      cursorAt: sql<string>`to_char(${follows.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(self, userId),
        sql`not ${blockedSql(viewer.id, users.id)}`,
        viewer.isAdmin ? undefined : or(isNull(users.hiddenAt), eq(users.id, viewer.id)),
        after ? sql`(${follows.createdAt}, ${other}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => toMember(row, viewer)),
    nextCursor: rows.length > query.limit && last ? encodeMemberCursor(last.cursorAt, last.id) : null,
  }
}

/**
 * GET /api/members?q (the @mention picker): approved members whose name starts with `q`. No index on names: this
 * scans users and sorts before the LIMIT.
 */
export async function searchMembers(
  db: Db,
  viewer: AuthUser,
  query: { q: string; limit: number },
): Promise<{ items: Member[] }> {
  const prefix = `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(
      and(
        sql`(${users.betaApproved} or ${users.isAdmin})`,
        isNull(users.hiddenAt),
        sql`${users.id} <> ${viewer.id}`,
        sql`(${users.firstName} ilike ${prefix} or ${users.lastName} ilike ${prefix} or ${users.name} ilike ${prefix}
          or concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${prefix})`,
        sql`not ${blockSql(viewer.id, theMember)} and not ${blockSql(theMember, viewer.id)}`,
      ),
    )
    .orderBy(sql`lower(${users.name})`, users.id)
    .limit(query.limit)
  return { items: rows.map((row) => toMember(row, viewer)) }
}

export type UpdateProfileBody = z.output<typeof UpdateProfileSchema>

/**
 * PATCH /api/profile. Names also set better-auth's `name`; the picture must be one of the member's unattached
 * photos. users.updated_at moves, which refreshes every cached body that shows the member.
 */
export async function updateProfile(db: Db, viewer: AuthUser, body: UpdateProfileBody): Promise<void> {
  await db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = {}
    if (body.firstName !== undefined || body.lastName !== undefined) {
      const [current] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, viewer.id))
      const firstName = body.firstName ?? current?.firstName ?? ''
      const lastName = body.lastName ?? current?.lastName ?? ''
      Object.assign(set, { firstName, lastName, name: `${firstName} ${lastName}`.trim() })
    }
    if (body.bio !== undefined) set.bio = body.bio === '' ? null : body.bio
    if (body.region !== undefined) set.region = body.region === '' ? null : body.region
    if (body.photoId === null) set.image = null
    if (typeof body.photoId === 'string') {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, body.photoId), eq(photos.userId, viewer.id), isNull(photos.measurementId)))
        .for('update')
      if (!photo) throw fieldError('photoId', 'photo not found')
      set.image = avatarUrl(photo.id)
    }
    if (body.units !== undefined || body.defaultVisibility !== undefined) {
      const settings = await getSettings(tx as unknown as Db, viewer.id)
      await saveSettings(tx as unknown as Db, viewer.id, {
        ...settings,
        ...(body.units !== undefined ? { units: body.units } : {}),
        ...(body.defaultVisibility !== undefined ? { defaultVisibility: body.defaultVisibility } : {}),
      })
    }
    if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.id, viewer.id))
  })
}
