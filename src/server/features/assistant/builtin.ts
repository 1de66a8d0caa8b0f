// The built-in assistant, first match wins (ADR 087): a calculation, the member's records, regulations (never a date
// or limit), the knowledge base, else "I don't know", also for a subject it does not know.
import type { ChatReply, ChatSource, ChatTurn } from '#shared/schemas/assistant.ts'
import { type BookMinimum, minimumsFor, SPECIES } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { AnswerBuiltIn, KnowledgeBase, KnowledgeHit } from './assistant.types.ts'
import { matchCalculation } from './calculators.ts'
import { capabilitiesReply, fallbackReply, isListReply, otherAnimalReply } from './fallback.ts'
import type { RetrievalHit } from './knowledge/index.ts'
import { findOtherAnimal, type OtherAnimal } from './knowledge/other-animals.ts'
import { PASSAGE_GROUPS, speciesGroup } from './knowledge/passages.ts'
import { bookMinimumText, speciesGuideTitle, speciesHref, speciesOverviewText } from './knowledge/species-docs.ts'
import { categoriesMentioned, findSpecies, speciesTerms } from './knowledge/species-match.ts'
import { COMMON_WORDS, processTerm, termsOf, tokenize } from './knowledge/text.ts'
import { measuringStepsAnswer } from './measuring-answer.ts'
import { answerFromRecords } from './member-records.ts'
import {
  agencySources,
  agencyText,
  containsSpecificRegulation,
  findJurisdiction,
  isRegulationQuestion,
  type Jurisdiction,
} from './regulations.ts'

export { getKnowledgeBase } from './knowledge/index.ts'

/** What the assistant understood of a message, with what the conversation before it supplies. */
export type Question = {
  message: string
  /** What retrieval reads: the message, or for a follow-up the previous question and the message. */
  text: string
  followUp: boolean
  species?: Species
  /** The species came from an earlier turn ("and for Pope and Young?" after a whitetail question). */
  speciesFromHistory: boolean
  /** A follow-up naming another species ("what about moose?"): the one the previous question named. */
  earlierSpecies?: Species
  place?: Jurisdiction
  books: Book[]
  /** An animal outside the Species Guide the message names ('bonefish'), when it names no guide species. */
  other?: OtherAnimal
}

export type Book = 'bc' | 'py' | 'sci' | 'nwtf'

const BOOK_PATTERNS: Record<Book, RegExp> = {
  bc: /\bb\s*&\s*c\b|\bboone\b|\bcrockett\b|\bbc\b/i,
  py: /\bp\s*&\s*y\b|\bpope\b|\bpy\b|\bbow(?:hunt\w*)?\b|\barchery\b/i,
  sci: /\bsci\b|\bsafari\b/i,
  nwtf: /\bnwtf\b|\bwild turkey federation\b/i,
}
const BOOK_NAMES: Record<Book, string> = {
  bc: 'Boone and Crockett',
  py: 'Pope and Young',
  sci: 'SCI',
  nwtf: 'NWTF',
}
const BOOK_OF_MINIMUM: Record<BookMinimum['book'], Book | undefined> = {
  bcAwards: 'bc',
  bcAllTime: 'bc',
  py: 'py',
  sci: 'sci',
  other: undefined,
}

const BOOK_TERMS = new Set(termsOf('boone crockett pope young sci safari nwtf awards all-time'))

/** A follow-up names only a species, category, place or book ("and for P&Y?"): the previous question, asked for it. */
function isFollowUp(message: string, previous: string): boolean {
  const species = findSpecies(message)[0]?.species ?? findSpecies(previous)[0]?.species
  const place = findJurisdiction(message)
  const names = new Set([
    ...(species ? speciesTerms(species) : []),
    ...BOOK_TERMS,
    ...(place ? termsOf(`${place.name} ${place.code} ${(place.aliases ?? []).join(' ')}`) : []),
  ])
  return termsOf(message).every((term) => names.has(term))
}

