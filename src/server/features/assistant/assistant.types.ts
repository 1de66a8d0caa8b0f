import type { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import type { ChatReply, ChatRequest, ChatSource, ChatSourceKind } from '#shared/schemas/assistant.ts'

// The seam between the built-in assistant and the AI path (ai-chat.ts), which retrieves the same knowledge, gives the
// model the member's relevant records, offers the same calculators as tools, and falls back to the built-in answer.

/** One passage of Fieldmark's knowledge base, as indexed by MiniSearch. */
export type KnowledgeDoc = {
  id: string
  kind: ChatSourceKind
  title: string
  /** Plain text, a few sentences, complete enough to quote as an answer. */
  text: string
  /** Where a member reads more (an app path, or an agency's web site). */
  href?: string
  /** A catalogue species id when the passage is about one species. */
  speciesId?: string
}

export type KnowledgeHit = KnowledgeDoc & { score: number }

/** Retrieval over the knowledge base (knowledge/index.ts builds it once per process). */
export interface KnowledgeBase {
  search(query: string, limit?: number): KnowledgeHit[]
  /** Whether the knowledge base has the term at all; without it every word counts as known. */
  knows?(term: string): boolean
}

/** A calculator the assistant runs and the model calls as a tool; the scoring engine does the arithmetic. */
export type Calculator<P extends z.ZodObject = z.ZodObject> = {
  /** The tool name: `fish_weight`, `nwtf_score`, `bc_score`, `convert_units` … */
  name: string
  description: string
  parameters: P
  /** Plain-text result a member can read, with the numbers; throws ScoringError / a zod error on bad arguments. */
  run(args: z.infer<P>): { text: string; sources: ChatSource[] }
}

/** What the member's own records say that bears on the question (for the AI path's prompt, and built-in answers). */
export type MemberContext = {
  /** Plain-text lines ('Biggest Largemouth Bass: 22 1/2 in, 7.6 lb, 2026-05-01'), empty when nothing relevant. */
  lines: string[]
  sources: ChatSource[]
}

export type AssistantDeps = { db: Db; knowledge: KnowledgeBase }

export type AnswerInput = { userId: string; request: ChatRequest }

/** The built-in assistant: always answers (with "I don't know, but I can …" when nothing matches). */
export type AnswerBuiltIn = (deps: AssistantDeps, input: AnswerInput) => Promise<ChatReply>
