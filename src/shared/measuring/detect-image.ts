import type { Raster } from './detect.ts'

// Image plumbing for the detector: a grey working copy of bounded size, its gradients, and sampling of the full-size
// photo for sub-pixel refinement. Plain loops over typed arrays: this runs on 12-megapixel photos in a worker.

/** A grey image as floats, 0–255. */
export type Grey = { width: number; height: number; data: Float32Array }

export type Gradients = { width: number; height: number; gx: Float32Array; gy: Float32Array; mag: Float32Array }

/** What a profile across an edge reads: the luma, or one of the red (0), green (1) and blue (2) channels. */
export type Channel = 'luma' | 0 | 1 | 2

/** The channels worth reading across an edge of this raster. */
export const channelsOf = (r: Raster): Channel[] => (r.channels === 1 ? ['luma'] : ['luma', 0, 1, 2])

/** Rec. 601 luma of pixel i of a raster. */
function lumaAt(r: Raster, i: number): number {
  const d = r.data
  if (r.channels === 1) return d[i] as number
  const o = i * r.channels
  return 0.299 * (d[o] as number) + 0.587 * (d[o + 1] as number) + 0.114 * (d[o + 2] as number)
}

function valueAt(r: Raster, i: number, channel: Channel): number {
  if (channel === 'luma' || r.channels === 1) return lumaAt(r, i)
  return r.data[i * r.channels + channel] as number
}

/**
 * Working copies whose long edge is at most `maxEdge`, each pixel the mean of the block it covers: one grey image
 * for a grey photo, the red, green and blue for a colour one (a green card on brown wood has the same luma as it).
 */
export function workingCopies(r: Raster, maxEdge: number): { planes: Grey[]; scale: number } {
  const factor = Math.max(1, Math.ceil(Math.max(r.width, r.height) / maxEdge))
  const width = Math.floor(r.width / factor)
  const height = Math.floor(r.height / factor)
  const colour = r.channels !== 1
  const planes = Array.from({ length: colour ? 3 : 1 }, () => new Float32Array(width * height))
  const [red, green, blue] = planes as [Float32Array, Float32Array?, Float32Array?]
  // Two samples each way per block are plenty to average: reading every pixel of a 12-megapixel photo is the cost.
  const step = Math.max(1, Math.ceil(factor / 2))
  const taps = Math.ceil(factor / step)
  const norm = 1 / (taps * taps)
  const { channels, data } = r
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      let r0 = 0
      let g0 = 0
      let b0 = 0
      for (let y = by * factor; y < (by + 1) * factor; y += step) {
        for (let x = bx * factor; x < (bx + 1) * factor; x += step) {
          const o = (y * r.width + x) * channels
          r0 += data[o] as number
          if (!colour) continue
          g0 += data[o + 1] as number
          b0 += data[o + 2] as number
        }
      }
      const i = by * width + bx
      red[i] = r0 * norm
      if (green && blue) {
        green[i] = g0 * norm
        blue[i] = b0 * norm
      }
    }
  }
  return { planes: planes.map((data) => ({ width, height, data })), scale: factor }
}

/** A separable blur with the binomial kernel [1 4 6 4 1] / 16 (about σ = 1 px); edges repeat the last pixel. */
export function blur(g: Grey): Grey {
  const { width: w, height: h, data } = g
  const tmp = new Float32Array(w * h)
  const out = new Float32Array(w * h)
  for (let y = 0; y < h; y++) {
    const row = y * w
    for (let x = 0; x < w; x++) {
      const l2 = data[row + (x > 1 ? x - 2 : 0)] as number
      const l1 = data[row + (x > 0 ? x - 1 : 0)] as number
      const r1 = data[row + (x < w - 1 ? x + 1 : w - 1)] as number
      const r2 = data[row + (x < w - 2 ? x + 2 : w - 1)] as number
      tmp[row + x] = (l2 + 4 * l1 + 6 * (data[row + x] as number) + 4 * r1 + r2) / 16
    }
  }
  for (let y = 0; y < h; y++) {
    const u2 = (y > 1 ? y - 2 : 0) * w
    const u1 = (y > 0 ? y - 1 : 0) * w
    const d1 = (y < h - 1 ? y + 1 : h - 1) * w
    const d2 = (y < h - 2 ? y + 2 : h - 1) * w
    const row = y * w
    for (let x = 0; x < w; x++) {
      out[row + x] =
        ((tmp[u2 + x] as number) +
          4 * (tmp[u1 + x] as number) +
          6 * (tmp[row + x] as number) +
          4 * (tmp[d1 + x] as number) +
          (tmp[d2 + x] as number)) /
        16
    }
  }
  return { width: w, height: h, data: out }
}

