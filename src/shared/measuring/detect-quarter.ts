import type { Raster } from './detect.ts'
import { type Gradients, sampleLuma, thinEdges } from './detect-image.ts'
import type { Point } from './geometry.ts'

// A quarter is a circle; seen at an angle, an ellipse. Closed runs of edge pixels are fitted with a conic, and the
// one that is an ellipse, fits its pixels to a pixel, goes most of the way round and is coin-sized wins.

export type Ellipse = { cx: number; cy: number; major: number; minor: number; angle: number }
export type EllipseCandidate = { ellipse: Ellipse; coverage: number; residual: number }

function components(edge: Uint8Array, w: number, maxSize: number): number[][] {
  const seen = new Uint8Array(edge.length)
  const out: number[][] = []
  for (let s = 0; s < edge.length; s++) {
    if (!edge[s] || seen[s]) continue
    const comp = [s]
    seen[s] = 1
    for (let head = 0; head < comp.length && comp.length <= maxSize; head++) {
      const p = comp[head] as number
      for (const d of [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]) {
        const q = p + d
        if (q < 0 || q >= edge.length || !edge[q] || seen[q] || Math.abs((q % w) - (p % w)) > 1) continue
        seen[q] = 1
        comp.push(q)
      }
    }
    out.push(comp)
  }
  return out
}

/** Least-squares conic x² coefficient + y² coefficient = 1, as an ellipse; null when it is not one. */
export function fitEllipse(points: readonly Point[]): Ellipse | null {
  if (points.length < 8) return null
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length
  const my = points.reduce((s, p) => s + p.y, 0) / points.length
  // Unknowns B, C', D, E, F of A x² + B xy + C y² + D x + E y + F = 0 with A = 1 − C: normal equations, 5 × 5.
  const n = 5
  const ata = Array.from({ length: n }, () => new Float64Array(n))
  const atb = new Float64Array(n)
  for (const p of points) {
    const x = p.x - mx
    const y = p.y - my
    const row = [x * y, y * y - x * x, x, y, 1]
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++)
        (ata[r] as Float64Array)[c] = ((ata[r] as Float64Array)[c] as number) + (row[r] as number) * (row[c] as number)
      atb[r] = (atb[r] as number) - (row[r] as number) * x * x
    }
  }
  const sol = solve(ata, atb)
  if (!sol) return null
  const [b, c, d, e, f] = sol as [number, number, number, number, number]
  const a = 1 - c
  if (b * b - 4 * a * c >= 0) return null
  const det = 4 * a * c - b * b
  const cx = (b * e - 2 * c * d) / det
  const cy = (b * d - 2 * a * e) / det
  const f0 = a * cx * cx + b * cx * cy + c * cy * cy + d * cx + e * cy + f
  const angle = 0.5 * Math.atan2(b, a - c)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const l1 = a * cos * cos + b * cos * sin + c * sin * sin
  const l2 = a * sin * sin - b * cos * sin + c * cos * cos
  const r1 = Math.sqrt(-f0 / l1)
  const r2 = Math.sqrt(-f0 / l2)
  if (!Number.isFinite(r1) || !Number.isFinite(r2)) return null
  const major = Math.max(r1, r2)
  const minor = Math.min(r1, r2)
  return { cx: cx + mx, cy: cy + my, major, minor, angle: r1 >= r2 ? angle : angle + Math.PI / 2 }
}

function solve(a: Float64Array[], b: Float64Array): number[] | null {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i] as number])
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r
    if (Math.abs(m[pivot]?.[col] ?? 0) < 1e-12) return null
    ;[m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]]
    for (let r = 0; r < n; r++) {
      if (r === col) continue
      const f = (m[r]?.[col] as number) / (m[col]?.[col] as number)
      for (let c = col; c <= n; c++) (m[r] as number[])[c] = (m[r]?.[c] as number) - f * (m[col]?.[c] as number)
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number))
}

/** The distance of a point from an ellipse, approximately (exact on its axes). */
function ellipseDistance(e: Ellipse, p: Point): number {
  const dx = p.x - e.cx
  const dy = p.y - e.cy
  const u = dx * Math.cos(e.angle) + dy * Math.sin(e.angle)
  const v = -dx * Math.sin(e.angle) + dy * Math.cos(e.angle)
  const k = Math.hypot(u / e.major, v / e.minor)
  return k === 0 ? e.minor : Math.abs(1 - 1 / k) * Math.hypot(u, v)
}

