import { createServer } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AiConfig } from '#server/env.ts'
import { createAiClient } from '#server/lib/ai-client.ts'
import type { ChatReply, ChatRequest } from '#shared/schemas/assistant.ts'
import { ScoringError } from '#shared/scoring/scoring-error.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '#tests/support/fake-openai.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import {
  type AiChatDeps,
  answerWithAi,
  calculatorTools,
  MAX_TOOL_ROUNDS,
  relevantPassages,
  retrievalQuery,
  runToolCall,
} from './ai-chat.ts'
import type { Calculator, KnowledgeHit } from './assistant.types.ts'
import { answerBuiltIn, getKnowledgeBase } from './builtin.ts'
import { CALCULATORS } from './calculators.ts'

// The AI path on its own (ai-chat.ts): the tool loop, bad tool arguments, the deadline over the whole exchange, every
// kind of failure and the reason logged for it (never the API key), against the local OpenAI-compatible test server.

let t: TestApp
let fake: FakeOpenAi
let user: SignedInUser
let warnings: { details: Record<string, unknown>; message: string }[]

const QUESTION = 'How do I estimate the weight of a largemouth bass from its length?'

function deps(overrides: Partial<AiConfig> = {}): AiChatDeps {
  const config = fake.config(overrides)
  return {
    db: t.db,
    knowledge: getKnowledgeBase(),
    ai: { client: createAiClient(config), config },
    log: { warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }) },
  }
}

function ask(request: Partial<ChatRequest> = {}, overrides: Partial<AiConfig> = {}): Promise<ChatReply> {
  return answerWithAi(deps(overrides), { userId: user.id, request: { message: QUESTION, ...request } })
}

async function builtIn(message = QUESTION): Promise<ChatReply> {
  const reply = await answerBuiltIn(
    { db: t.db, knowledge: getKnowledgeBase() },
    { userId: user.id, request: { message } },
  )
  return { ...reply, answeredBy: 'built-in' }
}

/** The messages of the n-th request the model received. */
function sent(n: number): { role: string; content: string | null; tool_call_id?: string }[] {
  return fake.requests[n]?.body.messages
}

const toolCall = (name: string, args: string): FakeReply => ({
  kind: 'message',
  content: null,
  toolCalls: [{ name, arguments: args }],
})

beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await createTestApp()
  user = await createUser(t, { verify: 'mark' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => {
  fake.reset()
  warnings = []
})

describe('the calculators as tools', () => {
  it('offers every calculator as a function tool with a JSON Schema object of its parameters', () => {
    const tools = calculatorTools()
    expect(tools.map((tool) => tool.function.name)).toEqual(CALCULATORS.map((c) => c.name))
    for (const tool of tools) {
      expect(tool.type).toBe('function')
      expect(tool.function.description).toBeTruthy()
      expect(tool.function.parameters).toMatchObject({ type: 'object', properties: expect.any(Object) })
      expect(tool.function.parameters).not.toHaveProperty('$schema')
    }
  })
})

describe('runToolCall', () => {
  const echo: Calculator = {
    name: 'echo_length',
    description: 'Echoes a length',
    parameters: z.object({ lengthInches: z.number().positive() }),
    run: (args) => {
      const { lengthInches } = args as { lengthInches: number }
      if (lengthInches > 100) throw new ScoringError('is longer than any fish', ['lengthInches'])
      if (lengthInches === 13) throw new Error('internal detail /srv/app.ts:13')
      return { text: `${lengthInches} in`, sources: [{ kind: 'calculator', title: 'Echo' }] }
    },
  }

  it.each([
    ['valid arguments', 'echo_length', '{"lengthInches": 20}', '20 in'],
    ['arguments that are not JSON', 'echo_length', '{lengthInches: 20', /^Error: the arguments are not valid JSON/],
    [
      'arguments of the wrong type',
      'echo_length',
      '{"lengthInches": "long"}',
      /^Error: invalid arguments: lengthInches: /,
    ],
    ['missing arguments', 'echo_length', '', /^Error: invalid arguments: lengthInches: /],
    [
      'a value the engine refuses',
      'echo_length',
      '{"lengthInches": 120}',
      'Error: lengthInches: is longer than any fish',
    ],
    ['an unexpected failure', 'echo_length', '{"lengthInches": 13}', 'Error: the calculator could not compute this.'],
    ['an unknown tool', 'bag_limit', '{}', 'Error: there is no tool named "bag_limit". The tools are: echo_length.'],
  ])('answers %s with text the model can read', (_name, name, args, expected) => {
    const result = runToolCall({ name, arguments: args }, [echo])
    if (typeof expected === 'string') expect(result.content).toBe(expected)
    else expect(result.content).toMatch(expected)
    expect(result.content).not.toMatch(/srv|\.ts:/)
  })

  it('keeps the sources of a result, and the failure for the log', () => {
    expect(runToolCall({ name: 'echo_length', arguments: '{"lengthInches": 9}' }, [echo]).sources).toEqual([
      { kind: 'calculator', title: 'Echo' },
    ])
    expect(runToolCall({ name: 'echo_length', arguments: '{"lengthInches": 13}' }, [echo]).failed).toMatch(/internal/)
  })
})

describe('retrieval', () => {
  it('searches the message with the last two questions before it', () => {
    const history = [
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'an answer' },
      { role: 'user', text: 'second' },
      { role: 'user', text: 'third' },
    ] as const
    expect(retrievalQuery('and for P&Y?', [...history])).toBe('second\nthird\nand for P&Y?')
    expect(retrievalQuery('alone')).toBe('alone')
  })

  it('keeps at most six passages, without those far below the best', () => {
    const hit = (score: number): KnowledgeHit => ({
      id: `d${score}`,
      kind: 'species-guide',
      title: 't',
      text: 'x',
      score,
    })
    expect(relevantPassages([10, 9, 5, 3, 2.4, 2].map(hit)).map((h) => h.score)).toEqual([10, 9, 5, 3])
    expect(relevantPassages([8, 8, 8, 8, 8, 8, 8].map(hit))).toHaveLength(6)
    expect(relevantPassages([])).toEqual([])
  })
})

