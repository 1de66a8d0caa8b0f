// Generated photos for the demo data: a drawing of its own for each species the demo records (a largemouth on a
// measuring board, a mule deer's forked rack against an evening sky, a mallard on the water), and one per kind for
// any other species; drawn as SVG and encoded as JPEG by sharp, so `npm run seed:demo` needs no files.
import sharp from 'sharp'
import type { Rng } from './generate.ts'
import { ANIMAL_SCENES, blackBear, pheasant } from './scenes/animals.ts'
import { FISH_LOOKS, fishScene } from './scenes/fish.ts'
import { bighorn, RACK_SCENES, whitetail } from './scenes/racks.ts'

export type PhotoKind = 'fish' | 'antlers' | 'horns' | 'bird' | 'bear'

const WIDTH = 1600
const HEIGHT = 1200

let grainPng: Promise<Buffer> | undefined
/** Film grain, made once and laid over every scene. */
function grain(): Promise<Buffer> {
  grainPng ??= sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer()
  return grainPng
}

/** A species drawn on its own, else its kind. */
export type PhotoScene = { species: string } | { kind: PhotoKind }

const DRAWN: Record<string, (rng: Rng) => string> = {
  ...Object.fromEntries(Object.keys(FISH_LOOKS).map((id) => [id, (rng: Rng) => fishScene(rng, id, WIDTH, HEIGHT)])),
  ...RACK_SCENES,
  ...ANIMAL_SCENES,
}

/** The species ids with a drawing of their own. */
export const DRAWN_SPECIES = Object.keys(DRAWN)

/** Species without a drawing of their own borrow one of their kind's. */
const KIND_DRAWINGS: Record<PhotoKind, (rng: Rng) => string> = {
  fish: (rng) => fishScene(rng, 'generic', WIDTH, HEIGHT),
  antlers: whitetail,
  horns: bighorn,
  bear: blackBear,
  bird: pheasant,
}

/** The SVG of a scene (the JPEG's drawing, before grain). */
export function sceneSvg(scene: PhotoScene, rng: Rng): string {
  const drawn = 'species' in scene && Object.hasOwn(DRAWN, scene.species) ? DRAWN[scene.species] : undefined
  const body = drawn ? drawn(rng) : KIND_DRAWINGS['kind' in scene ? scene.kind : 'antlers'](rng)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`
}

/** A JPEG of the scene, with a little noise so it compresses like a photo. */
export async function demoPhoto(scene: PhotoScene, rng: Rng): Promise<Buffer> {
  const noise = await grain()
  return sharp(Buffer.from(sceneSvg(scene, rng)))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer()
}

/** The species' own drawing when it has one, else the drawing of its kind. */
export function photoSceneFor(speciesId: string, category: string): PhotoScene {
  return Object.hasOwn(DRAWN, speciesId) ? { species: speciesId } : { kind: photoKindFor(speciesId, category) }
}

function photoKindFor(speciesId: string, category: string): PhotoKind {
  if (category.endsWith('Fish')) return 'fish'
  if (['Upland Game', 'Waterfowl', 'Small Game'].includes(category)) return 'bird'
  if (speciesId.includes('bear') || speciesId === 'cougar') return 'bear'
  if (['pronghorn', 'bighorn-sheep', 'dall-sheep', 'mountain-goat'].includes(speciesId)) return 'horns'
  return 'antlers'
}
