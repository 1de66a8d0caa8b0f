// The built-in Hunting Assistant (issue 7): answers from Fieldmark's own knowledge and the member's records, and
// says where each answer came from. In order: a calculation asked with numbers (calculators.ts, the scoring
// engine), the member's own records (member-records.ts), regulations (regulations.ts: the agency, never a date
// or limit), the knowledge base (knowledge/: species guide, chart lines, rules, formulas, photo method), and when
// nothing fits well enough, a plain "I don't know" with what it can answer.
import type { ChatReply, ChatSource, ChatTurn } from '#shared/schemas/assistant.ts'
import { type BookMinimum, minimumsFor } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { AnswerBuiltIn, KnowledgeBase, KnowledgeHit } from './assistant.types.ts'
import { matchCalculation } from './calculators.ts'
import type { RetrievalHit } from './knowledge/index.ts'
import { bookMinimumText, speciesGuideTitle, speciesHref } from './knowledge/species-docs.ts'
import { categoriesMentioned, findSpecies } from './knowledge/species-match.ts'
import { termsOf } from './knowledge/text.ts'
import {
  agencySources,
  agencyText,
  containsSpecificRegulation,
  findJurisdiction,
  isRegulationQuestion,
  type Jurisdiction,
} from './regulations.ts'

export { getKnowledgeBase } from './knowledge/index.ts'

// member-records.ts (the member's own data) is being written; until it lands no question is answered from records.
const answerFromRecords = async (_db: unknown, _userId: string, _message: string): Promise<ChatReply | null> => null

