// The community part of a benchmark data set: likes, follows, comments, size checks and the notifications they made,
// generated inside the database (generate_series) from the members and the measurements' plan (bench_seed_plan: the
// measurements to be written, or a copy of those already there; see base-seed.ts), with what the routes keep beside
// them (followers and following counts; the posts' counts in bench_seed_counts, written into the measurements by the
// caller). Pairs are built by arithmetic that cannot repeat (a stride coprime with the number of members), so the
// totals are exact without a read-then-write. Running it again starts the community part over.
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client.ts'
import type { SeedSpec } from './base-seed.ts'
import { BENCH_FOLLOWERS, BENCH_FOLLOWING, BENCH_USER, isApproved, memberId, STAR_MEMBER } from './datasets.ts'

/** The k-th approved member's id in SQL (members i with i % 10 = 0 await approval and never act). */
export const MEMBER_FN = `create or replace function bench_member(k bigint, approved bigint) returns text
  language sql immutable as $$
    select 'bench' || lpad((((k % approved) / 9) * 10 + (k % approved) % 9 + 1)::text, 27, '0')
  $$`

/** The approved member number of member i (the inverse of bench_member). */
export const approvedIndex = (i: number) => Math.floor(i / 10) * 9 + (i % 10) - 1

const COMMENTS = [
  'What a beauty. Congratulations!',
  'Nice one. Where did you find him?',
  'That is a true trophy.',
  'Great photo, the light is perfect.',
  'Well earned after that season.',
  'How long did you sit before he showed up?',
  'Incredible mass on that one.',
  'Jealous! Mine was half that size.',
]

export type CommunityCounts = { likes: number; follows: number; comments: number; sizeChecks: number }

type Run = (label: string, statements: string) => Promise<void>
type Log = (line: string) => void
/**
 * What the steps share (startCommunity makes it): the data set's SeedSpec, the SQL of the bench member's and the
 * star's ids, the number of approved members and of posts (bench_seed_posts).
 */
export type Community = { spec: SeedSpec; approved: number; bench: string; star: string; posts: number }

/** Every post one can like or comment on (bench_seed_posts and the special ones): narrower than the plan. */
const VISIBLE = `(select id, user_id, created_at from bench_seed_posts
                  union all select id, user_id, created_at from bench_seed_special)`
const BODIES = `(array[${COMMENTS.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}])`
const MENTION = `'Have a look, @[Bench Hunter](${BENCH_USER.id})'`

/** Runs statements one by one (PGlite's extended protocol takes one at a time), logging the time they took. */
const runner =
  (db: Db, log: (line: string) => void): Run =>
  async (label, statements) => {
    const started = performance.now()
    for (const statement of statements.split(/;\s*/).filter((s) => s.trim())) {
      await db.execute(sql.raw(statement))
    }
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }

async function countOf(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[]
  }
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * Follows, likes, comments and size checks, and the counts they make (bench_seed_counts), one step after the other;
 * seedNotifications comes after (the tables of posts stay for it). The seed runs the steps side by side instead.
 */
export async function seedCommunity(db: Db, spec: SeedSpec, log: Log = () => {}): Promise<CommunityCounts> {
  const community = await startCommunity(db, spec, log)
  await countFollows(db, log)
  await seedLikes(db, community, log)
  await seedComments(db, community, log)
  await countPosts(db, log)
  return {
    likes: await countOf(db, 'likes'),
    follows: await countOf(db, 'follows'),
    comments: await countOf(db, 'comments'),
    sizeChecks: await countOf(db, 'size_checks'),
  }
}

/** The community started over: its tables emptied, the posts numbered, the follows made. */
export async function startCommunity(db: Db, spec: SeedSpec, log: Log): Promise<Community> {
  const run = runner(db, log)
  const approved = (spec.users / 10) * 9
  const bench = `'${BENCH_USER.id}'`
  const star = `'${memberId(STAR_MEMBER)}'`
  if (!isApproved(STAR_MEMBER) || approvedIndex(STAR_MEMBER) !== 0)
    throw new Error('the star must be approved member 0')

  await run(
    'start over',
    `truncate likes, follows, comments, size_checks, notifications, feed_inbox;
     update users set followers_count = 0, following_count = 0 where followers_count <> 0 or following_count <> 0;
     drop table if exists bench_seed_posts, bench_seed_special, bench_seed_counts;`,
  )
  await run('helpers', MEMBER_FN)
  // Posts others can interact with: not private, not hidden. `n` numbers them oldest first.
  await run(
    'posts',
    `create table bench_seed_posts as
       select (row_number() over (order by created_at, id) - 1)::bigint as n, id, user_id, created_at
       from bench_seed_plan
       where visibility <> 'private' and hidden_at is null and user_id not in (${bench}, ${star});
     create unique index bench_seed_posts_n on bench_seed_posts (n);
     create table bench_seed_special as
       select (row_number() over (order by created_at, id) - 1)::bigint as n, id, user_id, created_at,
         user_id = ${bench} as mine
       from bench_seed_plan
       where visibility <> 'private' and hidden_at is null and user_id in (${bench}, ${star});
     analyze bench_seed_posts;
     analyze bench_seed_special;`,
  )
  const community: Community = { spec, approved, bench, star, posts: await countOf(db, 'bench_seed_posts') }
  await seedFollows(db, community, log)
  return community
}

