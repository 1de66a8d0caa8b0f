import Fastify from 'fastify'
import type { AiConfig } from '#server/env.ts'

// A local OpenAI-compatible server for the AI path's tests: it records every request and answers with the
// replies a test queued, in order — a completion, a tool call, a slow one, a failing one, malformed JSON. With the
// queue empty it answers 500, so a test that forgot to queue a reply sees the fallback, not a hang.

export type FakeReply =
  /** A chat completion whose message has this content (and optionally tool calls). */
  | { kind: 'message'; content: string | null; toolCalls?: { name: string; arguments: string }[]; delayMs?: number }
  /** Any JSON body with a status (an error object, a completion without choices …). */
  | { kind: 'json'; status?: number; body: unknown; delayMs?: number }
  /** A body that is not JSON at all. */
  | { kind: 'raw'; status?: number; text: string; delayMs?: number }

export type RecordedRequest = {
  path: string
  headers: Record<string, string | string[] | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: the request body as the client sent it, read by the tests
  body: any
}

export type FakeOpenAi = {
  /** `AI_*` settings pointing at this server (timeoutMs short enough for the slow-reply tests). */
  config: (overrides?: Partial<AiConfig>) => AiConfig
  queue: (...replies: FakeReply[]) => void
  requests: RecordedRequest[]
  reset: () => void
  close: () => Promise<void>
}

const API_KEY = 'test-key-not-secret'

function completion(model: string, reply: Extract<FakeReply, { kind: 'message' }>) {
  const toolCalls = reply.toolCalls?.map((call, i) => ({
    id: `call_${i + 1}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }))
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  // Closing ends every connection, in-flight ones too: a client that gave up on a slow reply may keep its socket.
  const app = Fastify({ logger: false, bodyLimit: 30 * 1024 * 1024, forceCloseConnections: true })
  const pending: FakeReply[] = []
  const requests: RecordedRequest[] = []

  app.post('/v1/chat/completions', async (req, reply) => {
    requests.push({ path: req.url, headers: req.headers, body: req.body })
    const next = pending.shift()
    if (!next) return reply.code(500).send({ error: { message: 'no reply queued', type: 'server_error' } })
    if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs))
    if (reply.raw.destroyed) return reply
    if (next.kind === 'message') {
      const model = (req.body as { model?: string } | undefined)?.model ?? 'test-model'
      return reply.code(200).send(completion(model, next))
    }
    if (next.kind === 'json') return reply.code(next.status ?? 200).send(next.body)
    return reply
      .code(next.status ?? 200)
      .header('content-type', 'application/json')
      .send(next.text)
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    config: (overrides = {}) => ({
      baseUrl: `${address}/v1`,
      apiKey: API_KEY,
      model: 'test-model',
      visionModel: 'test-vision-model',
      timeoutMs: 1_000,
      ...overrides,
    }),
    queue: (...replies) => {
      pending.push(...replies)
    },
    requests,
    reset: () => {
      pending.length = 0
      requests.length = 0
    },
    close: () => app.close(),
  }
}
