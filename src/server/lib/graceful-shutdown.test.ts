import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { keepAliveAgent, send, startLiveServer } from '#tests/support/live-server.ts'

// The real server in a child process (node src/server/server.ts), on PGlite or on PostgreSQL (TEST_DB).

const CONNECTIONS = 40

describe('shutdown', () => {
  it('answers every request on kept-alive connections after SIGTERM, none reset, and exits 0', async () => {
    const server = await startLiveServer(4, { BENCH_ROUTES: '1' })
    try {
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve))
      const agent = keepAliveAgent(CONNECTIONS)
      const outcomes: string[] = []
      let signalled = false
      let sentAfterSignal = 0
      // Each connection asks in turn until an answer other than 200: a 503 while draining, or a refused new
      // connection once its kept-alive one was closed after an answer (nothing was sent on it).
      const client = async (i: number) => {
        const cookie = server.cookies[i % server.cookies.length] as string
        const path = i % 2 === 0 ? '/api/auth/config' : '/api/bench/one-row'
        for (;;) {
          if (signalled) sentAfterSignal += 1
          const answer = await send(agent, server.url, path, { headers: { cookie } })
          const outcome = 'status' in answer ? String(answer.status) : answer.error
          outcomes.push(outcome)
          if (outcome !== '200') return
        }
      }
      const clients = Array.from({ length: CONNECTIONS }, (_, i) => client(i))
      await sleep(1_000)
      signalled = true
      server.process.kill('SIGTERM')
      await Promise.all(clients)
      agent.destroy()

      const counts: Record<string, number> = {}
      for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1
      expect(Object.keys(counts).filter((outcome) => !['200', '503', 'ECONNREFUSED'].includes(outcome))).toEqual([])
      expect(counts['200']).toBeGreaterThan(CONNECTIONS)
      expect(sentAfterSignal).toBeGreaterThanOrEqual(CONNECTIONS)
      expect(await exited).toBe(0)
    } finally {
      await server.cleanup()
    }
  }, 60_000)
})
