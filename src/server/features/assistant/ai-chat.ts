import type OpenAI from 'openai'
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { z } from 'zod'
import type { AiConfig } from '#server/env.ts'
import { CHAT_LIMITS, type ChatReply, type ChatSource, type ChatTurn } from '#shared/schemas/assistant.ts'
import { ScoringError } from '#shared/scoring/scoring-error.ts'
import type { AnswerInput, AssistantDeps, Calculator, KnowledgeHit, MemberContext } from './assistant.types.ts'
import { answerBuiltIn } from './builtin.ts'
import { CALCULATORS } from './calculators.ts'
import { memberContext } from './member-records.ts'

// The assistant with a model: it gets the retrieved knowledge and the member's records, the calculators are its
// tools, and every failure (timeout, error, malformed reply, tool loop) falls back to the built-in answer.

/** Tool rounds (the model calling calculators) before its final answer; one more is a loop, and we fall back. */
export const MAX_TOOL_ROUNDS = 3
/** Passages of the knowledge base given to the model. */
export const KNOWLEDGE_PASSAGES = 6
/** A passage scoring under this share of the best one is noise, not context. */
const RELEVANCE_SHARE = 0.25
/** Passages named as sources of an answer (the best ones given). */
const PASSAGE_SOURCES = 4
/** A model's reply longer than this is cut: the widget is a small panel. */
export const REPLY_MAX_CHARS = 8000

export const SYSTEM_PROMPT = [
  "You are Fieldmark's Hunting Assistant. Fieldmark is an app where hunters and anglers measure, score, record and",
  'share trophies and catches. You help with trophy scoring, species identification, hunting and fishing regulations',
  'and general outdoor knowledge.',
  'Rules:',
  "- Answer only from the Fieldmark knowledge and the member's records given to you, and from the results of the",
  "  tools. When they do not cover the question, say plainly that you don't know, and what you can help with.",
  '- Every score, weight, length or unit conversion you state must come from a tool result or from the knowledge',
  '  given. Call a calculator tool to compute a number; never do the arithmetic yourself.',
  '- Never state season dates, bag limits or size limits: they change every year and by area. Name the state or',
  '  provincial wildlife agency that sets them and tell the member to check its current regulations.',
  '- Write plain text: short paragraphs, and lines starting with "- " for lists. No HTML, no markdown tables,',
  '  headings or bold.',
  '- Be brief and friendly: the member reads you in a small chat panel, often in the field.',
].join('\n')

export type AiChatDeps = AssistantDeps & {
  ai: { client: OpenAI; config: AiConfig }
  /** Where a fallback's reason is logged (the request's logger). */
  log: { warn: (details: object, message: string) => void }
}

/** Why the model's answer was not used. */
export type FallbackReason =
  | 'timeout'
  | 'http-error'
  | 'network'
  | 'malformed'
  | 'empty'
  | 'too-many-tool-rounds'
  | 'unexpected'

class AiFailure extends Error {
  readonly reason: FallbackReason
  constructor(reason: FallbackReason, detail: string) {
    super(detail)
    this.reason = reason
  }
}

/** What we read of a completion; anything else (no choices, a string, an error object) is malformed. */
const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                function: z.object({ name: z.string(), arguments: z.string().nullish() }),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
})
type ToolCall = NonNullable<z.infer<typeof CompletionSchema>['choices'][number]['message']['tool_calls']>[number]

/** The calculators as OpenAI function tools (parameters as JSON Schema of what the model sends). */
export function calculatorTools(calculators: readonly Calculator[] = CALCULATORS): ChatCompletionFunctionTool[] {
  return calculators.map((c) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(c.parameters, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>
    return { type: 'function', function: { name: c.name, description: c.description, parameters } }
  })
}

let tools: ChatCompletionFunctionTool[] | undefined
function toolsOnce(): ChatCompletionFunctionTool[] {
  tools ??= calculatorTools()
  return tools
}

/** The message and the recent questions before it, so a follow-up ("and for P&Y?") finds its topic. */
export function retrievalQuery(message: string, history: readonly ChatTurn[] = []): string {
  const recentQuestions = history
    .filter((turn) => turn.role === 'user')
    .slice(-2)
    .map((turn) => turn.text)
  return [...recentQuestions, message].join('\n')
}

/** The passages worth giving the model: the best few, without those far below the best. */
export function relevantPassages(hits: readonly KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0]?.score ?? 0
  return hits.slice(0, KNOWLEDGE_PASSAGES).filter((hit) => hit.score >= best * RELEVANCE_SHARE)
}

/** The context message: retrieved knowledge and the member's records, each clearly marked. */
export function contextPrompt(passages: readonly KnowledgeHit[], records: MemberContext): string {
  const knowledge = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n')
    : 'No passage of the knowledge base matches this question.'
  const mine = records.lines.length
    ? records.lines.map((line) => `- ${line}`).join('\n')
    : 'The member has no records that bear on this question.'
  return `Fieldmark knowledge for this question:\n${knowledge}\n\nThe member's own records:\n${mine}`
}

function historyMessages(history: readonly ChatTurn[] = []): ChatCompletionMessageParam[] {
  return history
    .slice(-CHAT_LIMITS.historyTurns)
    .map((turn) => ({ role: turn.role, content: turn.text }) satisfies ChatCompletionMessageParam)
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ')
}

