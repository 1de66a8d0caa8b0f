import OpenAI from 'openai'
import type { AiConfig } from '../env.ts'

/**
 * The OpenAI-compatible client (OpenAI, Ollama, vLLM, LM Studio …; DESIGN.md §3 AI). No retries: a member is
 * waiting, and every failure has a fallback (the built-in assistant, or a clear message). The timeout is per call.
 */
export function createAiClient(config: AiConfig): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
  })
}
