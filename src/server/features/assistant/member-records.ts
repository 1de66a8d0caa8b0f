import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { getSettings, measurements } from '#server/features/measurements/index.ts'
import type { ChatReply, ChatSource, ChatTurn } from '#shared/schemas/assistant.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { formatInches, SYSTEM_NAMES, type System } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { MemberContext } from './assistant.types.ts'
import { findSpecies } from './species-words.ts'

// Questions about the member's own measurements ("my biggest bass"), answered from their rows only, hidden ones
// included, through the user_id indexes, with values written as the collection's cards write them.

type Row = {
  id: string
  speciesId: string
  lengthIn: number | null
  weightLbs: number | null
  weightEstimated: boolean
  score: number | null
  scoreText: string | null
  system: string | null
  trophyClass: 'record' | 'trophy' | 'standard'
  takenAt: Date
}

const COLUMNS = {
  id: measurements.id,
  speciesId: measurements.speciesId,
  lengthIn: measurements.lengthIn,
  weightLbs: measurements.weightLbs,
  weightEstimated: measurements.weightEstimated,
  score: measurements.score,
  scoreText: measurements.scoreText,
  system: measurements.system,
  trophyClass: measurements.trophyClass,
  takenAt: measurements.takenAt,
}

const MY_RECORDS: ChatSource = { kind: 'my-records', title: 'Your measurements', href: '/measurements' }
const oneRecord = (id: string): ChatSource => ({ ...MY_RECORDS, href: `/measurements/${encodeURIComponent(id)}` })