/** The species the conversation is about: the member's latest turn naming one, else our last reply's. */
function speciesOfHistory(history: readonly ChatTurn[]): Species | undefined {
  const turns = [...history].reverse()
  for (const turn of turns.filter((t) => t.role === 'user')) {
    const species = findSpecies(turn.text)[0]?.species
    if (species) return species
  }
  // Our last reply, unless it was the list of what we can answer (its examples name species).
  const reply = turns.find((t) => t.role === 'assistant')?.text
  if (!reply || isListReply(reply)) return undefined
  return findSpecies(reply)[0]?.species
}

export function booksIn(text: string): Book[] {
  return (Object.keys(BOOK_PATTERNS) as Book[]).filter((book) => BOOK_PATTERNS[book].test(text))
}

/** Reads a message with its history: species, place and record books, from earlier turns when a follow-up. */
export function readQuestion(message: string, history: readonly ChatTurn[] = []): Question {
  const previous = [...history].reverse().find((turn) => turn.role === 'user')?.text
  // The subject decides: 'axis deer' is an animal we do not cover, not a whitetail, and never the conversation's.
  const otherMatch = findOtherAnimal(message)
  const followUp = !otherMatch && previous !== undefined && isFollowUp(message, previous)
  const text = followUp ? `${previous} ${message}` : message
  const named = findSpecies(otherMatch ? otherMatch.rest : message)[0]?.species
  const other = named ? undefined : otherMatch?.animal
  const species = named ?? (other ? undefined : speciesOfHistory(history))
  const speciesFromHistory = !named && species !== undefined
  const place = findJurisdiction(message) ?? (followUp && previous ? findJurisdiction(previous) : undefined)
  let books = booksIn(message)
  if (books.length === 0 && followUp && previous) books = booksIn(previous)
  const earlier = followUp && previous && !speciesFromHistory ? findSpecies(previous)[0]?.species : undefined
  const earlierSpecies = earlier && earlier.id !== species?.id ? earlier : undefined
  return { message, text, followUp, species, speciesFromHistory, earlierSpecies, place, books, other }
}

const builtIn = (reply: string, sources: ChatSource[] = []): ChatReply => ({
  reply,
  ...(sources.length ? { sources } : {}),
  answeredBy: 'built-in',
})

const speciesSource = (species: Species): ChatSource => ({
  kind: 'species-guide',
  title: speciesGuideTitle(species),
  href: speciesHref(species.id),
})

const sourceOf = (hit: KnowledgeHit): ChatSource => ({
  kind: hit.kind,
  title: hit.title,
  ...(hit.href ? { href: hit.href } : {}),
})

// Regulations: the agency of the place named, never a date or a limit.

const WATERFOWL_NOTE =
  'Ducks and geese are migratory birds: their seasons follow federal frameworks (the US Fish and Wildlife Service; in Canada the Canadian Wildlife Service), within which each state or province sets its dates.'

function answerRegulations(q: Question): ChatReply | null {
  const asks = isRegulationQuestion(q.message) || (q.followUp && isRegulationQuestion(q.text))
  const seasonish = /\bseason\b|\bwhen\b|\bopen/i.test(q.text)
  if (!q.place || !(asks || seasonish || q.followUp)) return null
  const lines = [
    agencyText(q.place),
    "I don't quote season dates, bag limits or size limits: they change every year and differ by unit, zone or water, so read them in the agency's current regulations.",
  ]
  const sources = agencySources(q.place)
  if (q.species && (!q.speciesFromHistory || q.followUp)) {
    lines.push(`For ${q.species.name}, Fieldmark's species guide gives only the general season: ${q.species.season}.`)
    if (q.species.category === 'Waterfowl') lines.push(WATERFOWL_NOTE)
    sources.push(speciesSource(q.species))
  }
  return builtIn(withoutSpecificRegulations(lines).join('\n'), sources)
}

