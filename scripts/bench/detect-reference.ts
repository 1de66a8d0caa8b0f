// npm run bench:detect [-- --runs 7]
// Times finding the card in rendered 12 MP photos: findReference in Node, and the tool's worker in Chromium from the
// JPEG to the corners (needs a build in dist/). Method: docs/benchmarking.md, "Finding the card".

import { cpus, loadavg } from 'node:os'
import { findReference } from '../../src/shared/measuring/detect.ts'
import { encodePhoto, NO_CARD_SCENES, renderLarge, TEST_SCENES } from '../../tests/support/rendered-photos.ts'
import { openWorkerPage } from './reference-worker-page.ts'

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

/** The tool's worker in Chromium, each photo several times; null without a build or Chromium. */
async function inBrowser(all: Photo[], runs: number): Promise<Map<string, number[]> | null> {
  const page = await openWorkerPage()
  if (!page) return null
  try {
    const results = new Map<string, number[]>()
    for (const photo of all) {
      const { width, height } = photo.rendered.raster
      const answers = await page.find(photo.jpeg, { width, height }, runs)
      if (answers.some((a) => Boolean(a.found) !== photo.card)) {
        throw new Error(`${photo.name}: ${photo.card ? 'no card found' : 'a card found'}`)
      }
      results.set(
        photo.name,
        answers.map((a) => a.ms),
      )
    }
    return results
  } finally {
    await page.close()
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
