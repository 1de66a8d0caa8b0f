import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clampToImage,
  clampView,
  fitView,
  panBy,
  resizeView,
  scaleLimits,
  toImage,
  toScreen,
  viewBoxOf,
  zoomAt,
} from './viewport-math.ts'

const image = { width: 2000, height: 1500 }
const box = { width: 800, height: 500 }

describe('viewport math', () => {
  it('fits the whole photo, centred, with a small margin', () => {
    const view = fitView(image, box)
    expect(view.scale).toBeCloseTo((500 / 1500) * 0.96, 9)
    expect(toScreen(view, { x: 1000, y: 750 })).toEqual({ x: 400, y: 250 })
    const topLeft = toScreen(view, { x: 0, y: 0 })
    expect(topLeft.y).toBeCloseTo(10, 9)
    expect(viewBoxOf(view, box).split(' ').map(Number)[2]).toBeCloseTo(800 / view.scale, 9)
  })

  it('maps screen to image and back', () => {
    const view = { x: 120, y: -40, scale: 2.5 }
    const p = toImage(view, 300, 75)
    expect(p).toEqual({ x: 240, y: -10 })
    expect(toScreen(view, p)).toEqual({ x: 300, y: 75 })
  })

  it('zooms about the pointer: the image point under it stays put', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 1.01, max: 3, noNaN: true }),
        (sx, sy, factor) => {
          const view = fitView(image, box)
          const anchor = toImage(view, sx, sy)
          const zoomed = zoomAt(view, factor, sx, sy, image, box)
          const clamped = clampView(zoomed, image, box)
          expect(clamped).toEqual(zoomed)
          const after = toScreen(zoomed, anchor)
          expect(after.x).toBeCloseTo(sx, 6)
          expect(after.y).toBeCloseTo(sy, 6)
        },
      ),
    )
  })

  it('keeps the zoom within its limits', () => {
    const { min, max } = scaleLimits(image, box)
    const fit = fitView(image, box)
    expect(zoomAt(fit, 1000, 0, 0, image, box).scale).toBe(max)
    expect(zoomAt(fit, 0.001, 0, 0, image, box).scale).toBe(min)
  })

  it('pans with the finger and never loses the photo', () => {
    const fit = fitView(image, box)
    const zoomed = zoomAt(fit, 4, 400, 250, image, box)
    const moved = panBy(zoomed, 40, -20, image, box)
    expect(moved.x).toBeCloseTo(zoomed.x - 40 / zoomed.scale, 9)
    expect(moved.y).toBeCloseTo(zoomed.y + 20 / zoomed.scale, 9)
    const far = panBy(zoomed, -1e7, -1e7, image, box)
    const corner = toScreen(far, { x: image.width, y: image.height })
    expect(corner.x).toBeCloseTo(box.width / 2, 6)
    expect(corner.y).toBeCloseTo(box.height / 2, 6)
    const back = toScreen(panBy(zoomed, 1e7, 1e7, image, box), { x: 0, y: 0 })
    expect(back.x).toBeCloseTo(box.width / 2, 6)
    expect(back.y).toBeCloseTo(box.height / 2, 6)
  })

  it('keeps the centre and relative zoom when the viewport changes size', () => {
    const zoomed = zoomAt(fitView(image, box), 2, 200, 100, image, box)
    const centre = toImage(zoomed, 400, 250)
    const phone = { width: 390, height: 400 }
    const resized = resizeView(zoomed, image, box, phone)
    expect(resized.scale / fitView(image, phone).scale).toBeCloseTo(zoomed.scale / fitView(image, box).scale, 9)
    const after = toImage(resized, 195, 200)
    expect(after.x).toBeCloseTo(centre.x, 6)
    expect(after.y).toBeCloseTo(centre.y, 6)
  })

  it('keeps a marked point on the photo', () => {
    expect(clampToImage({ x: -5, y: 1600 }, image)).toEqual({ x: 0, y: 1500 })
    expect(clampToImage({ x: 2001, y: -0.5 }, image)).toEqual({ x: 2000, y: 0 })
    expect(clampToImage({ x: 10.5, y: 20 }, image)).toEqual({ x: 10.5, y: 20 })
  })
})