/** A last guard: a line that reads like a date or a limit is dropped from a regulations answer. */
function withoutSpecificRegulations(lines: string[]): string[] {
  return lines.filter((line) => !containsSpecificRegulation(line))
}

/** A general regulations passage (what a bag limit is, who sets seasons), with the species' general season. */
function regulationConceptAnswer(q: Question, hit: KnowledgeHit): ChatReply {
  const lines = [hit.text]
  const sources = [sourceOf(hit)]
  const species = q.speciesFromHistory ? undefined : q.species
  if (species) {
    lines.push(`For ${species.name}, Fieldmark's species guide gives only the general season: ${species.season}.`)
    if (species.category === 'Waterfowl') lines.push(WATERFOWL_NOTE)
    sources.push(speciesSource(species))
  }
  // A place's own passage names its agency already; otherwise ask for the place.
  if (!hit.href) lines.push("Tell me your state or province and I'll name the agency that sets its rules.")
  return builtIn(withoutSpecificRegulations(lines).join('\n'), sources)
}

// Species facts: record minimums per book, season, habitat, measurements.

function minimumsAnswer(q: Question): ChatReply {
  const species = q.species as Species
  const categories = new Set(categoriesMentioned(species, q.text))
  const rows = minimumsFor(species).filter((row) => categories.has(row.category))
  const sources = [speciesSource(species)]
  if (rows.length === 0) {
    const weight =
      species.trophyWeightLbs !== undefined
        ? `No record book sets a minimum for ${species.name}; Fieldmark's trophy weight is ${species.trophyWeightLbs} lb (${species.trophyWeightNote ?? 'app-defined'}).`
        : `No record book sets a minimum score for ${species.name}.${species.recordNote ? ` ${species.recordNote}` : ''}`
    return builtIn(weight, sources)
  }
  const books: Book[] = q.books.filter((b) => b !== 'nwtf')
  const lines: string[] = []
  if (books.length === 0) {
    lines.push(`Record-book minimum scores for ${species.name}:`)
    for (const row of rows) {
      lines.push(`- ${row.label}: ${row.minimums.map((m) => bookMinimumText(row.category, m)).join(', ')}`)
    }
  } else {
    const named = books.map((b) => BOOK_NAMES[b]).join(' and ')
    lines.push(`${named} minimum scores for ${species.name}:`)
    const missing: string[] = []
    for (const row of rows) {
      const chosen = row.minimums.filter((m) => books.includes(BOOK_OF_MINIMUM[m.book] as Book))
      if (chosen.length === 0) missing.push(row.label)
      else lines.push(`- ${row.label}: ${chosen.map((m) => bookMinimumText(row.category, m)).join(', ')}`)
    }
    if (missing.length === rows.length) {
      lines.length = 0
      const others = rows.flatMap((row) => row.minimums.map((m) => `${row.label}: ${bookMinimumText(row.category, m)}`))
      lines.push(`I have no ${named} minimum for ${species.name}. What Fieldmark has:`, ...others.map((o) => `- ${o}`))
    } else if (missing.length) {
      lines.push(`(${named} has no minimum in our records for: ${missing.join('; ')}.)`)
    }
  }
  const compared = scoreComparison(q.message, rows)
  if (compared) lines.push(compared)
  if (rows.some((row) => row.minimums.some((m) => !m.verified))) {
    lines.push("Values marked unverified are not confirmed by the program's own list.")
  }
  if (rows.some((row) => row.category === 'wild-turkey')) {
    lines.push('The NWTF records program itself has no minimum score; 65 is the Kansas Trophy Turkey Award minimum.')
  }
  return builtIn(lines.join('\n'), sources)
}

