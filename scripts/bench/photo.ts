// npm run bench:photo [-- --runs 7] [-- --memory]
// The photo target: a 12-megapixel JPEG accepted, stripped and resized in under 1 s. Times processUpload (the
// content, size and pixel checks, the EXIF read, auto-orient, the display and thumbnail WebP without metadata) on a
// generated 4000 × 3000 photo with EXIF GPS, and prints a line for BENCHMARKS.md. With --memory it also measures the
// peak RSS growth of large uploads, each case in a process of its own so one does not inherit another's heap.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { photoQueue, processUpload } from '../../src/server/features/photos/photos.service.ts'
import { HEIGHT, twelveMegapixelPhoto, WIDTH } from './photo-fixture.ts'

const TARGET_MS = 1000

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const MEMORY_CASES = {
  'one 48 MP JPEG (8000 × 6000)': { file: '48mp.jpg', count: 1 },
  'eight 48 MP JPEGs at once': { file: '48mp.jpg', count: 8 },
  'eight 100 MP PNGs at once (10000 × 10000)': { file: '100mp.png', count: 8 },
} as const
type MemoryCase = keyof typeof MEMORY_CASES

/** A noisy 48 MP JPEG (about 19 MB, under the 25 MB limit) and a flat 100 MP PNG, made once per machine. */
async function memoryFixtures(): Promise<string> {
  const dir = join(tmpdir(), 'fieldmark-bench-photo')
  mkdirSync(dir, { recursive: true })
  if (!existsSync(join(dir, '48mp.jpg'))) {
    const noise = { type: 'gaussian', mean: 110, sigma: 18 } as const
    const create = { width: 8000, height: 6000, channels: 3, background: '#708060', noise } as const
    writeFileSync(join(dir, '48mp.jpg'), await sharp({ create }).jpeg({ quality: 88 }).toBuffer())
  }
  if (!existsSync(join(dir, '100mp.png'))) {
    const create = { width: 10_000, height: 10_000, channels: 3, background: '#336699' } as const
    writeFileSync(join(dir, '100mp.png'), await sharp({ create }).png({ compressionLevel: 9 }).toBuffer())
  }
  return dir
}

/** In the child: the peak RSS above a settled baseline while `count` uploads of the file run at once. */
async function measureRss(file: string, count: number) {
  const input = readFileSync(file)
  const tiny = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer()
  await processUpload(tiny)
  globalThis.gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const base = process.memoryUsage().rss
  let peak = base
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 5)
  const started = performance.now()
  const results = await Promise.allSettled(Array.from({ length: count }, () => processUpload(input)))
  const ms = Math.round(performance.now() - started)
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  const outcomes = results.map((r) => (r.status === 'fulfilled' ? 'stored' : (r.reason as { code?: string }).code))
  console.log(JSON.stringify({ mib: Math.round((peak - base) / 2 ** 20), ms, outcomes, mb: input.length / 1e6 }))
}

const rssIndex = process.argv.indexOf('--rss')
if (rssIndex >= 0) {
  await measureRss(process.argv[rssIndex + 1] as string, arg('count', 1))
  process.exit(0)
}

const runs = arg('runs', 7)
const loadBefore = loadavg()[0]?.toFixed(1)
const input = await twelveMegapixelPhoto()
const mb = (input.length / 1024 / 1024).toFixed(1)

// One warm-up run (library initialisation), checked for what the pipeline promises.
const warm = await processUpload(input)
const displayMeta = await sharp(warm.display).metadata()
if (!warm.gps || !warm.takenAt) throw new Error('the capture time and GPS were not read from the bench photo')
if (displayMeta.exif || displayMeta.xmp || displayMeta.icc) throw new Error('the display image kept metadata')
if (Math.max(warm.width, warm.height) !== 2048) throw new Error(`display is ${warm.width} × ${warm.height}`)

const times: number[] = []
const cpuTimes: number[] = []
for (let i = 0; i < runs; i++) {
  const started = performance.now()
  const cpu = process.cpuUsage()
  await processUpload(input)
  times.push(performance.now() - started)
  // All threads of the process (libvips works on libuv's): steadier than wall time on a shared machine.
  const used = process.cpuUsage(cpu)
  cpuTimes.push((used.user + used.system) / 1000)
}
const med = Math.round(median(times))
const max = Math.round(Math.max(...times))
const verdict = max < TARGET_MS ? 'meets' : med < TARGET_MS ? 'median meets, max misses' : 'misses'

console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}, ${sharp.concurrency()} libvips thread(s)); load average ${loadBefore} at start.`,
)
console.log(
  `Runs (ms): ${times.map((t) => Math.round(t)).join(', ')}; CPU (ms): ${cpuTimes.map(Math.round).join(', ')}`,
)
console.log('')
console.log(
  `Photo upload pipeline (processUpload: type, size and pixel checks, EXIF read, auto-orient, display ≤ 2048 px + ` +
    `thumbnail ≤ 480 px WebP, all metadata removed), 12 MP JPEG ${WIDTH} × ${HEIGHT} (${mb} MB, EXIF GPS): ` +
    `median ${med} ms (CPU ${Math.round(median(cpuTimes))} ms), max ${max} ms over ${runs} runs ` +
    `(target < ${TARGET_MS} ms: ${verdict}).`,
)

if (process.argv.includes('--memory')) {
  const dir = await memoryFixtures()
  console.log('')
  console.log(`Peak RSS growth (decoding queue: ${photoQueue.slots} slots, ${photoQueue.maxWaiting} waiting):`)
  for (const [name, { file, count }] of Object.entries(MEMORY_CASES) as [
    MemoryCase,
    { file: string; count: number },
  ][]) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', import.meta.filename, '--rss', join(dir, file), '--count', String(count)],
      { encoding: 'utf8' },
    )
    if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`)
    const r = JSON.parse(child.stdout.trim().split('\n').at(-1) as string)
    const outcome = [...new Set(r.outcomes)].join('/')
    console.log(`- ${name}, ${r.mb.toFixed(1)} MB file: +${r.mib} MiB in ${r.ms} ms (${outcome})`)
  }
}
