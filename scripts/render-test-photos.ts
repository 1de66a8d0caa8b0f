import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  encodePhoto,
  NO_CARD_SCENES,
  QUARTER_SCENES,
  renderScene,
  TEST_SCENES,
} from '../tests/support/rendered-photos.ts'

// Writes every catalogue scene of tests/support/rendered-photos.ts as a JPEG, so a person can look at what the
// detector is tested on: node scripts/render-test-photos.ts [directory] [name filter]

const dir = process.argv[2] ?? '.tmp/rendered-photos'
const filter = process.argv[3] ?? ''
mkdirSync(dir, { recursive: true })

for (const { name, scene } of [...TEST_SCENES, ...NO_CARD_SCENES, ...QUARTER_SCENES]) {
  if (!name.includes(filter)) continue
  const started = performance.now()
  const photo = renderScene(scene)
  const ms = Math.round(performance.now() - started)
  const file = join(dir, `${name}.jpg`)
  writeFileSync(file, await encodePhoto(photo, 'jpeg', 90))
  console.log(`${file}  ${scene.camera.width} × ${scene.camera.height}  ${ms} ms`)
}
