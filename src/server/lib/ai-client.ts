import OpenAI from 'openai'
import type { AiConfig } from '#server/env.ts'

/** The OpenAI-compatible client. No retries: a member is waiting, and every failure has a fallback. */
export function createAiClient(config: AiConfig): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
  })
}