const PERSONAL = /\b(my|mine|i|i've|ive|me)\b/
const HAVE_I =
  /\b(have i|did i|i've|ive|i have|do i have|have i got)\b|\bmy (collection|measurements|entries|catches)\b/
const SPECIES_COUNT = /\bhow many (?:different |distinct )?(?:species|kinds|types)\b|\bnumber of species\b/
const HOW_MANY = /\bhow many\b/
const DONE =
  "(?:i've|ive|i have|i|have i|did i)\\s+(?:ever\\s+)?(?:caught|shot|taken|took|recorded|harvested|killed|measured|landed|got|logged|entered)"
const SUPERLATIVE = '(?:biggest|largest|heaviest|longest|best|top|highest)'
/** "my biggest bass", "my best elk score", "the biggest bass I've caught", "my personal bests". */
const BEST = new RegExp(
  `\\bmy\\s+(?:[a-z']+\\s+){0,2}?${SUPERLATIVE}\\b|\\b${SUPERLATIVE}\\b.*\\b${DONE}\\b|\\bmy (?:personal bests?|pbs?)\\b`,
)
/** "my latest catch", "my last deer", "the last fish I caught" (not "last year"). */
const TIME_WORDS = '(?:year|season|month|week|weekend|time|night|day|fall|spring|summer|winter|autumn)'
const LATEST = new RegExp(
  `\\bmy\\s+(?:latest|last|most recent|newest)\\b|\\b(?:latest|last|most recent|newest)\\s+(?!${TIME_WORDS}\\b).*\\b${DONE}\\b`,
)
const RECORD_CLASS = /\brecord[\s-]class\b|\bmy records\b|\brecord[\s-]book (?:entries|animals|ones)\b/

type Ranking = 'weight' | 'length' | 'score'

/** The answer to a question about the member's own records, or null when the message is not one. */
export async function answerFromRecords(
  db: Db,
  userId: string,
  message: string,
  history: ChatTurn[] = [],
): Promise<ChatReply | null> {
  const text = lower(message)
  const species = findSpecies(message)
  if (PERSONAL.test(text)) return answer(db, userId, text, species)
  // A follow-up naming another species ("and trout?", "what about elk?") asks the last question again for it.
  const previous = history.findLast((turn) => turn.role === 'user')
  if (!previous || species.length === 0 || !FOLLOW_UP.test(text)) return null
  const asked = lower(previous.text)
  return PERSONAL.test(asked) ? answer(db, userId, asked, species) : null
}

const FOLLOW_UP = /^\s*(and|what about|how about)\b/
const lower = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'")

function answer(db: Db, userId: string, text: string, species: Species[]): Promise<ChatReply> | null {
  if (SPECIES_COUNT.test(text) && HAVE_I.test(text)) return speciesCountReply(db, userId)
  if (HOW_MANY.test(text) && HAVE_I.test(text)) return countReply(db, userId, text, species)
  if (RECORD_CLASS.test(text)) return recordClassReply(db, userId)
  if (LATEST.test(text)) return latestReply(db, userId, species)
  if (BEST.test(text)) {
    if (species.length === 0) return personalBestsReply(db, userId)
    return bestReply(db, userId, species, ranking(text, species))
  }
  return null
}

/** Fish: heaviest, then longest ("longest": length first). Others: best score, then weight, then length. */
function ranking(text: string, species: readonly Species[]): Ranking {
  if (/\blongest\b/.test(text)) return 'length'
  if (/\bheaviest\b/.test(text)) return 'weight'
  return species.every((s) => s.fishFormulas) && !/\bscore\b/.test(text) ? 'weight' : 'score'
}

const mine = (userId: string, speciesIds?: readonly string[]): SQL =>
  speciesIds
    ? (and(eq(measurements.userId, userId), inArray(measurements.speciesId, [...speciesIds])) as SQL)
    : eq(measurements.userId, userId)

const ORDER: Record<Ranking, SQL[]> = {
  weight: [
    sql`${measurements.weightLbs} desc nulls last`,
    sql`${measurements.lengthIn} desc nulls last`,
    sql`${measurements.score} desc nulls last`,
  ],
  length: [sql`${measurements.lengthIn} desc nulls last`, sql`${measurements.weightLbs} desc nulls last`],
  score: [
    sql`${measurements.score} desc nulls last`,
    sql`${measurements.weightLbs} desc nulls last`,
    sql`${measurements.lengthIn} desc nulls last`,
  ],
}

async function best(db: Db, userId: string, speciesIds: readonly string[], by: Ranking): Promise<Row | undefined> {
  const [row] = await db
    .select(COLUMNS)
    .from(measurements)
    .where(mine(userId, speciesIds))
    .orderBy(...ORDER[by], desc(measurements.takenAt))
    .limit(1)
  return row
}

async function countsBySpecies(db: Db, userId: string, speciesIds?: readonly string[]) {
  const rows = await db
    .select({ speciesId: measurements.speciesId, count: count() })
    .from(measurements)
    .where(mine(userId, speciesIds))
    .groupBy(measurements.speciesId)
  return new Map(rows.map((r) => [r.speciesId, r.count]))
}

async function totals(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      trophies: sql<number>`count(*) filter (where ${measurements.trophyClass} in ('trophy', 'record'))`.mapWith(
        Number,
      ),
      records: sql<number>`count(*) filter (where ${measurements.trophyClass} = 'record')`.mapWith(Number),
      species: sql<number>`count(distinct ${measurements.speciesId})`.mapWith(Number),
    })
    .from(measurements)
    .where(mine(userId))
  return row ?? { total: 0, trophies: 0, records: 0, species: 0 }
}

async function latest(db: Db, userId: string, speciesIds?: readonly string[]): Promise<Row | undefined> {
  const [row] = await db
    .select(COLUMNS)
    .from(measurements)
    .where(mine(userId, speciesIds))
    .orderBy(desc(measurements.takenAt), desc(measurements.createdAt))
    .limit(1)
  return row
}

/** The best measurement of each species (score, then weight, then length), best first. */
async function bestPerSpecies(db: Db, userId: string, limit: number): Promise<Row[]> {
  const rows = await db
    .selectDistinctOn([measurements.speciesId], COLUMNS)
    .from(measurements)
    .where(mine(userId))
    .orderBy(measurements.speciesId, ...ORDER.score, desc(measurements.takenAt))
  const rank = { record: 0, trophy: 1, standard: 2 }
  return rows
    .sort((a, b) => rank[a.trophyClass] - rank[b.trophyClass] || (b.score ?? -1) - (a.score ?? -1))
    .slice(0, limit)
}

