import { describe, expect, it } from 'vitest'
import type { FoundReference } from '#shared/measuring/index.ts'
import { toPhotoPixels, workingSize } from './working-photo.ts'

describe('the photo the detector looks at', () => {
  it.each([
    { natural: { width: 4032, height: 3024 }, working: { width: 1280, height: 960 } },
    { natural: { width: 3024, height: 4032 }, working: { width: 960, height: 1280 } },
    { natural: { width: 1600, height: 1200 }, working: { width: 1280, height: 960 } },
    { natural: { width: 1280, height: 960 }, working: { width: 1280, height: 960 } },
    { natural: { width: 9000, height: 100 }, working: { width: 1280, height: 14 } },
  ])('$natural.width × $natural.height is decoded at $working.width × $working.height', ({ natural, working }) => {
    expect(workingSize(natural)).toEqual(working)
  })

  it('maps what it found back to the photo: scaled, and the corner error with it', () => {
    const card: FoundReference = {
      kind: 'credit-card',
      corners: [
        { x: 0.5, y: 0.5 },
        { x: 100, y: 0.5 },
        { x: 100, y: 50 },
        { x: 0.5, y: 50 },
      ],
      confidence: 0.9,
      cornerErrorPx: 0.5,
    }
    const mapped = toPhotoPixels(card, { width: 1000, height: 750 }, { width: 2000, height: 1500 })
    expect(mapped).toMatchObject({
      corners: [
        { x: 1, y: 1 },
        { x: 200, y: 1 },
        { x: 200, y: 100 },
        { x: 1, y: 100 },
      ],
      cornerErrorPx: 1,
      confidence: 0.9,
    })
    const same = toPhotoPixels(card, { width: 2000, height: 1500 }, { width: 2000, height: 1500 })
    expect(same).toEqual(card)
  })
})
