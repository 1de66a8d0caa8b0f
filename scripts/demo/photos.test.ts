import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { createRng, GENERATED_SPECIES } from './generate.ts'
import { DRAWN_SPECIES, demoPhoto, photoSceneFor, sceneSvg } from './photos.ts'

// Each species the demo records has a drawing of its own, so the same picture never stands for two species.

const sceneOf = (speciesId: string) => photoSceneFor(speciesId, getSpecies(speciesId)?.category ?? '')

describe('demo photos', () => {
  it('draw every species the demo records on its own', () => {
    expect([...GENERATED_SPECIES].sort()).toEqual([...DRAWN_SPECIES].sort())
    for (const speciesId of GENERATED_SPECIES) expect(sceneOf(speciesId)).toEqual({ species: speciesId })
  })

  it('give two species two different drawings from the same random draws', () => {
    const drawings = GENERATED_SPECIES.map((speciesId) => sceneSvg(sceneOf(speciesId), createRng(1)))
    expect(new Set(drawings).size).toBe(GENERATED_SPECIES.length)
  })

  it.each([
    ['cutthroat-trout', 'Freshwater Fish', 'fish'],
    ['grizzly-bear', 'Big Game', 'bear'],
    ['dall-sheep', 'Big Game', 'horns'],
    ['caribou', 'Big Game', 'antlers'],
    ['bobwhite-quail', 'Upland Game', 'bird'],
  ])('lend %s (%s) the drawing of its kind, %s', (speciesId, category, kind) => {
    expect(photoSceneFor(speciesId, category)).toEqual({ kind })
  })

  it('are the same for the same seed, and a JPEG of 1600 × 1200', async () => {
    const scene = sceneOf('mallard')
    expect(sceneSvg(scene, createRng(9))).toBe(sceneSvg(scene, createRng(9)))
    const meta = await sharp(await demoPhoto(scene, createRng(9))).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200])
  })
})