/** One tool call run by the engine: its result, or an error the model can read and correct. */
export function runToolCall(
  call: { name: string; arguments?: string | null | undefined },
  calculators: readonly Calculator[] = CALCULATORS,
): { content: string; sources: ChatSource[]; failed?: string } {
  const calculator = calculators.find((c) => c.name === call.name)
  if (!calculator) {
    const names = calculators.map((c) => c.name).join(', ')
    return { content: `Error: there is no tool named "${call.name}". The tools are: ${names}.`, sources: [] }
  }
  let args: unknown
  try {
    args = call.arguments?.trim() ? JSON.parse(call.arguments) : {}
  } catch {
    return {
      content:
        'Error: the arguments are not valid JSON. Call the tool again with a JSON object matching its parameters.',
      sources: [],
    }
  }
  const parsed = calculator.parameters.safeParse(args)
  if (!parsed.success) return { content: `Error: invalid arguments: ${issuesText(parsed.error)}`, sources: [] }
  try {
    const result = calculator.run(parsed.data)
    return { content: result.text, sources: result.sources }
  } catch (err) {
    if (err instanceof ScoringError) return { content: `Error: ${err.message}`, sources: [] }
    if (err instanceof z.ZodError) return { content: `Error: invalid arguments: ${issuesText(err)}`, sources: [] }
    return {
      content: 'Error: the calculator could not compute this.',
      sources: [],
      failed: err instanceof Error ? err.message : String(err),
    }
  }
}

function sourceKey(source: ChatSource): string {
  return `${source.kind}|${source.title}|${source.href ?? ''}`
}

function uniqueSources(sources: readonly ChatSource[]): ChatSource[] {
  const seen = new Set<string>()
  return sources.filter((source) => {
    const key = sourceKey(source)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function passageSource(hit: KnowledgeHit): ChatSource {
  return { kind: hit.kind, title: hit.title, ...(hit.href ? { href: hit.href } : {}) }
}

function failureOf(err: unknown): { reason: FallbackReason; status?: number; detail: string } {
  const detail = err instanceof Error ? err.message : String(err)
  if (err instanceof AiFailure) return { reason: err.reason, detail }
  if (err instanceof APIUserAbortError || err instanceof APIConnectionTimeoutError) return { reason: 'timeout', detail }
  if (err instanceof APIConnectionError) return { reason: 'network', detail }
  if (err instanceof APIError) return { reason: 'http-error', ...(err.status ? { status: err.status } : {}), detail }
  if (err instanceof SyntaxError) return { reason: 'malformed', detail }
  return { reason: 'unexpected', detail }
}

/** The model's conversation: rules, context, the recent turns, then the message. */
export function chatMessages(
  input: AnswerInput,
  passages: readonly KnowledgeHit[],
  records: MemberContext,
): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'system', content: contextPrompt(passages, records) },
    ...historyMessages(input.request.history),
    { role: 'user', content: input.request.message },
  ]
}

/** Asks the model (tools run by the engine) within the deadline; throws on anything but a usable answer. */
async function askModel(
  deps: AiChatDeps,
  messages: ChatCompletionMessageParam[],
  signal: AbortSignal,
): Promise<{ text: string; sources: ChatSource[] }> {
  const { client, config } = deps.ai
  const offered = toolsOnce()
  const sources: ChatSource[] = []
  for (let round = 0; ; round++) {
    const raw: unknown = await client.chat.completions.create(
      { model: config.model, messages, ...(offered.length ? { tools: offered, tool_choice: 'auto' as const } : {}) },
      { signal },
    )
    const parsed = CompletionSchema.safeParse(raw)
    if (!parsed.success) throw new AiFailure('malformed', 'the reply is not a chat completion with a choice')
    const message = (parsed.data.choices[0] as z.infer<typeof CompletionSchema>['choices'][number]).message
    const calls: ToolCall[] = message.tool_calls ?? []
    if (calls.length === 0) {
      const text = (message.content ?? '').trim()
      if (!text) throw new AiFailure('empty', 'the reply has no text')
      return { text, sources }
    }
    if (round >= MAX_TOOL_ROUNDS)
      throw new AiFailure('too-many-tool-rounds', `tools still called after ${round} rounds`)
    messages.push({
      role: 'assistant',
      content: message.content ?? null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.function.name, arguments: call.function.arguments ?? '' },
      })),
    })
    for (const call of calls) {
      const result = runToolCall(call.function)
      if (result.failed) deps.log.warn({ tool: call.function.name, error: result.failed }, 'assistant tool failed')
      messages.push({ role: 'tool', tool_call_id: call.id, content: result.content })
      sources.push(...result.sources)
    }
  }
}

/** The AI path of POST /api/chat: on timeout or any failure the built-in answer, the reason logged (never the key). */
export async function answerWithAi(deps: AiChatDeps, input: AnswerInput): Promise<ChatReply> {
  const { message, history } = input.request
  const passages = relevantPassages(deps.knowledge.search(retrievalQuery(message, history), KNOWLEDGE_PASSAGES))
  const records = await memberContext(deps.db, input.userId, message)
  const messages = chatMessages(input, passages, records)
  try {
    const answer = await askModel(deps, messages, AbortSignal.timeout(deps.ai.config.timeoutMs))
    return {
      reply: answer.text.slice(0, REPLY_MAX_CHARS),
      sources: uniqueSources([
        ...passages.slice(0, PASSAGE_SOURCES).map(passageSource),
        ...answer.sources,
        ...(records.lines.length ? records.sources : []),
      ]),
      answeredBy: 'ai',
    }
  } catch (err) {
    const { reason, status, detail } = failureOf(err)
    const apiKey = deps.ai.config.apiKey
    deps.log.warn(
      {
        reason,
        ...(status ? { status } : {}),
        model: deps.ai.config.model,
        detail: (apiKey ? detail.replaceAll(apiKey, '[redacted]') : detail).slice(0, 300),
      },
      'AI assistant failed; answered with the built-in assistant',
    )
    const builtIn = await answerBuiltIn({ db: deps.db, knowledge: deps.knowledge }, input)
    return { ...builtIn, answeredBy: 'built-in' }
  }
}