/** "Is 150 good for a whitetail?": which minimums of the first category a score asked about meets. */
function scoreComparison(message: string, rows: ReturnType<typeof minimumsFor>): string | undefined {
  const match = /\b(\d{2,3}(?:\.\d+)?)(?:\s+(\d{1,2})\/(8|16))?\b/.exec(message)
  const row = rows[0]
  if (!match || !row || row.minimums.length === 0) return undefined
  const score = Number(match[1]) + (match[2] ? Number(match[2]) / Number(match[3]) : 0)
  const text = (m: BookMinimum) => bookMinimumText(row.category, m)
  const meets = row.minimums.filter((m) => score >= m.value).map(text)
  const misses = row.minimums.filter((m) => score < m.value).map(text)
  const parts = [
    meets.length ? `meets ${meets.join(', ')}` : '',
    misses.length ? `${meets.length ? 'but not' : 'does not meet'} ${misses.join(', ')}` : '',
  ].filter(Boolean)
  return `A score of ${match[0]} as ${row.label} ${parts.join(' ')}.`
}

function seasonAnswer(q: Question, hit: KnowledgeHit): ChatReply {
  const species = q.species as Species
  const lines = [hit.text]
  if (species.category === 'Waterfowl') lines.push(WATERFOWL_NOTE)
  lines.push(
    q.place
      ? agencyText(q.place)
      : "Exact dates and limits are set by your state's or province's wildlife agency each year; tell me where you hunt or fish and I'll name it.",
  )
  const sources = [speciesSource(species), ...(q.place ? agencySources(q.place) : [])]
  return builtIn(withoutSpecificRegulations(lines).join('\n'), sources)
}

// Retrieval: the passage that answers best, with the species of the question weighing in.

const aspectOf = (hit: KnowledgeHit) => (hit.id.startsWith('species:') ? hit.id.split(':')[2] : undefined)

/** The question without the words naming its species: the species already picks its passages (by weight). */
function retrievalText(q: Question): string {
  if (!q.species) return q.text
  const names = new Set([...speciesTerms(q.species), ...(q.earlierSpecies ? speciesTerms(q.earlierSpecies) : [])])
  return tokenize(q.text)
    .filter((word) => {
      const term = processTerm(word)
      return term !== null && !names.has(term)
    })
    .join(' ')
}

const SPECIES_ORDER = new Map(SPECIES.map((s, i) => [s.id, i]))

type Retrieved = {
  hit: KnowledgeHit
  matched: number
  fuzzy: number
  /** Matched in the passage's title or keywords. */
  strong: number
  unmatched: number
  /** The question names a chart line by its letter ('G-2', 'H3'). */
  letters: boolean
  /** Words of the question the knowledge base does not know at all. */
  unknown: number
}