/** The figures every post shows, as the routes keep them: likes, comments, verdicts and what they decide. */
export async function countPosts(db: Db, log: Log): Promise<void> {
  await runner(db, log)(
    'counts',
    `create table bench_seed_counts as
       select measurement_id, coalesce(l.likes, 0) as likes, coalesce(c.comments, 0) as comments,
         coalesce(v.confirmed, 0) as confirmed, coalesce(v.plausible, 0) as plausible,
         coalesce(v.disputed, 0) as disputed, coalesce(v.total, 0) as total
       from (select measurement_id, count(*)::int as likes from likes group by measurement_id) l
         full join (select measurement_id, count(*)::int as comments from comments where hidden_at is null
                    group by measurement_id) c using (measurement_id)
         full join (select measurement_id, count(*) filter (where verdict = 'confirmed')::int as confirmed,
                      count(*) filter (where verdict = 'plausible')::int as plausible,
                      count(*) filter (where verdict = 'disputed')::int as disputed, count(*)::int as total
                    from size_checks group by measurement_id) v using (measurement_id);
     analyze bench_seed_counts;`,
  )
}

/** The members' followers and following counts, as follow and unfollow keep them. */
export async function countFollows(db: Db, log: Log): Promise<void> {
  await runner(db, log)(
    'follow counts',
    `update users u set followers_count = c.n
       from (select followee_id as id, count(*)::int as n from follows group by followee_id) c where u.id = c.id;
     update users u set following_count = c.n
       from (select follower_id as id, count(*)::int as n from follows group by follower_id) c where u.id = c.id;`,
  )
}

async function seedFollows(db: Db, { spec, approved, bench, star }: Community, log: Log): Promise<void> {
  const run = runner(db, log)
  const count = (table: string) => countOf(db, table)
  // Follows. The bench member follows the star and 99 others (its Following tab) and has followers; the star has
  // many followers; the rest are pairs among members, a dozen each, the star never a followee there.
  await run(
    'follows',
    `insert into follows (follower_id, followee_id, created_at)
       select ${bench}, bench_member(case when j = 0 then 0 else 50 + 83 * j end, ${approved}),
         now() - (j * 3 + 1) * interval '1 day'
       from generate_series(0::bigint, ${BENCH_FOLLOWING - 1}) j;
     insert into follows (follower_id, followee_id, created_at)
       select bench_member(7 + 29 * j, ${approved}), ${bench}, now() - (j * 2 + 1) * interval '1 hour'
       from generate_series(0::bigint, ${BENCH_FOLLOWERS - 1}) j;
     insert into follows (follower_id, followee_id, created_at)
       select bench_member(j, ${approved}), ${star}, now() - ((j * 37) % 525600) * interval '1 minute'
       from generate_series(1::bigint, ${spec.starFollowers}) j;`,
  )
  const generalFollows = spec.follows - (await count('follows'))
  await run(
    'follows (members)',
    `insert into follows (follower_id, followee_id, created_at)
       select bench_member(f, ${approved}), bench_member(e, ${approved}),
         now() - ((g * 13) % 525600) * interval '1 minute'
       from generate_series(0::bigint, ${Math.ceil(generalFollows * 1.05)}) g,
         lateral (select g % ${approved} as f, (g % ${approved} * 31 + 1 + (g / ${approved}) * 7907) % ${approved} as e) p
       where e <> f and e <> 0
       limit ${generalFollows};
     analyze follows;`,
  )
}

