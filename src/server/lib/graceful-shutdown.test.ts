import { once } from 'node:events'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type Answer, keepAliveAgent, send, startLiveServer } from '#tests/support/live-server.ts'
import { gracefulShutdown, QUIET_MS } from './graceful-shutdown.ts'

/** A bare app with gracefulShutdown, listening on a free port; `never` answers only when the test says so. */
async function bareApp(graceMs: number) {
  const app = Fastify()
  const warnings: string[] = []
  const log = { warn: (message: string) => warnings.push(message) } as unknown as FastifyBaseLogger
  app.get('/ok', async () => ({ ok: true }))
  app.get('/never', () => new Promise(() => {}))
  const close = gracefulShutdown(app, { graceMs, log })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close, warnings }
}

// The real server in a child process (node src/server/server.ts), on PGlite or on PostgreSQL (TEST_DB).

const CONNECTIONS = 40

/**
 * A status, or why no answer came. A reset of a new connection is one the kernel dropped unaccepted as the server
 * stopped listening; of a kept-alive one idle QUIET_MS in the client (a stalled client), a close by design.
 */
function outcomeOf(answer: Answer): string {
  if ('status' in answer) return String(answer.status)
  if (answer.error !== 'ECONNRESET') return answer.error
  if (!answer.reused) return 'new connection not accepted'
  return answer.idleMs >= QUIET_MS ? 'reset after the quiet' : 'ECONNRESET'
}

describe('shutdown', () => {
  it('answers a request sent on a connection that was idle at the signal, instead of resetting it', async () => {
    const { url, close } = await bareApp(10_000)
    const agent = keepAliveAgent(1)
    expect(await send(agent, url, '/ok')).toMatchObject({ status: 200 })
    const closing = close()
    await sleep(QUIET_MS / 2)
    expect(await send(agent, url, '/ok')).toMatchObject({ status: 503 })
    await closing
    agent.destroy()
  })

  it('closes an idle connection once quiet, and cuts a request still running at the grace', async () => {
    const graceMs = QUIET_MS * 3
    const { url, close, warnings } = await bareApp(graceMs)
    const { port } = new URL(url)
    const idle = connect(Number(port), '127.0.0.1')
    idle.write('GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await once(idle, 'data')
    const answeredAt = performance.now()
    const idleClosed = once(idle, 'close').then(() => performance.now())
    const hanging = send(keepAliveAgent(1), url, '/never')
    await sleep(100)
    const started = performance.now()
    await close()
    const closedAt = await idleClosed
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(QUIET_MS)
    expect(closedAt - started).toBeLessThan(graceMs - QUIET_MS / 2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(graceMs - 50)
    expect(await hanging).toHaveProperty('error')
    expect(warnings).toEqual([`shutdown: 1 requests still running after ${graceMs} ms were cut`])
  })

  it('answers every request on kept-alive connections after SIGTERM, none reset, and exits 0', async () => {
    const server = await startLiveServer(4, { BENCH_ROUTES: '1' })
    try {
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve))
      const agent = keepAliveAgent(CONNECTIONS)
      const outcomes: string[] = []
      let signalled = false
      let sentAfterSignal = 0
      // Each connection asks in turn until an answer other than 200: a 503 while draining, or a new connection
      // refused or never accepted once its kept-alive one was closed (outcomeOf tells the resets apart).
      const client = async (i: number) => {
        const cookie = server.cookies[i % server.cookies.length] as string
        const path = i % 2 === 0 ? '/api/auth/config' : '/api/bench/one-row'
        for (;;) {
          if (signalled) sentAfterSignal += 1
          const answer = await send(agent, server.url, path, { headers: { cookie } })
          const outcome = outcomeOf(answer)
          outcomes.push(outcome)
          // Before the signal a loaded server may answer 503 (busy): the client keeps asking.
          if (outcome !== '200' && signalled) return
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
      const allowed = ['200', '503', 'ECONNREFUSED', 'new connection not accepted', 'reset after the quiet']
      expect(Object.keys(counts).filter((outcome) => !allowed.includes(outcome))).toEqual([])
      expect(counts['reset after the quiet'] ?? 0).toBeLessThan(CONNECTIONS / 4)
      expect(counts['200']).toBeGreaterThan(CONNECTIONS)
      // Most clients ask again after the signal; one whose request was in flight may be ended by its answer.
      expect(sentAfterSignal).toBeGreaterThanOrEqual(CONNECTIONS / 4)
      expect(await exited).toBe(0)
    } finally {
      await server.cleanup()
    }
  }, 60_000)
})