/** The best passage for the question, or null when none matches enough of it to be the answer. */
export function retrieve(knowledge: KnowledgeBase, q: Question): Retrieved | null {
  const text = retrievalText(q)
  const species = q.species
  // A species named in the question: another species' passage never answers, nor one about other animals.
  const group = species ? speciesGroup(species) : undefined
  // A word the knowledge base has never seen may be the subject ('okapi'): then no species' passage answers.
  const queryTerms = [...new Set(termsOf(text))]
  const letters = queryTerms.some((t) => /^[a-h]\d$/.test(t))
  const unknown = species
    ? []
    : queryTerms.filter((term) => !COMMON_WORDS.has(term) && knowledge.knows?.(term) === false)
  const fits = (hit: KnowledgeHit) => {
    // The engine's charts of animals outside the guide (polar bear, jaguar) answer no question of the guide's.
    if (hit.id.startsWith('chart:') && !hit.speciesId) return false
    // A species' guide passage answers only about that species, never for one the question does not name.
    if (hit.id.startsWith('species:')) return hit.speciesId === species?.id
    if (!species) return !(hit.speciesId && unknown.length > 0)
    if (q.speciesFromHistory) return true
    if (hit.speciesId) return hit.speciesId === species.id
    const only = PASSAGE_GROUPS[hit.id]
    return only === undefined || only === group
  }
  const hits = knowledge.search(text, 200).filter(fits)
  if (hits.length === 0) return null
  const regulation = isRegulationQuestion(q.text)
  // The chart the question names ('non-typical', 'tule'), else the species' first in the guide (typical first).
  const chart = species ? categoriesMentioned(species, q.text)[0] : undefined
  const definition = asksWhatItIs(q.message)
  const weight = (hit: KnowledgeHit) => {
    if (regulation && hit.kind === 'regulations') return 2.5
    if (definition && hit.id.startsWith('passage:program-')) return 2
    if (!species || !hit.speciesId) return 1
    if (hit.speciesId !== species.id) return 0.8
    const preferred = chart && hit.id.startsWith('chart:') && hit.id.split(':')[1] === chart ? 1.3 : 1
    return (q.speciesFromHistory ? 1.6 : 3) * preferred
  }
  // The passage matching most of the question wins (a word 1, a typo ½, ½ more in title or keywords); the score,
  // weighed by the question's species (and regulations for a regulations question), decides between equals.
  const ranked = hits
    .map((hit) => {
      const retrieval = 'matchedTerms' in hit ? (hit as RetrievalHit) : undefined
      const matched = new Set(retrieval?.matchedTerms ?? queryTerms)
      const fuzzy = (retrieval?.fuzzyTerms ?? []).filter((t) => matched.has(t)).length
      const strong = retrieval ? retrieval.strongTerms.length : matched.size
      const coverage = matched.size - fuzzy / 2 + strong / 2
      return { hit, matched: matched.size - fuzzy, fuzzy, strong, coverage, weighted: hit.score * weight(hit) }
    })
    // A single chart line matched by one word never answers (see confident): it must not hide the passage that
    // does ('where do turkeys live' is the habitat, not the 'Live weight' line).
    .filter((r) => letters || !isChartLine(r.hit) || r.matched + r.fuzzy / 2 >= 2)
    .sort((a, b) => b.coverage - a.coverage || b.weighted - a.weighted)
  if (ranked.length === 0) return null
  let best = ranked[0] as (typeof ranked)[number]
  // No species named: of the equally good passages of several species, the guide's first species' (G-4 is the
  // American elk's before the Roosevelt's, H-4 the whitetail's).
  if (!species && best.hit.speciesId) {
    const order = (r: typeof best) => SPECIES_ORDER.get(r.hit.speciesId ?? '') ?? Number.POSITIVE_INFINITY
    const close = ranked.filter((r) => r.coverage === best.coverage && r.weighted >= 0.75 * best.weighted)
    best = close.reduce((first, r) => (order(r) < order(first) ? r : first), best)
  }
  return {
    hit: best.hit,
    matched: best.matched,
    fuzzy: best.fuzzy,
    strong: best.strong,
    unmatched: Math.max(0, queryTerms.length - best.matched - best.fuzzy),
    letters,
    unknown: unknown.length,
  }
}

const isChartLine = (hit: KnowledgeHit) => hit.id.startsWith('chart:') && hit.id.split(':').length === 3

/** Enough matched to answer: two words (no fewer than are left over), or one with at most one left; a typo counts ½. */
function confident(pick: Retrieved): boolean {
  const { hit, fuzzy, unmatched } = pick
  const matched = pick.matched + fuzzy / 2
  if (matched < 1) return false
  // A single chart line answers only a question that names it well ('measure H-2', 'the G-2', not 'tips').
  if (isChartLine(hit) && matched < 2 && !pick.letters) return false
  // The passage must be about one of the question's words (title or keywords), not merely use them.
  if (pick.strong === 0) return false
  // An unknown word may be what the question is about: one matching word is then not enough.
  if (matched < 2) return unmatched <= 1 && pick.unknown === 0
  return matched >= unmatched
}

/** A question that names a species and (almost) nothing else: the species guide's overview. */
function overviewAnswer(species: Species): ChatReply {
  const lines = [
    speciesOverviewText(species),
    `- Habitat: ${species.habitat}.`,
    `- Season (general): ${species.season}.`,
    'Ask me about its record minimums or how it is scored.',
  ]
  return builtIn(lines.join('\n'), [speciesSource(species)])
}