/** Likes (after startCommunity). */
export async function seedLikes(db: Db, { spec, approved, bench, posts }: Community, log: Log): Promise<void> {
  const run = runner(db, log)
  const count = (table: string) => countOf(db, table)
  // Likes: the bench member's and the star's posts 20–100 each, the bench member likes a third of what it
  // follows, the rest spread evenly over the other posts.
  await run(
    'likes (bench and star)',
    `insert into likes (measurement_id, user_id, created_at)
       select s.id, bench_member(s.n * 131 + k * 7, ${approved}),
         least(now(), s.created_at + ((s.n * 17 + k * 97) % 10080) * interval '1 minute')
       from bench_seed_special s, generate_series(0::bigint, case when s.mine then 20 + (s.n * 37) % 61 else 30 + (s.n * 53) % 71 end - 1) k
       where bench_member(s.n * 131 + k * 7, ${approved}) <> s.user_id;
     insert into likes (measurement_id, user_id, created_at)
       select m.id, ${bench}, least(now(), m.created_at + interval '3 hours')
       from ${VISIBLE} m join follows f on f.follower_id = ${bench} and f.followee_id = m.user_id
       where get_byte(uuid_send(m.id), 15) % 3 = 0;`,
  )
  const generalLikes = spec.likes - (await count('likes'))
  await run(
    'likes (members)',
    `insert into likes (measurement_id, user_id, created_at)
       select p.id, l.liker, least(now(), p.created_at + ((g * 7) % 20160) * interval '1 minute')
       from generate_series(0::bigint, ${Math.ceil(generalLikes * 1.02) + 100}) g
         join bench_seed_posts p on p.n = g % ${posts},
         lateral (select bench_member(p.n * 7919 + (g / ${posts}) * 104729, ${approved}) as liker) l
       where l.liker <> p.user_id
       limit ${generalLikes};
     analyze likes;`,
  )
}

/** Comments and size checks (after startCommunity). */
export async function seedComments(db: Db, { spec, approved, bench, posts }: Community, log: Log): Promise<void> {
  const run = runner(db, log)
  const count = (table: string) => countOf(db, table)
  // Comments: 5–15 on each of the bench member's posts, 3–8 on the star's, some by the bench member on what it
  // follows, a few mentioning it; the rest spread over the other posts.
  await run(
    'comments (bench and star)',
    `insert into comments (id, measurement_id, user_id, body, created_at)
       select gen_random_uuid(), s.id, bench_member(s.n * 97 + k * 11 + 5, ${approved}),
         ${BODIES}[1 + (s.n + k) % ${COMMENTS.length}],
         least(now(), s.created_at + ((s.n * 29 + k * 131) % 10080 + 30) * interval '1 minute')
       from bench_seed_special s, generate_series(0::bigint, case when s.mine then 5 + s.n % 11 else 3 + s.n % 6 end - 1) k
       where bench_member(s.n * 97 + k * 11 + 5, ${approved}) <> s.user_id;
     insert into comments (id, measurement_id, user_id, body, created_at)
       select gen_random_uuid(), m.id, ${bench}, ${BODIES}[1 + get_byte(uuid_send(m.id), 14) % ${COMMENTS.length}],
         least(now(), m.created_at + interval '5 hours')
       from ${VISIBLE} m join follows f on f.follower_id = ${bench} and f.followee_id = m.user_id
       where get_byte(uuid_send(m.id), 15) % 10 = 1;`,
  )
  const generalComments = spec.comments - (await count('comments'))
  await run(
    'comments (members)',
    `insert into comments (id, measurement_id, user_id, body, created_at)
       select gen_random_uuid(), p.id, c.author,
         case when g % 400 = 7 then ${MENTION} else ${BODIES}[1 + g % ${COMMENTS.length}] end,
         least(now(), p.created_at + ((g * 11) % 20160 + 30) * interval '1 minute')
       from generate_series(0::bigint, ${Math.ceil(generalComments * 1.02) + 100}) g
         join bench_seed_posts p on p.n = (g * 7919) % ${posts},
         lateral (select bench_member(g * 31 + 3, ${approved}) as author) c
       where c.author <> p.user_id
       limit ${generalComments};
     analyze comments;`,
  )

  // Size checks on a dozen of the bench member's posts: verified (3 confirmed), unverified (1 confirmed,
  // 1 plausible) and disputed (2 disputed, 1 confirmed) in turn.
  await run(
    'size checks',
    `insert into size_checks (id, measurement_id, user_id, verdict, estimate, note, created_at, updated_at)
       select gen_random_uuid(), s.id, bench_member(s.n * 41 + k * 13 + 1, ${approved}), v.verdict,
         jsonb_build_object('field', v.field, 'label', v.label,
           'value', round((v.value * (0.97 + k * 0.02))::numeric, 2), 'unit', 'in', 'uncertainty', 0.5,
           'source', 'photo-tool'),
         '', least(now(), s.created_at + interval '1 day'), least(now(), s.created_at + interval '1 day')
       from (select s.*, row_number() over (order by s.n) - 1 as r from bench_seed_special s
             join bench_seed_plan m on m.id = s.id
             where s.mine and coalesce(m.length_in, m.spread_in) is not null) s
         join bench_seed_plan m on m.id = s.id,
         lateral (select case when m.length_in is not null then 'length' else 'spread' end as field,
                         case when m.length_in is not null then 'Length' else 'Spread' end as label,
                         coalesce(m.length_in, m.spread_in) as value) f,
         generate_series(0::bigint, case when s.r % 3 = 1 then 1 else 2 end) k,
         lateral (select f.field, f.label, f.value,
                         case when s.r % 3 = 0 then 'confirmed'
                              when s.r % 3 = 1 then (array['confirmed', 'plausible'])[k + 1]
                              else (array['disputed', 'disputed', 'confirmed'])[k + 1] end as verdict) v
       where s.r < 12;`,
  )
}

