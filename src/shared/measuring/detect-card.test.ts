import { describe, expect, it } from 'vitest'
import { sceneTruth, TEST_SCENES } from '../../../tests/support/rendered-photos.ts'
import { ASPECT_TOLERANCE, cardAspectError } from './detect-card.ts'
import type { Point } from './geometry.ts'
import { type CardCorners, orderCardCorners } from './plane.ts'

// The shape test a quadrilateral must pass to be taken for a card: a card's outline placed as well as the detector
// places it (about half a pixel) passes; a phone's or a tile's, placed exactly, does not.

const SIZE = { width: 4000, height: 3000 }

/** A phone's camera, 0.6 of the photo's diagonal, over a table tilted `tiltDeg`, the rectangle turned `turnDeg`. */
function photographed(widthIn: number, heightIn: number, tiltDeg: number, turnDeg: number): CardCorners {
  const tilt = (tiltDeg * Math.PI) / 180
  const turn = (turnDeg * Math.PI) / 180
  const focal = 3000
  const project = (p: Point): Point => {
    const x = p.x * Math.cos(turn) - p.y * Math.sin(turn)
    const y = p.x * Math.sin(turn) + p.y * Math.cos(turn)
    const depth = 30 + y * Math.sin(tilt)
    return { x: SIZE.width / 2 + (focal * x) / depth, y: SIZE.height / 2 + (focal * y * Math.cos(tilt)) / depth }
  }
  const corners = [
    { x: 0, y: 0 },
    { x: widthIn, y: 0 },
    { x: widthIn, y: heightIn },
    { x: 0, y: heightIn },
  ].map(project)
  return orderCardCorners(corners, SIZE)
}

/** A fixed stream of numbers in [-1, 1): the same trials on every run. */
function jitter(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 16807) % 2147483647
    return (state / 2147483647) * 2 - 1
  }
}

describe('a card’s shape', () => {
  it('a card’s outline with each corner up to half a pixel off passes, in at least 97 % of 5,400 trials', () => {
    const next = jitter(7)
    let refused = 0
    let trials = 0
    for (const { scene } of TEST_SCENES) {
      const size = { width: scene.camera.width, height: scene.camera.height }
      const truth = sceneTruth(scene).cardCorners
      if (!truth) throw new Error('every test scene has a card')
      for (let k = 0; k < 200; k++) {
        const corners = orderCardCorners(
          truth.map((p) => ({ x: p.x + 0.5 * next(), y: p.y + 0.5 * next() })),
          size,
        )
        const error = cardAspectError(corners, size)
        if (error === null || error > ASPECT_TOLERANCE) refused++
        trials++
      }
    }
    // With Zhang's focal length believed up to 3 diagonals (a 5× zoom), 327 of these 5,400 (6.1 %) were refused.
    expect(refused / trials).toBeLessThan(0.03)
  })

  it.each([
    { what: 'a phone, 6 × 3 in', width: 6, height: 3 },
    { what: 'a business card, 3.5 × 2 in', width: 3.5, height: 2 },
    { what: 'a square tile, 3 × 3 in', width: 3, height: 3 },
  ])('$what, placed exactly, does not, flat or tilted', ({ width, height }) => {
    for (const [tilt, turn] of [
      [0, 0],
      [20, 15],
      [35, -30],
      [45, 70],
    ] as const) {
      const error = cardAspectError(photographed(width, height, tilt, turn), SIZE)
      expect(error === null || error > ASPECT_TOLERANCE, `tilt ${tilt}°, turned ${turn}°: ${error}`).toBe(true)
    }
  })
})