const reply = (text: string, sources: ChatSource[] = [MY_RECORDS]): ChatReply => ({
  reply: text,
  sources,
  answeredBy: 'built-in',
})

async function bestReply(db: Db, userId: string, species: Species[], by: Ranking): Promise<ChatReply> {
  const ids = species.map((s) => s.id)
  const [row, units] = await Promise.all([best(db, userId, ids, by), unitsOf(db, userId)])
  if (!row) return reply(`You haven't recorded ${anyOf(species)} yet.`)
  const word = by === 'length' ? 'longest' : by === 'weight' ? 'heaviest' : 'best'
  return reply(`Your ${word} ${speciesName(row.speciesId)}: ${valuesText(row, units)}.`, [oneRecord(row.id)])
}

async function latestReply(db: Db, userId: string, species: Species[]): Promise<ChatReply> {
  const ids = species.length > 0 ? species.map((s) => s.id) : undefined
  const [row, units] = await Promise.all([latest(db, userId, ids), unitsOf(db, userId)])
  if (!row) return reply(species.length > 0 ? `You haven't recorded ${anyOf(species)} yet.` : NONE_YET)
  return reply(`Your latest: ${speciesName(row.speciesId)}, ${valuesText(row, units)}.`, [oneRecord(row.id)])
}

async function speciesCountReply(db: Db, userId: string): Promise<ChatReply> {
  const counts = await countsBySpecies(db, userId)
  if (counts.size === 0) return reply(NONE_YET)
  const names = [...counts.keys()].map(speciesName).sort((a, b) => a.localeCompare(b))
  const n = counts.size
  return reply(`You have recorded ${n} species: ${names.join(', ')}.`)
}

async function countReply(db: Db, userId: string, text: string, species: Species[]): Promise<ChatReply> {
  if (species.length > 0 && !/\b(trophies|trophy|records|measurements|entries)\b/.test(text)) {
    const counts = await countsBySpecies(
      db,
      userId,
      species.map((s) => s.id),
    )
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    if (total === 0) return reply(`You haven't recorded ${anyOf(species)} yet.`)
    const parts = [...counts].map(([id, n]) => `${n} ${speciesName(id)}`)
    return reply(`You have recorded ${total}: ${parts.join(', ')}.`)
  }
  const t = await totals(db, userId)
  if (t.total === 0) return reply(NONE_YET)
  if (/\brecords?\b/.test(text) && !/\bmeasurements?\b/.test(text)) {
    return reply(`You have ${plural(t.records, 'record-class measurement')} (of ${t.total} in all).`)
  }
  if (/\btroph(y|ies)\b/.test(text)) {
    return reply(
      `You have ${plural(t.trophies, 'trophy', 'trophies')} (trophy class or better, ${t.records} of them record class) of ${t.total} measurements.`,
    )
  }
  return reply(
    `You have ${plural(t.total, 'measurement')} of ${plural(t.species, 'species', 'species')}: ${plural(t.trophies, 'trophy', 'trophies')}, ${t.records} record class.`,
  )
}

async function recordClassReply(db: Db, userId: string): Promise<ChatReply> {
  const [rows, units, t] = await Promise.all([
    db
      .select(COLUMNS)
      .from(measurements)
      .where(and(mine(userId), eq(measurements.trophyClass, 'record')))
      .orderBy(desc(measurements.takenAt))
      .limit(5),
    unitsOf(db, userId),
    totals(db, userId),
  ])
  if (rows.length === 0) {
    return reply(
      t.total === 0
        ? NONE_YET
        : `None of your ${plural(t.total, 'measurement')} is record class yet (${plural(t.trophies, 'trophy', 'trophies')}).`,
    )
  }
  const list = rows.map((r) => `- ${speciesName(r.speciesId)}: ${valuesText(r, units)}`)
  const more = t.records > rows.length ? [`…and ${t.records - rows.length} more.`] : []
  return reply([`You have ${plural(t.records, 'record-class measurement')}:`, ...list, ...more].join('\n'))
}