/** The share of the ellipse's outline with an edge pixel within 1.5 px. */
function coverage(e: Ellipse, edge: Uint8Array, w: number, h: number): number {
  const steps = 90
  let hits = 0
  for (let s = 0; s < steps; s++) {
    const t = (2 * Math.PI * s) / steps
    const u = e.major * Math.cos(t)
    const v = e.minor * Math.sin(t)
    const x = e.cx + u * Math.cos(e.angle) - v * Math.sin(e.angle)
    const y = e.cy + u * Math.sin(e.angle) + v * Math.cos(e.angle)
    let hit = false
    for (let dy = -1; dy <= 1 && !hit; dy++) {
      for (let dx = -1; dx <= 1 && !hit; dx++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px >= 0 && py >= 0 && px < w && py < h && edge[py * w + px]) hit = true
      }
    }
    if (hit) hits++
  }
  return hits / steps
}

/** Coin-sized ellipses whose edges go most of the way round, best first: from closed runs of edge, and around centres. */
export function ellipseCandidates(
  grad: Gradients,
  threshold: number,
  minMajor: number,
  maxMajor: number,
): EllipseCandidate[] {
  const { width: w, height: h } = grad
  const edge = thinEdges(grad, threshold)
  const out: EllipseCandidate[] = []
  const consider = (pts: Point[]) => {
    const e = fitEllipse(pts)
    if (!e || e.major < minMajor || e.major > maxMajor || e.minor < 0.35 * e.major) return
    const residual = pts.reduce((sum, p) => sum + ellipseDistance(e, p), 0) / pts.length
    if (residual > 0.9) return
    const cover = coverage(e, edge, w, h)
    if (cover >= 0.7) out.push({ ellipse: e, coverage: cover, residual })
  }
  for (const comp of components(edge, w, 8 * maxMajor)) {
    if (comp.length >= 2 * minMajor && comp.length <= 8 * maxMajor)
      consider(comp.map((i) => ({ x: i % w, y: Math.floor(i / w) })))
  }
  // A coin's outline joined to the surface's texture is no closed run of its own: its centre still draws the votes.
  for (const centre of votedCentres(grad, edge, minMajor, maxMajor)) {
    const pts = radialEdge(grad, edge, centre, minMajor, maxMajor)
    if (pts.length >= 24) consider(withoutOutliers(pts))
  }
  return out.sort((a, b) => b.coverage - b.residual / 4 - (a.coverage - a.residual / 4))
}

/** Where edge pixels' gradients point to, from `minR` to `maxR` pixels away either way: circles' centres stand out. */
function votedCentres(grad: Gradients, edge: Uint8Array, minR: number, maxR: number, count = 16): Point[] {
  const { width: w, height: h, gx, gy, mag } = grad
  const votes = new Float32Array(w * h)
  for (let i = 0; i < edge.length; i++) {
    if (!edge[i]) continue
    const m = mag[i] as number
    const ux = (gx[i] as number) / m
    const uy = (gy[i] as number) / m
    const x = i % w
    const y = (i - x) / w
    for (let r = Math.ceil(minR); r <= maxR; r++) {
      const weight = 1 / r
      let cx = Math.round(x + r * ux)
      let cy = Math.round(y + r * uy)
      if (cx >= 0 && cy >= 0 && cx < w && cy < h) votes[cy * w + cx] = (votes[cy * w + cx] as number) + weight
      cx = Math.round(x - r * ux)
      cy = Math.round(y - r * uy)
      if (cx >= 0 && cy >= 0 && cx < w && cy < h) votes[cy * w + cx] = (votes[cy * w + cx] as number) + weight
    }
  }
  // Each circle gives about 2π votes round its centre (one per radian of outline, weighted by 1 / r).
  const summed = new Float32Array(w * h)
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let v = 0
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) v += votes[(y + dy) * w + x + dx] as number
      summed[y * w + x] = v
    }
  }
  const peaks: { p: Point; v: number }[] = []
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const v = summed[y * w + x] as number
      if (v < 3) continue
      let highest = true
      for (let dy = -1; dy <= 1 && highest; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx || dy) && (summed[(y + dy) * w + x + dx] as number) > v) highest = false
        }
      }
      if (highest) peaks.push({ p: { x, y }, v })
    }
  }
  peaks.sort((a, b) => b.v - a.v)
  const chosen: Point[] = []
  for (const { p } of peaks) {
    if (chosen.some((c) => Math.hypot(c.x - p.x, c.y - p.y) < minR)) continue
    chosen.push(p)
    if (chosen.length >= count) break
  }
  return chosen
}

