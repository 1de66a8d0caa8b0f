// The assistant's knowledge base: every passage (species guide, chart lines, scoring rules, fish formulas, photo
// method, regulations) in one MiniSearch index, built once per process on first use and cached.
import MiniSearch from 'minisearch'
import type { KnowledgeBase, KnowledgeDoc, KnowledgeHit } from '../assistant.types.ts'
import { buildRegulationDocs } from '../regulations.ts'
import { buildChartDocs } from './chart-docs.ts'
import { MEASURING_PASSAGES } from './measuring-passages.ts'
import { PASSAGES } from './passages.ts'
import { PROGRAM_PASSAGES } from './program-passages.ts'
import { buildSpeciesDocs } from './species-docs.ts'
import { fuzzyFor, prefixFor, processTerm, termsOf, tokenize } from './text.ts'

/** A passage as indexed: the public fields plus words a member may use for it (searched, never shown). */
export type IndexedDoc = KnowledgeDoc & { keywords?: string }

/**
 * A hit with the question's terms it matched, so the composer can judge how well it answers: `matchedTerms` are
 * the question's terms found in the passage, `fuzzyTerms` those of them found only through a typo match.
 */
export type RetrievalHit = KnowledgeHit & {
  matchedTerms: string[]
  fuzzyTerms: string[]
  /** Matched terms found in the passage's title or its keywords: what it is about, not a word in passing. */
  strongTerms: string[]
  queryTermCount: number
}

export interface RetrievalKnowledgeBase extends KnowledgeBase {
  search(query: string, limit?: number): RetrievalHit[]
  /** Whether any passage has the term, or one a typo or a prefix away ('measur' → 'measurement'). */
  knows(term: string): boolean
  /** Every indexed passage (tests, and the AI path if it wants to cite one by id). */
  readonly docs: readonly KnowledgeDoc[]
  get(id: string): KnowledgeDoc | undefined
}

const STORED = ['id', 'kind', 'title', 'text', 'href', 'speciesId'] as const

export function buildDocs(): IndexedDoc[] {
  return [
    ...buildSpeciesDocs(),
    ...buildChartDocs(),
    ...PASSAGES,
    ...MEASURING_PASSAGES,
    ...PROGRAM_PASSAGES,
    ...buildRegulationDocs(),
  ]
}

export function createKnowledgeBase(docs: readonly IndexedDoc[] = buildDocs()): RetrievalKnowledgeBase {
  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'text', 'keywords'],
    storeFields: [...STORED],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 2.5, keywords: 1.5 },
      prefix: prefixFor,
      fuzzy: fuzzyFor,
      weights: { fuzzy: 0.4, prefix: 0.6 },
      combineWith: 'OR',
    },
  })
  index.addAll(docs)
  const byId = new Map(docs.map((doc) => [doc.id, toPublic(doc)]))
  // Built on the first question that needs it, not with the index.
  let vocabulary: Set<string> | undefined
  const knows = (term: string) => {
    vocabulary ??= new Set(docs.flatMap((doc) => termsOf(`${doc.title} ${doc.text} ${doc.keywords ?? ''}`)))
    if (vocabulary.has(term)) return true
    for (const word of vocabulary) {
      if (prefixFor(term) && word.startsWith(term)) return true
      if (fuzzyFor(term) !== false && oneEditApart(word, term)) return true
    }
    return false
  }

  return {
    docs: [...byId.values()],
    get: (id) => byId.get(id),
    knows,
    search(query, limit = 8) {
      const queryTermCount = new Set(termsOf(query)).size
      if (queryTermCount === 0) return []
      return index
        .search(query)
        .slice(0, limit)
        .map((result) => {
          const doc = byId.get(result.id as string) as KnowledgeDoc
          const docTerms = (q: string) => result.terms.filter((t) => t.startsWith(q))
          const fuzzyTerms = result.queryTerms.filter((q) => docTerms(q).length === 0)
          const strongTerms = result.queryTerms.filter((q) =>
            docTerms(q).some((t) => result.match[t]?.some((field) => field !== 'text')),
          )
          return {
            ...doc,
            score: result.score,
            matchedTerms: result.queryTerms,
            fuzzyTerms,
            strongTerms,
            queryTermCount,
          }
        })
    },
  }
}

/** Whether two words differ by at most one letter added, dropped or changed. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  const rest = (x: string, skip: number) => x.slice(i + skip)
  return (
    rest(a, 1) === rest(b, 1) || // changed
    rest(a, 1) === rest(b, 0) || // a has one more
    rest(a, 0) === rest(b, 1) // b has one more
  )
}

function toPublic(doc: IndexedDoc): KnowledgeDoc {
  const out: KnowledgeDoc = { id: doc.id, kind: doc.kind, title: doc.title, text: doc.text }
  if (doc.href) out.href = doc.href
  if (doc.speciesId) out.speciesId = doc.speciesId
  return out
}

let cached: RetrievalKnowledgeBase | undefined

/** The knowledge base of this process, built on first use (a few tens of milliseconds) and kept. */
export function getKnowledgeBase(): RetrievalKnowledgeBase {
  cached ??= createKnowledgeBase()
  return cached
}
