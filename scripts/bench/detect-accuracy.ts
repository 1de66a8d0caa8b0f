// npm run bench:detect-accuracy (after npm run build)
// Every rendered test photo through the measuring tool's worker in Chromium, as a phone takes it: where the corners
// and the fish measured through them land against the truth. Method: docs/benchmarking.md, "Finding the card".

import type { FoundCard } from '../../src/shared/measuring/detect.ts'
import type { Point } from '../../src/shared/measuring/geometry.ts'
import { measureOnPlane } from '../../src/shared/measuring/plane.ts'
import {
  encodePhoto,
  NO_CARD_SCENES,
  type RenderedPhoto,
  renderLarge,
  TEST_SCENES,
} from '../../tests/support/rendered-photos.ts'
import { openWorkerPage } from './reference-worker-page.ts'

const FISH_TARGET = 0.02

/** One line of the report for a photo with a card, and whether its fish is past the target. */
function report(name: string, photo: RenderedPhoto, found: FoundCard): { line: string; fishOff: boolean } {
  const truth = photo.truth.cardCorners as readonly Point[]
  const long = Math.hypot((truth[1] as Point).x - (truth[0] as Point).x, (truth[1] as Point).y - (truth[0] as Point).y)
  const worst = Math.max(...truth.map((t) => Math.min(...found.corners.map((c) => Math.hypot(c.x - t.x, c.y - t.y)))))
  const fish = photo.truth.fish
  if (!fish || !photo.truth.cardOnSubjectPlane) return { line: `${name}: corners ${pct(worst / long)}`, fishOff: false }
  const measured = measureOnPlane('straight', [fish.a, fish.b], found.corners, { cornerPx: found.cornerErrorPx })
  const off = measured.valueIn / fish.lengthIn - 1
  const stated = measured.uncertaintyIn / fish.lengthIn
  return {
    line: `${name}: corners ${pct(worst / long)}, fish ${off >= 0 ? '+' : ''}${pct(off)} (stated ± ${pct(stated)})`,
    fishOff: Math.abs(off) > FISH_TARGET,
  }
}

const pct = (share: number) => `${(100 * share).toFixed(2)} %`

const page = await openWorkerPage()
if (!page) {
  console.log('no build in dist/ or no Chromium: run npm run build first')
  process.exit(1)
}
const counts = { cards: 0, found: 0, fishOff: 0, falseCards: 0 }
try {
  for (const { name, scene } of [...TEST_SCENES, ...NO_CARD_SCENES]) {
    // A portrait scene is taken as a phone held upright takes it.
    const upright = scene.camera.height > scene.camera.width
    const photo = await (upright ? renderLarge(scene, 3000, 4000) : renderLarge(scene))
    const { width, height } = photo.raster
    const [answer] = await page.find(await encodePhoto(photo, 'jpeg', 90), { width, height })
    const found = answer?.found?.kind === 'credit-card' ? answer.found : null
    if (!photo.truth.cardCorners) {
      if (found) counts.falseCards++
      console.log(`${name}: ${found ? 'A CARD WHERE THERE IS NONE' : 'no card, rightly'}`)
      continue
    }
    counts.cards++
    if (!found) {
      console.log(`${name}: not found`)
      continue
    }
    counts.found++
    const { line, fishOff } = report(name, photo, found)
    if (fishOff) counts.fishOff++
    console.log(line)
  }
} finally {
  await page.close()
}
console.log(
  `found ${counts.found} of ${counts.cards}; cards where there is none: ${counts.falseCards}; ` +
    `fish more than ${pct(FISH_TARGET)} off: ${counts.fishOff}`,
)