async function personalBestsReply(db: Db, userId: string): Promise<ChatReply> {
  const [rows, units] = await Promise.all([bestPerSpecies(db, userId, 5), unitsOf(db, userId)])
  if (rows.length === 0) return reply(NONE_YET)
  const list = rows.map((r) => `- ${speciesName(r.speciesId)}: ${valuesText(r, units)}`)
  return reply(['Your best measurement of each species:', ...list].join('\n'))
}

const NONE_YET = "You haven't recorded any measurements yet."

/** Lines on the member's records for the model: the species named (count and best, at most 5), else the totals. */
export async function memberContext(db: Db, userId: string, message: string): Promise<MemberContext> {
  const species = findSpecies(message).slice(0, 5)
  const units = await unitsOf(db, userId)
  const lines: string[] = []
  if (species.length > 0) {
    const counts = await countsBySpecies(
      db,
      userId,
      species.map((s) => s.id),
    )
    const bests = await Promise.all(
      species.map((s) => (counts.get(s.id) ? best(db, userId, [s.id], ranking('', [s])) : undefined)),
    )
    species.forEach((s, i) => {
      const row = bests[i]
      lines.push(
        row
          ? `${s.name}: ${plural(counts.get(s.id) ?? 0, 'measurement')}; best ${valuesText(row, units)}`
          : `${s.name}: none recorded`,
      )
    })
  } else {
    const [t, last, bests] = await Promise.all([totals(db, userId), latest(db, userId), bestPerSpecies(db, userId, 5)])
    lines.push(
      `${plural(t.total, 'measurement')} of ${plural(t.species, 'species', 'species')}: ${plural(t.trophies, 'trophy', 'trophies')}, ${t.records} record class`,
    )
    if (last) lines.push(`Latest: ${speciesName(last.speciesId)}, ${valuesText(last, units)}`)
    for (const row of bests) lines.push(`Best ${speciesName(row.speciesId)}: ${valuesText(row, units)}`)
  }
  return { lines: lines.slice(0, 10), sources: [MY_RECORDS] }
}

// Formatting (as the collection's cards write values: client/lib/units.ts formatLength / formatWeight) -------------

async function unitsOf(db: Db, userId: string): Promise<UnitSystem> {
  return (await getSettings(db, userId)).units
}

const cmFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const weightFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })

function formatLength(inches: number, units: UnitSystem): string {
  if (units === 'metric') return `${cmFormat.format(inches * 2.54)} cm`
  const text = formatInches(inches, 'eighths')
  return `${text.endsWith(' 0/8') ? text.slice(0, -4) : text} in`
}

function formatWeight(pounds: number, units: UnitSystem): string {
  return units === 'metric' ? `${weightFormat.format(pounds * 0.45359237)} kg` : `${weightFormat.format(pounds)} lb`
}

/** `22 in, 6.19 lb (est.), taken 2026-05-01`; `score 152 4/8 (Boone and Crockett), trophy class Trophy, taken …`. */
function valuesText(row: Row, units: UnitSystem): string {
  const parts: string[] = []
  if (row.lengthIn !== null) parts.push(formatLength(row.lengthIn, units))
  if (row.weightLbs !== null) parts.push(`${formatWeight(row.weightLbs, units)}${row.weightEstimated ? ' (est.)' : ''}`)
  if (row.scoreText && row.system !== 'fish') {
    const book = row.system && row.system in SYSTEM_NAMES ? ` (${SYSTEM_NAMES[row.system as System]})` : ''
    parts.push(`score ${row.scoreText}${book}`)
  }
  if (row.trophyClass !== 'standard') parts.push(`${row.trophyClass === 'record' ? 'Record' : 'Trophy'} class`)
  parts.push(`taken ${row.takenAt.toISOString().slice(0, 10)}`)
  return parts.join(', ')
}

const speciesName = (id: string) => getSpecies(id)?.name ?? id

function anyOf(species: readonly Species[]): string {
  if (species.length === 1) {
    const name = species[0]?.name ?? ''
    return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`
  }
  const names = species.map((s) => s.name)
  return `any ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