/** Per direction round `centre`, the strongest edge pixel whose gradient points along the ray (a ring's outline). */
function radialEdge(grad: Gradients, edge: Uint8Array, centre: Point, minR: number, maxR: number): Point[] {
  const { width: w, height: h, gx, gy, mag } = grad
  const out: Point[] = []
  for (let k = 0; k < 72; k++) {
    const a = (2 * Math.PI * k) / 72
    const dx = Math.cos(a)
    const dy = Math.sin(a)
    let best: Point | null = null
    let bestMag = 0
    for (let r = minR; r <= maxR; r += 0.5) {
      const x = Math.round(centre.x + r * dx)
      const y = Math.round(centre.y + r * dy)
      if (x < 0 || y < 0 || x >= w || y >= h) break
      const i = y * w + x
      const m = mag[i] as number
      if (!edge[i] || m <= bestMag) continue
      if (Math.abs(((gx[i] as number) * dx + (gy[i] as number) * dy) / m) < 0.85) continue
      best = { x, y }
      bestMag = m
    }
    if (best) out.push(best)
  }
  return out
}

/** Points a first ellipse fits to within 1.5 px (a stray texture edge in one direction is dropped). */
function withoutOutliers(pts: Point[]): Point[] {
  const e = fitEllipse(pts)
  return e ? pts.filter((p) => ellipseDistance(e, p) <= 1.5) : pts
}

/** The major axis's end points, then the minor axis's. */
export function axisEnds(e: Ellipse): [Point, Point, Point, Point] {
  const c = Math.cos(e.angle)
  const s = Math.sin(e.angle)
  return [
    { x: e.cx - e.major * c, y: e.cy - e.major * s },
    { x: e.cx + e.major * c, y: e.cy + e.major * s },
    { x: e.cx + e.minor * s, y: e.cy - e.minor * c },
    { x: e.cx - e.minor * s, y: e.cy + e.minor * c },
  ]
}

/** A point of the ellipse at parameter `t`, and the outward normal there. */
function ellipsePoint(e: Ellipse, t: number): { p: Point; n: Point } {
  const c = Math.cos(e.angle)
  const s = Math.sin(e.angle)
  const u = e.major * Math.cos(t)
  const v = e.minor * Math.sin(t)
  const nu = Math.cos(t) / e.major
  const nv = Math.sin(t) / e.minor
  const len = Math.hypot(nu, nv)
  return {
    p: { x: e.cx + u * c - v * s, y: e.cy + u * s + v * c },
    n: { x: (nu * c - nv * s) / len, y: (nu * s + nv * c) / len },
  }
}

/**
 * The coin's outline again on the full-size photo (an ellipse in its pixels, continuous coordinates): along normals
 * round the rough ellipse, the outermost strong step of the luma, then a conic through those points. A coin's rim
 * and relief make steps inside its edge, so the outermost one is taken, not the steepest.
 */
export function refineEllipse(r: Raster, e: Ellipse, reach: number): { ellipse: Ellipse; residual: number } | null {
  const points: Point[] = []
  const step = 0.5
  for (let k = 0; k < 120; k++) {
    const { p, n } = ellipsePoint(e, (2 * Math.PI * k) / 120)
    const profile: number[] = []
    for (let d = reach; d >= -reach; d -= step) profile.push(sampleLuma(r, p.x + d * n.x - 0.5, p.y + d * n.y - 0.5))
    if (profile.some(Number.isNaN)) continue
    const slope = (i: number) => Math.abs((profile[i + 1] as number) - (profile[i - 1] as number))
    let peak = 0
    for (let i = 1; i < profile.length - 1; i++) peak = Math.max(peak, slope(i))
    if (peak < 6) continue
    for (let i = 1; i < profile.length - 1; i++) {
      if (slope(i) >= 0.5 * peak && slope(i) >= slope(i - 1) && slope(i) >= slope(i + 1)) {
        const d = reach - i * step
        points.push({ x: p.x + d * n.x, y: p.y + d * n.y })
        break
      }
    }
  }
  if (points.length < 40) return null
  const ellipse = fitEllipse(points)
  if (!ellipse) return null
  const distances = points.map((p) => ellipseDistance(ellipse, p)).sort((a, b) => a - b)
  // The median: a few points taken from the relief or a shadow do not count against a true outline.
  return { ellipse, residual: distances[Math.floor(distances.length / 2)] as number }
}