/**
 * Per pixel, the Sobel gradient of whichever plane changes most there; the border pixels have none. One pass over
 * all the planes: in Chromium's engine a pass per plane, then another to choose, took half of the search.
 */
export function strongestGradients(planes: readonly Grey[]): Gradients {
  const { width: w, height: h } = planes[0] as Grey
  const gx = new Float32Array(w * h)
  const gy = new Float32Array(w * h)
  const mag = new Float32Array(w * h)
  for (const { data: d } of planes) {
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x
        const a = d[i - w - 1] as number
        const b = d[i - w] as number
        const c = d[i - w + 1] as number
        const l = d[i - 1] as number
        const r = d[i + 1] as number
        const e = d[i + w - 1] as number
        const f = d[i + w] as number
        const k = d[i + w + 1] as number
        const dx = (c + 2 * r + k - a - 2 * l - e) / 8
        const dy = (e + 2 * f + k - a - 2 * b - c) / 8
        const m = Math.fround(Math.sqrt(dx * dx + dy * dy))
        // Strictly stronger, as stored: on a tie the earlier plane keeps the pixel.
        if (m <= (mag[i] as number)) continue
        gx[i] = dx
        gy[i] = dy
        mag[i] = m
      }
    }
  }
  return { width: w, height: h, gx, gy, mag }
}

/** The value below which `fraction` of the gradient magnitudes lie (a histogram of whole levels). */
export function magnitudePercentile(grad: Gradients, fraction: number): number {
  const bins = new Uint32Array(256)
  for (const m of grad.mag) {
    const b = Math.min(255, Math.floor(m))
    bins[b] = (bins[b] as number) + 1
  }
  const target = fraction * grad.mag.length
  let seen = 0
  for (let i = 0; i < 256; i++) {
    seen += bins[i] as number
    if (seen >= target) return i
  }
  return 255
}

/** Bilinear luma of the full-size raster at (x, y), pixel centres at whole numbers; NaN outside it. */
export function sampleLuma(r: Raster, x: number, y: number): number {
  return sampleChannel(r, 'luma', x, y)
}

/** Bilinear value of one channel of the full-size raster at (x, y), pixel centres at whole numbers; NaN outside. */
export function sampleChannel(r: Raster, channel: Channel, x: number, y: number): number {
  if (!(x >= 0 && y >= 0 && x <= r.width - 1 && y <= r.height - 1)) return Number.NaN
  const x0 = Math.min(r.width - 2, Math.floor(x))
  const y0 = Math.min(r.height - 2, Math.floor(y))
  const fx = x - x0
  const fy = y - y0
  const i = y0 * r.width + x0
  const top = valueAt(r, i, channel) * (1 - fx) + valueAt(r, i + 1, channel) * fx
  const bottom = valueAt(r, i + r.width, channel) * (1 - fx) + valueAt(r, i + r.width + 1, channel) * fx
  return top * (1 - fy) + bottom * fy
}

/** Mean luma and colour saturation (max − min channel; 0 for grey rasters), 0–255, over a ring between two radii. */
export function ringStats(
  r: Raster,
  cx: number,
  cy: number,
  inner: number,
  outer: number,
): { luma: number; chroma: number } {
  let sum = 0
  let lumaSum = 0
  let n = 0
  for (let k = 0; k < 96; k++) {
    const angle = (2 * Math.PI * k) / 96
    for (const f of [0, 0.5, 1]) {
      const radius = inner + f * (outer - inner)
      const x = Math.floor(cx + radius * Math.cos(angle))
      const y = Math.floor(cy + radius * Math.sin(angle))
      if (x < 0 || y < 0 || x >= r.width || y >= r.height) continue
      const i = y * r.width + x
      lumaSum += lumaAt(r, i)
      n++
      if (r.channels === 1) continue
      const o = i * r.channels
      const a = r.data[o] as number
      const b = r.data[o + 1] as number
      const c = r.data[o + 2] as number
      sum += Math.max(a, b, c) - Math.min(a, b, c)
    }
  }
  return n === 0 ? { luma: 0, chroma: 0 } : { luma: lumaSum / n, chroma: sum / n }
}

/** Edge pixels: above `threshold` and the largest along their gradient (one pixel wide, as Canny thins them). */
export function thinEdges(grad: Gradients, threshold: number): Uint8Array {
  const { width: w, height: h, gx, gy, mag } = grad
  const edge = new Uint8Array(w * h)
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x
      const m = mag[i] as number
      if (m < threshold) continue
      const dx = Math.round((gx[i] as number) / m)
      const dy = Math.round((gy[i] as number) / m)
      const j = i + dy * w + dx
      const k = i - dy * w - dx
      if (m >= (mag[j] as number) && m > (mag[k] as number)) edge[i] = 1
    }
  }
  return edge
}