/** "What's NWTF?", "what does SCI stand for": a question asking what a name is. */
const asksWhatItIs = (message: string) =>
  /^\W*(?:what|who)\s*(?:'?s|is|are)\b|\bstands? for\b|\bmeans?\b/i.test(message) && termsOf(message).length <= 3

const asksToMeasure = (message: string) => /\bmeasur(?:e|es|ed|ing)\b/i.test(message)

// Words naming the whole trophy: "how do I measure my buck's antlers" asks for every step, not one chart line.
const WHOLE_TROPHY = new Set(termsOf('antler antlers horn horns rack skull trophy head set pair'))

/** A passage about a species or a chart as a whole, or a question naming nothing narrower than the trophy. */
function asksWholeTrophy(q: Question, hit: KnowledgeHit): boolean {
  const aspect = aspectOf(hit)
  if (aspect === 'measurements' || aspect === 'overview') return true
  if ((hit.id.startsWith('chart:') && hit.id.split(':').length === 2) || hit.id.startsWith('passage:measure-')) {
    return true
  }
  return termsOf(retrievalText(q)).every((term) => term.startsWith('measur') || WHOLE_TROPHY.has(term))
}

function answerKnowledge(knowledge: KnowledgeBase, q: Question): ChatReply | null {
  const pick = retrieve(knowledge, q)
  const namesOnlySpecies = q.species && !q.speciesFromHistory && termsOf(retrievalText(q)).length === 0
  if (q.species && namesOnlySpecies && (!pick || pick.matched + pick.fuzzy === 0)) return overviewAnswer(q.species)
  if (!pick || !confident(pick)) return null
  const { hit } = pick
  const aspect = aspectOf(hit)
  // "How do I measure a whitetail?": the steps for its kind of chart, not the names of its chart lines.
  if (q.species && asksToMeasure(q.message) && asksWholeTrophy(q, hit)) {
    const steps = measuringStepsAnswer(q.species, q.text)
    if (steps) return steps
  }
  const species = q.species && hit.speciesId === q.species.id ? q.species : undefined
  if (species && aspect === 'minimums') return minimumsAnswer(q)
  if (species && aspect === 'season') return seasonAnswer(q, hit)
  if (hit.kind === 'regulations') return regulationConceptAnswer(q, hit)
  // A species passage is cited as its Species Guide page; another passage with the species it was about.
  const sources = species && hit.kind === 'species-guide' ? [speciesSource(species)] : [sourceOf(hit)]
  if (species && hit.kind !== 'species-guide') sources.push(speciesSource(species))
  return builtIn(hit.text, sources)
}

const ASKS_CAPABILITIES = /^\W*(?:help|hi|hello|hey|what can you (?:do|answer|help with)|what do you know)\b/i

export const answerBuiltIn: AnswerBuiltIn = async ({ db, knowledge }, { userId, request }) => {
  const history = request.history ?? []
  const calculation = matchCalculation(request.message, history)
  if (calculation) return builtIn(calculation.text, calculation.sources)
  const records = await answerFromRecords(db, userId, request.message, history)
  if (records) return { ...records, answeredBy: 'built-in' }
  if (termsOf(request.message).length === 0 || ASKS_CAPABILITIES.test(request.message)) return capabilitiesReply()
  const q = readQuestion(request.message, history)
  const regulations = answerRegulations(q)
  if (regulations) return regulations
  if (q.other) return otherAnimalReply(q.other)
  const answer = answerKnowledge(knowledge, q)
  if (answer) return answer
  // Read as a follow-up it made no sense: the message on its own may ("moose?" after something unrelated).
  const alone = q.followUp ? readQuestion(request.message) : undefined
  return (alone && (answerRegulations(alone) ?? answerKnowledge(knowledge, alone))) ?? fallbackReply(alone ?? q)
}