// The notifications of the community (after seedCommunity): one per like, comment, follow, mention and verdict, to
// the owner, as notify() makes them (likes and comments are all on posts: their owners come from the narrow tables of
// posts); read two hours after they came, except the last three days' (and the bench member's newest 40).
const readAt = (at: string) =>
  `case when ${at} > now() - interval '3 days' then null else ${at} + interval '2 hours' end`

/** The likes' notifications (most of them). */
export async function seedLikeNotifications(db: Db, log: Log): Promise<void> {
  await runner(db, log)(
    'notifications (likes)',
    `insert into notifications (id, user_id, actor_id, kind, group_key, measurement_id, created_at, read_at)
       select gen_random_uuid(), m.user_id, l.user_id, 'like', 'like:' || m.id, m.id, l.created_at, ${readAt('l.created_at')}
       from likes l join ${VISIBLE} m on m.id = l.measurement_id where l.user_id <> m.user_id;`,
  )
}

/** The notifications of comments, mentions, follows and verdicts. */
export async function seedOtherNotifications(db: Db, log: Log): Promise<void> {
  const bench = `'${BENCH_USER.id}'`
  await runner(db, log)(
    'notifications (comments, mentions, follows, verdicts)',
    `insert into notifications (id, user_id, actor_id, kind, group_key, measurement_id, comment_id, created_at, read_at)
       select gen_random_uuid(), m.user_id, c.user_id, 'comment', 'comment:' || m.id, m.id, c.id, c.created_at,
         ${readAt('c.created_at')}
       from comments c join ${VISIBLE} m on m.id = c.measurement_id where c.user_id <> m.user_id;
     insert into notifications (id, user_id, actor_id, kind, group_key, measurement_id, comment_id, created_at, read_at)
       select gen_random_uuid(), ${bench}, c.user_id, 'mention', 'mention:' || c.id, c.measurement_id, c.id,
         c.created_at, ${readAt('c.created_at')}
       from comments c where c.body = ${MENTION} and c.user_id <> ${bench};
     insert into notifications (id, user_id, actor_id, kind, group_key, created_at, read_at)
       select gen_random_uuid(), f.followee_id, f.follower_id, 'follow', 'follow', f.created_at, ${readAt('f.created_at')}
       from follows f;
     insert into notifications (id, user_id, actor_id, kind, group_key, measurement_id, verdict, created_at, read_at)
       select gen_random_uuid(), m.user_id, s.user_id, 'size-check', 'size-check:' || m.id, m.id, s.verdict,
         s.created_at, ${readAt('s.created_at')}
       from size_checks s join bench_seed_plan m on m.id = s.measurement_id;`,
  )
}

/** After both: the bench member's newest 40 unread; the community's tables of posts go. */
export async function finishNotifications(db: Db, log: Log): Promise<void> {
  const run = runner(db, log)
  await run(
    'notifications (read)',
    `update notifications set read_at = null
       where id in (select id from notifications where user_id = '${BENCH_USER.id}' order by created_at desc limit 40);`,
  )
  await run('clean up', 'drop table bench_seed_posts, bench_seed_special; drop function bench_member(bigint, bigint);')
}

/** Every notification of the community, one kind after the other. */
export async function seedNotifications(db: Db, log: Log): Promise<void> {
  await seedLikeNotifications(db, log)
  await seedOtherNotifications(db, log)
  await finishNotifications(db, log)
}
