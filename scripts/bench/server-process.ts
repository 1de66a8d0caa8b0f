import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export type RunningServer = {
  url: string
  port: number
  process: ChildProcess
  startMs: number
  stop: () => Promise<void>
}

/** Starts the app the production way (node src/server/server.ts) and waits for its first 200 on /healthz. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const started = performance.now()
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...profile, 'src/server/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  for (;;) {
    if (exited) throw new Error('server exited before it was ready')
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL')
      throw new Error('server did not become ready in time')
    }
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  const startMs = performance.now() - started
  return {
    url,
    port,
    process: child,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