describe('tool calls', () => {
  it('tells the model when its arguments are not JSON, and still answers', async () => {
    fake.queue(toolCall('fish_weight', '{"lengthInches": 20,'), { kind: 'message', content: 'Give me the girth too.' })
    expect(await ask()).toMatchObject({ reply: 'Give me the girth too.', answeredBy: 'ai' })
    expect(sent(1).at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' })
    expect(sent(1).at(-1)?.content).toMatch(/^Error: the arguments are not valid JSON/)
  })

  it('tells the model which argument is wrong', async () => {
    fake.queue(toolCall('fish_weight', '{"speciesId": 7}'), { kind: 'message', content: 'Let me try again.' })
    expect((await ask()).answeredBy).toBe('ai')
    expect(sent(1).at(-1)?.content).toMatch(/^Error: invalid arguments: /)
  })

  it('tells the model a tool does not exist', async () => {
    fake.queue(toolCall('season_dates', '{}'), { kind: 'message', content: 'Check with your state agency.' })
    expect((await ask()).reply).toBe('Check with your state agency.')
    expect(sent(1).at(-1)?.content).toMatch(/^Error: there is no tool named "season_dates"/)
  })

  it('answers every call of a round, in order, and keeps the whole conversation', async () => {
    fake.queue(
      {
        kind: 'message',
        content: 'Let me check two things.',
        toolCalls: [
          { name: 'season_dates', arguments: '{}' },
          { name: 'bag_limits', arguments: '{}' },
        ],
      },
      { kind: 'message', content: 'Done.' },
    )
    await ask()
    const second = sent(1)
    expect(second.slice(0, sent(0).length)).toEqual(sent(0))
    expect(second.slice(sent(0).length).map((m) => [m.role, m.tool_call_id])).toEqual([
      ['assistant', undefined],
      ['tool', 'call_1'],
      ['tool', 'call_2'],
    ])
    expect(second[sent(0).length]?.content).toBe('Let me check two things.')
  })

  it(`falls back after ${MAX_TOOL_ROUNDS} rounds of tool calls without an answer`, async () => {
    fake.queue(...Array.from({ length: MAX_TOOL_ROUNDS + 1 }, () => toolCall('season_dates', '{}')))
    expect(await ask()).toEqual(await builtIn())
    expect(fake.requests).toHaveLength(MAX_TOOL_ROUNDS + 1)
    expect(warnings.map((w) => w.details.reason)).toEqual(['too-many-tool-rounds'])
  })
})

describe('failures', () => {
  it('gives up at the timeout and answers with the built-in assistant', async () => {
    fake.queue({ kind: 'message', content: 'Too late.', delayMs: 5_000 })
    const started = Date.now()
    const reply = await ask({}, { timeoutMs: 300 })
    const elapsed = Date.now() - started
    expect(reply).toEqual(await builtIn())
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(1_500)
    expect(warnings.map((w) => w.details.reason)).toEqual(['timeout'])
  })

  it('counts the timeout over the whole exchange, not per call', async () => {
    fake.queue(
      { ...toolCall('season_dates', '{}'), delayMs: 250 },
      { kind: 'message', content: 'Too late as well.', delayMs: 250 },
    )
    const started = Date.now()
    expect((await ask({}, { timeoutMs: 400 })).answeredBy).toBe('built-in')
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(fake.requests).toHaveLength(2)
    expect(warnings.map((w) => w.details.reason)).toEqual(['timeout'])
  })

  it('answers with the built-in assistant when the service cannot be reached', async () => {
    const closed = await freePort()
    expect(await ask({}, { baseUrl: `http://127.0.0.1:${closed}/v1` })).toEqual(await builtIn())
    expect(warnings.map((w) => w.details.reason)).toEqual(['network'])
  })

  it.each<[string, FakeReply, Record<string, unknown>]>([
    [
      'a server error',
      { kind: 'json', status: 500, body: { error: { message: 'boom' } } },
      { reason: 'http-error', status: 500 },
    ],
    [
      'too many requests',
      { kind: 'json', status: 429, body: { error: { message: 'slow down' } } },
      { reason: 'http-error', status: 429 },
    ],
    ['a body that is not JSON', { kind: 'raw', text: 'upstream connect error' }, { reason: 'malformed' }],
    [
      'a completion without choices',
      { kind: 'json', body: { id: 'x', object: 'chat.completion' } },
      { reason: 'malformed' },
    ],
    ['a choice without a message', { kind: 'json', body: { choices: [{ index: 0 }] } }, { reason: 'malformed' }],
    ['an empty reply', { kind: 'message', content: '' }, { reason: 'empty' }],
  ])('logs the reason after %s', async (_name, failure, logged) => {
    fake.queue(failure)
    expect(await ask()).toEqual(await builtIn())
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.details).toMatchObject({ ...logged, model: 'test-model' })
    expect(warnings[0]?.message).toMatch(/built-in assistant/)
  })

  it('never logs the API key, even when the provider echoes it', async () => {
    const apiKey = fake.config().apiKey
    fake.queue({
      kind: 'json',
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${apiKey}`, type: 'invalid_request_error' } },
    })
    expect((await ask()).answeredBy).toBe('built-in')
    expect(warnings[0]?.details).toMatchObject({ reason: 'http-error', status: 401 })
    expect(String(warnings[0]?.details.detail)).toMatch(/\[redacted\]/)
    expect(JSON.stringify(warnings)).not.toContain(apiKey)
  })
})

/** A port nothing listens on (one the system just handed out and we closed again). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}
