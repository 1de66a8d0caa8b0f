import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Grey, strongestGradients } from './detect-image.ts'

// The edge finder reads, per pixel, the Sobel gradient of whichever colour plane changes most there. The one-pass
// version must give exactly what a pass per plane and a choice after would.

/** Sobel on one plane at an inner pixel, written out plainly. */
function sobelAt(g: Grey, x: number, y: number): { dx: number; dy: number } {
  const at = (i: number, j: number) => g.data[(y + j) * g.width + (x + i)] as number
  const dx = (at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1)) / 8
  const dy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1)) / 8
  return { dx, dy }
}

const planes = fc
  .record({
    width: fc.integer({ min: 3, max: 9 }),
    height: fc.integer({ min: 3, max: 9 }),
    count: fc.constantFrom(1, 3),
  })
  .chain(({ width, height, count }) =>
    fc
      .array(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: width * height, maxLength: width * height }), {
        minLength: count,
        maxLength: count,
      })
      .map((values) => values.map((v): Grey => ({ width, height, data: Float32Array.from(v) }))),
  )

describe('the strongest gradient of the colour planes', () => {
  it('is, per pixel, the Sobel gradient of the first plane that changes most there', () => {
    fc.assert(
      fc.property(planes, (all) => {
        const { width, height } = all[0] as Grey
        const got = strongestGradients(all)
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const i = y * width + x
            const border = x === 0 || y === 0 || x === width - 1 || y === height - 1
            let best = { dx: 0, dy: 0, mag: 0 }
            if (!border) {
              for (const plane of all) {
                const { dx, dy } = sobelAt(plane, x, y)
                const mag = Math.fround(Math.sqrt(dx * dx + dy * dy))
                if (mag > best.mag) best = { dx, dy, mag }
              }
            }
            expect(got.gx[i]).toBeCloseTo(best.dx, 4)
            expect(got.gy[i]).toBeCloseTo(best.dy, 4)
            expect(got.mag[i]).toBeCloseTo(best.mag, 4)
          }
        }
      }),
    )
  })

  it('finds a vertical step in the plane where it is', () => {
    const flat: Grey = { width: 4, height: 3, data: new Float32Array(12).fill(100) }
    const step: Grey = { width: 4, height: 3, data: Float32Array.from([0, 0, 80, 80, 0, 0, 80, 80, 0, 0, 80, 80]) }
    const got = strongestGradients([flat, step, flat])
    // At (1, 1): the step of 80 one pixel to the right, weighted 1 + 2 + 1 over 8.
    expect([got.gx[5], got.gy[5], got.mag[5]]).toEqual([40, 0, 40])
    expect([got.gx[0], got.mag[4]]).toEqual([0, 0])
  })
})
