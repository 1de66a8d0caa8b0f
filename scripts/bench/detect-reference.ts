// npm run bench:detect [-- --runs 7]
// Times finding the card in rendered 12 MP photos: findReference in Node, and the tool's worker in Chromium from the
// JPEG to the corners (needs a build in dist/). Method: docs/benchmarking.md, "Finding the card".

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { findReference } from '../../src/shared/measuring/detect.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts'
import { encodePhoto, NO_CARD_SCENES, renderLarge, TEST_SCENES } from '../../tests/support/rendered-photos.ts'

/**
 * Three photos where the first pass finds the card, then the slow cases: a card on gravel, found only by the last pass,
 * and a photo with no card, where every pass runs before the tool says so.
 */
const SCENES = [
  { name: 'flat-centre-blue-wood', card: true },
  { name: 'tilt30-bottom-left-silver-grass', card: true },
  { name: 'large-2048-tilt30-white-deck', card: true },
  { name: 'large-2048-flat-silver-gravel', card: true },
  { name: 'no-card-phone-tile-gravel', card: false },
]
const TARGET_MS = 300

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const ms = (values: number[]) => values.map((v) => `${Math.round(v)}`).join(', ')

async function photos() {
  return Promise.all(
    SCENES.map(async ({ name, card }) => {
      const scene = [...TEST_SCENES, ...NO_CARD_SCENES].find((s) => s.name === name)?.scene
      if (!scene) throw new Error(`no scene ${name}`)
      const rendered = await renderLarge(scene)
      return { name, card, rendered, jpeg: await encodePhoto(rendered, 'jpeg', 90) }
    }),
  )
}

type Photo = Awaited<ReturnType<typeof photos>>[number]

function inNode(photo: Photo, runs: number): number[] {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const found = findReference(photo.rendered.raster, 'credit-card')
    times.push(performance.now() - start)
    if (Boolean(found) !== photo.card) throw new Error(`${photo.name}: ${found ? 'a card found' : 'no card found'}`)
  }
  return times
}

/** Serves dist/ and the photo, opens a page that posts the photo to the tool's worker and times each answer. */
async function inBrowser(all: Photo[], runs: number): Promise<Map<string, number[]> | null> {
  const assets = join('dist', 'client', 'assets')
  const worker = existsSync(assets) ? readdirSync(assets).find((f) => /^reference\.worker.*\.js$/.test(f)) : undefined
  if (!worker || !existsSync(CHROMIUM_PATH)) return null
  const server = createServer((req, res) => {
    const photo = all.find((p) => req.url === `/${p.name}.jpg`)
    if (photo) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo.jpeg)
    if (req.url === `/assets/${worker}`) {
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(assets, worker)))
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${port}/`)
    const results = new Map<string, number[]>()
    for (const photo of all) {
      const times = await page.evaluate(
        async ({ url, workerUrl, runs, natural, card }) => {
          type PageWorker = {
            onmessage: ((e: { data: { found: unknown } }) => void) | null
            postMessage: (message: unknown) => void
            terminate: () => void
          }
          // This runs in the page, whose Worker the server's typings (no DOM) do not know.
          const PageWorker = (globalThis as unknown as { Worker: new (url: string, o: object) => PageWorker }).Worker
          const blob = await (await fetch(url)).blob()
          const w = new PageWorker(workerUrl, { type: 'module' })
          // As in the tool, which starts its worker when it opens: the worker warms up before a photo arrives.
          await new Promise((resolve) => setTimeout(resolve, 1000))
          const out: number[] = []
          for (let id = 0; id < runs; id++) {
            const start = performance.now()
            const reply = await new Promise<{ found: unknown }>((resolve) => {
              w.onmessage = (e) => resolve(e.data)
              w.postMessage({ id, image: blob, natural, kind: 'credit-card' })
            })
            if (Boolean(reply.found) !== card) throw new Error(reply.found ? 'a card found' : 'no card found')
            out.push(performance.now() - start)
          }
          w.terminate()
          return out
        },
        {
          url: `/${photo.name}.jpg`,
          workerUrl: `/assets/${worker}`,
          runs,
          natural: { width: photo.rendered.raster.width, height: photo.rendered.raster.height },
          card: photo.card,
        },
      )
      results.set(photo.name, times)
    }
    return results
  } finally {
    await browser.close()
    server.close()
  }
}

const runs = arg('runs', 7)
const all = await photos()
const browser = await inBrowser(all, runs)
console.log(`${cpus().length} × ${cpus()[0]?.model}, load ${loadavg()[0]?.toFixed(2)}; target < ${TARGET_MS} ms`)
for (const photo of all) {
  const node = inNode(photo, runs)
  const what = photo.card ? 'to corners' : 'to "no card"'
  const line = [
    `${photo.name}, 4000 × 3000 (${what}): findReference in Node ${ms(node)} (median ${Math.round(median(node))} ms)`,
  ]
  const web = browser?.get(photo.name)
  if (web) line.push(`the tool's worker in Chromium, JPEG ${what} ${ms(web)} (median ${Math.round(median(web))} ms)`)
  console.log(`- ${line.join('; ')}`)
}
if (!browser) console.log('(no build in dist/ or no Chromium: the worker was not timed; run npm run build first)')
