import { describe, expect, it } from 'vitest'
import { loadConfig } from './env.ts'

// The AI service settings (docs/architecture.md §5): all three of AI_BASE_URL, AI_API_KEY and AI_MODEL, or none;
// the vision model of photo analysis is AI_VISION_MODEL, else AI_MODEL.

describe('AI configuration (env.ts)', () => {
  const base = { DATA_DIR: '/tmp/fm-env-test', SESSION_SECRET: 'x'.repeat(40) }
  const ai = { AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_API_KEY: 'key', AI_MODEL: 'llama3.2' }

  it('is off when no AI_* variable is set, or all are empty', () => {
    expect(loadConfig(base).ai).toBeUndefined()
    expect(loadConfig({ ...base, AI_BASE_URL: '', AI_API_KEY: ' ', AI_MODEL: '' }).ai).toBeUndefined()
  })

  it('uses AI_MODEL for photo analysis when AI_VISION_MODEL is not set (or empty)', () => {
    const expected = {
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'key',
      model: 'llama3.2',
      visionModel: 'llama3.2',
      timeoutMs: 20_000,
    }
    expect(loadConfig({ ...base, ...ai }).ai).toEqual(expected)
    expect(loadConfig({ ...base, ...ai, AI_VISION_MODEL: ' ' }).ai).toEqual(expected)
  })

  it('uses AI_VISION_MODEL for photo analysis when set, and AI_TIMEOUT_MS per call', () => {
    expect(loadConfig({ ...base, ...ai, AI_VISION_MODEL: 'llava', AI_TIMEOUT_MS: '5000' }).ai).toMatchObject({
      model: 'llama3.2',
      visionModel: 'llava',
      timeoutMs: 5000,
    })
  })

  it('refuses a partial set, naming what is missing', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: ai.AI_BASE_URL })).toThrow(/missing AI_API_KEY, AI_MODEL/)
    expect(() => loadConfig({ ...base, AI_VISION_MODEL: 'llava', AI_MODEL: 'llama3.2' })).toThrow(
      /missing AI_BASE_URL, AI_API_KEY/,
    )
  })

  it('refuses a timeout outside 100 ms to 10 minutes', () => {
    expect(() => loadConfig({ ...base, ...ai, AI_TIMEOUT_MS: '50' })).toThrow(/AI_TIMEOUT_MS/)
    expect(() => loadConfig({ ...base, ...ai, AI_TIMEOUT_MS: '600001' })).toThrow(/AI_TIMEOUT_MS/)
  })
})

describe('rate limit settings (env.ts)', () => {
  const base = { DATA_DIR: '/tmp/fm-env-test', SESSION_SECRET: 'x'.repeat(40) }

  it('reads WRITE_RATE_LIMIT as writes per member per minute, unset when not given', () => {
    expect(loadConfig(base).writeRateLimit).toBeUndefined()
    expect(loadConfig({ ...base, WRITE_RATE_LIMIT: '30' }).writeRateLimit).toBe(30)
  })

  it('refuses a WRITE_RATE_LIMIT that is not a whole number from 1 to 100000', () => {
    for (const value of ['0', '-5', '2.5', 'many', '100001']) {
      expect(() => loadConfig({ ...base, WRITE_RATE_LIMIT: value })).toThrow(/WRITE_RATE_LIMIT/)
    }
  })
})

describe('PostgreSQL deployment (env.ts)', () => {
  const base = { DATA_DIR: '/tmp/fm-env-test', SESSION_SECRET: 'x'.repeat(40) }
  const server = 'postgres://fieldmark@127.0.0.1:5432/fieldmark'
  const pooler = 'postgres://fieldmark@127.0.0.1:6432/fieldmark'

  it('takes DATABASE_DIRECT_URL for the server itself, DATABASE_URL when unset, nothing without a DATABASE_URL', () => {
    expect(loadConfig({ ...base, DATABASE_URL: pooler, DATABASE_DIRECT_URL: server })).toMatchObject({
      databaseUrl: pooler,
      databaseDirectUrl: server,
    })
    expect(loadConfig({ ...base, DATABASE_URL: server, DATABASE_DIRECT_URL: '' }).databaseDirectUrl).toBe(server)
    expect(loadConfig({ ...base, DATABASE_DIRECT_URL: server }).databaseDirectUrl).toBeUndefined()
  })

  it('runs one process unless WEB_CONCURRENCY says more, and refuses a count that is not one or more', () => {
    expect(loadConfig(base).webConcurrency).toBe(1)
    expect(loadConfig({ ...base, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4)
    for (const bad of ['0', '-1', '1.5', 'two']) {
      expect(() => loadConfig({ ...base, WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/)
    }
  })

  it('gives requests in flight 10 s at a stop unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(loadConfig(base).shutdownGraceMs).toBe(10_000)
    expect(loadConfig({ ...base, SHUTDOWN_GRACE_MS: '25000' }).shutdownGraceMs).toBe(25_000)
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(() => loadConfig({ ...base, SHUTDOWN_GRACE_MS: bad })).toThrow(/SHUTDOWN_GRACE_MS/)
    }
  })
})
