// The measuring tool's reference worker in Chromium, as the tool runs it: a page posts a photo file to the built worker
// (dist/) and gets back what it found, in the photo's natural pixels. Used by bench:detect and bench:detect-accuracy.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { FoundReference } from '../../src/shared/measuring/detect.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts'

export type WorkerPage = {
  /** Posts the JPEG `runs` times to one warmed-up worker; each answer and how long it took, on the page's clock. */
  find: (
    jpeg: Buffer,
    natural: { width: number; height: number },
    runs?: number,
  ) => Promise<{ found: FoundReference | null; ms: number }[]>
  close: () => Promise<void>
}

/** Null when there is no build in dist/ or no Chromium. */
export async function openWorkerPage(): Promise<WorkerPage | null> {
  const assets = join('dist', 'client', 'assets')
  const worker = existsSync(assets) ? readdirSync(assets).find((f) => /^reference\.worker.*\.js$/.test(f)) : undefined
  if (!worker || !existsSync(CHROMIUM_PATH)) return null
  let photo: Buffer = Buffer.alloc(0)
  const server = createServer((req, res) => {
    if (req.url === '/photo.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
    if (req.url === `/assets/${worker}`) {
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(assets, worker)))
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${port}/`)
  const find: WorkerPage['find'] = async (jpeg, natural, runs = 1) => {
    photo = jpeg
    return page.evaluate(
      async ({ workerUrl, natural, runs }) => {
        type Reply = { found: unknown }
        type PageWorker = {
          onmessage: ((e: { data: Reply }) => void) | null
          postMessage: (message: unknown) => void
          terminate: () => void
        }
        // This runs in the page, whose Worker the server's typings (no DOM) do not know.
        const PageWorker = (globalThis as unknown as { Worker: new (url: string, o: object) => PageWorker }).Worker
        const blob = await (await fetch('/photo.jpg')).blob()
        const w = new PageWorker(workerUrl, { type: 'module' })
        // As in the tool, which starts its worker when it opens: the worker warms up before a photo arrives.
        await new Promise((resolve) => setTimeout(resolve, 1000))
        const out: { found: unknown; ms: number }[] = []
        for (let id = 0; id < runs; id++) {
          const start = performance.now()
          const reply = await new Promise<Reply>((resolve) => {
            w.onmessage = (e) => resolve(e.data)
            w.postMessage({ id, image: blob, natural, kind: 'credit-card' })
          })
          out.push({ found: reply.found ?? null, ms: performance.now() - start })
        }
        w.terminate()
        return out
      },
      { workerUrl: `/assets/${worker}`, natural, runs },
    ) as Promise<{ found: FoundReference | null; ms: number }[]>
  }
  return {
    find,
    close: async () => {
      await browser.close()
      server.close()
    },
  }
}