/** What the assistant understood of a message, with what the conversation before it supplies. */
export type Question = {
  message: string
  /** What retrieval reads: the message, or for a follow-up the previous question and the message. */
  text: string
  followUp: boolean
  species?: Species
  /** The species came from an earlier turn ("and for Pope and Young?" after a whitetail question). */
  speciesFromHistory: boolean
  place?: Jurisdiction
  books: Book[]
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

const FOLLOW_UP = /^\s*(?:and|what about|how about|same for|same question for|also|ok(?:ay)?,? and|now|then)\b/i

export function booksIn(text: string): Book[] {
  return (Object.keys(BOOK_PATTERNS) as Book[]).filter((book) => BOOK_PATTERNS[book].test(text))
}

/** Reads a message with its history: species, place and record books, from earlier turns when a follow-up. */
export function readQuestion(message: string, history: readonly ChatTurn[] = []): Question {
  const previous = [...history].reverse().find((turn) => turn.role === 'user')?.text
  const followUp = previous !== undefined && (FOLLOW_UP.test(message) || termsOf(message).length <= 2)
  const text = followUp ? `${previous} ${message}` : message
  let species = findSpecies(message)[0]?.species
  let speciesFromHistory = false
  if (!species) {
    // Newest first, the member's own turns before ours.
    const turns = [...history].reverse()
    for (const turn of [...turns.filter((t) => t.role === 'user'), ...turns.filter((t) => t.role === 'assistant')]) {
      species = findSpecies(turn.text)[0]?.species
      if (species) {
        speciesFromHistory = true
        break
      }
    }
  }
  const place = findJurisdiction(message) ?? (followUp && previous ? findJurisdiction(previous) : undefined)
  let books = booksIn(message)
  if (books.length === 0 && followUp && previous) books = booksIn(previous)
  return { message, text, followUp, species, speciesFromHistory, place, books }
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
  if (q.species) {
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
  if (rows.some((row) => row.minimums.some((m) => !m.verified))) {
    lines.push('Values marked unverified come from memory of the list; no public copy confirmed them.')
  }
  if (rows.some((row) => row.category === 'wild-turkey')) {
    lines.push('The NWTF records program itself has no minimum score; 65 is the Kansas Trophy Turkey Award minimum.')
  }
  return builtIn(lines.join('\n'), sources)
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

function nameTermsOf(species: Species): Set<string> {
  return new Set(termsOf(`${species.name} ${species.scoringCategories.join(' ')}`.replace(/-/g, ' ')))
}

type Retrieved = { hit: KnowledgeHit; matched: number; unmatched: number }

/** The best passage for the question, or null when none matches enough of it to be the answer. */
export function retrieve(knowledge: KnowledgeBase, q: Question): Retrieved | null {
  const hits = knowledge.search(q.text, 60)
  if (hits.length === 0) return null
  const speciesId = q.species?.id
  const nameTerms = q.species ? nameTermsOf(q.species) : new Set<string>()
  const weight = (hit: KnowledgeHit) => {
    if (!speciesId || !hit.speciesId) return 1
    if (hit.speciesId === speciesId) return q.speciesFromHistory ? 1.6 : 3
    return q.speciesFromHistory ? 0.8 : 0.3
  }
  const ranked = hits.map((hit) => ({ hit, weighted: hit.score * weight(hit) })).sort((a, b) => b.weighted - a.weighted)
  const best = (ranked[0] as (typeof ranked)[number]).hit
  const queryTerms = [...new Set(termsOf(q.text))]
  const matchedTerms = 'matchedTerms' in best ? (best as RetrievalHit).matchedTerms : queryTerms
  const matched = new Set(matchedTerms.filter((t) => !nameTerms.has(t))).size
  const asked = queryTerms.filter((t) => !nameTerms.has(t)).length
  return { hit: best, matched, unmatched: Math.max(0, asked - matched) }
}

/** Enough of the question matched: two of its words, or all of a one-word question, and not most left over. */
function confident(pick: Retrieved, q: Question): boolean {
  const { hit, matched, unmatched } = pick
  const aboutSpecies = q.species && hit.speciesId === q.species.id
  if (aboutSpecies && matched === 0) return unmatched <= 1 && aspectOf(hit) === 'overview'
  if (matched === 0) return false
  if (matched === 1) return unmatched <= (aboutSpecies ? 2 : 1)
  return matched >= unmatched
}

function answerKnowledge(knowledge: KnowledgeBase, q: Question): ChatReply | null {
  const pick = retrieve(knowledge, q)
  if (!pick || !confident(pick, q)) return null
  const { hit } = pick
  const aspect = aspectOf(hit)
  const species = q.species && hit.speciesId === q.species.id ? q.species : undefined
  if (species && aspect === 'minimums') return minimumsAnswer(q)
  if (species && aspect === 'season') return seasonAnswer(q, hit)
  if (hit.kind === 'regulations') {
    const ask = q.place ? '' : "\nTell me your state or province and I'll name the agency that sets its rules."
    const text = hit.id.startsWith('regulations:') && hit.href ? hit.text : `${hit.text}${ask}`
    return builtIn(withoutSpecificRegulations(text.split('\n')).join('\n'), [sourceOf(hit)])
  }
  const sources = [sourceOf(hit)]
  if (species && hit.kind !== 'species-guide') sources.push(speciesSource(species))
  return builtIn(hit.text, sources)
}

// When nothing fits.

const CAN_ANSWER = [
  "record-book minimums (e.g. 'B&C minimum for mule deer')",
  "how to measure a chart line or score a rack ('how do I measure H-2 on a whitetail')",
  'scoring rules: spread credit, deductions, typical vs non-typical, the 60-day drying period, entering a record book',
  "fish weight from length and girth ('22 inch bass, 15 inch girth')",
  'turkey (NWTF) and antler scores from your measurements, and unit conversions',
  "your own records ('what is my biggest bass?')",
  'which agency sets the hunting and fishing rules in your state or province',
]

export function fallbackReply(q: Partial<Pick<Question, 'species' | 'speciesFromHistory'>>): ChatReply {
  const lines = [
    "I don't know the answer to that one. Here is what I can help with:",
    ...CAN_ANSWER.map((c) => `- ${c}`),
  ]
  if (q.species && !q.speciesFromHistory) {
    lines.push(`For ${q.species.name} I can give its record minimums, season, habitat and how it is scored.`)
  }
  return builtIn(lines.join('\n'))
}

export const answerBuiltIn: AnswerBuiltIn = async ({ db, knowledge }, { userId, request }) => {
  const history = request.history ?? []
  const calculation = matchCalculation(request.message, history)
  if (calculation) return builtIn(calculation.text, calculation.sources)
  const records = await answerFromRecords(db, userId, request.message)
  if (records) return { ...records, answeredBy: 'built-in' }
  const q = readQuestion(request.message, history)
  return answerRegulations(q) ?? answerKnowledge(knowledge, q) ?? fallbackReply(q)
}
