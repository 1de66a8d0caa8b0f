// Heads with their antlers or horns against an evening sky, one per species: a whitetail's upright tines off a
// forward-curving beam, a mule deer's forks, an elk's long sweeping beams, a moose's palms, a pronghorn's black
// pronged horns, a bighorn's curls. Drawn face-on in a 1600 × 1200 frame.
import type { Rng } from '../generate.ts'

const W = 1600
const H = 1200
const CX = W / 2
const f = (n: number) => n.toFixed(1)

const ANTLER = '#d8c7a3'

function sky(top: string, mid: string): string {
  return `
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="#2f3b2d"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <path d="M 0 ${H - 300} Q 400 ${H - 380} 800 ${H - 320} T ${W} ${H - 340} V ${H} H 0 Z" fill="#2f3b2d"/>`
}

type Face = { top: number; width: number; length: number; coat: string; muzzle: string; ears: number }

/** A head seen face-on: skull top at `top`, ears out to the sides, a dark nose at the bottom. */
function head({ top, width, length, coat, muzzle, ears }: Face): string {
  const bottom = top + length
  const ear = (side: number) =>
    `<ellipse cx="${f(CX + side * (width * 0.5 + ears * 0.5))}" cy="${f(top + 40)}" rx="${f(ears * 0.55)}" ry="${f(ears * 0.28)}" fill="${coat}" transform="rotate(${side * -20} ${f(CX + side * (width * 0.5 + ears * 0.5))} ${f(top + 40)})"/>`
  return `
    <path d="M ${f(CX - width * 0.7)} ${H} Q ${f(CX - width * 0.6)} ${f(bottom - 60)} ${f(CX - width * 0.3)} ${f(bottom - 120)} L ${f(CX + width * 0.3)} ${f(bottom - 120)} Q ${f(CX + width * 0.6)} ${f(bottom - 60)} ${f(CX + width * 0.7)} ${H} Z" fill="${coat}" opacity="0.85"/>
    ${ear(1)}${ear(-1)}
    <path d="M ${f(CX - width / 2)} ${f(top)} Q ${f(CX)} ${f(top - 40)} ${f(CX + width / 2)} ${f(top)} Q ${f(CX + width * 0.42)} ${f(top + length * 0.6)} ${f(CX + width * 0.22)} ${f(bottom)} L ${f(CX - width * 0.22)} ${f(bottom)} Q ${f(CX - width * 0.42)} ${f(top + length * 0.6)} ${f(CX - width / 2)} ${f(top)} Z" fill="${coat}"/>
    <ellipse cx="${CX}" cy="${f(bottom - 55)}" rx="${f(width * 0.25)}" ry="75" fill="${muzzle}"/>
    <ellipse cx="${CX}" cy="${f(bottom - 25)}" rx="${f(width * 0.17)}" ry="22" fill="#1d1a17"/>
    <circle cx="${f(CX - width * 0.3)}" cy="${f(top + length * 0.3)}" r="13" fill="#111"/>
    <circle cx="${f(CX + width * 0.3)}" cy="${f(top + length * 0.3)}" r="13" fill="#111"/>`
}

const stroke = (d: string, width: number, color = ANTLER) =>
  `<path d="${d}" stroke="${color}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`

type Pt = readonly [number, number]

/** The point at `t` on the cubic Bézier p0 → p3 (where a tine leaves its beam). */
function on(p: readonly [Pt, Pt, Pt, Pt], t: number): Pt {
  const u = 1 - t
  const at = (i: 0 | 1) => u ** 3 * p[0][i] + 3 * u ** 2 * t * p[1][i] + 3 * u * t ** 2 * p[2][i] + t ** 3 * p[3][i]
  return [at(0), at(1)]
}

const curve = (p: readonly [Pt, Pt, Pt, Pt]) =>
  `M ${f(p[0][0])} ${f(p[0][1])} C ${p
    .slice(1)
    .map(([x, y]) => `${f(x)} ${f(y)}`)
    .join(' ')}`

/** Both sides of a rack drawn by `side(±1)`. */
const both = (side: (s: number) => string) => side(1) + side(-1)

export function whitetail(rng: Rng): string {
  const top = 640
  const spread = 330 + rng() * 60
  return `${sky('#f0a35e', '#7a5a73')}${head({ top, width: 230, length: 380, coat: '#8a6440', muzzle: '#e8e0d0', ears: 150 })}${both(
    (s) => {
      // The main beam sweeps out, back and then forward; the tines stand up from it.
      const beam: [Pt, Pt, Pt, Pt] = [
        [CX + s * 60, top],
        [CX + s * 200, top - 120],
        [CX + s * spread, top - 160],
        [CX + s * (spread - 60), top - 330],
      ]
      const tines = [0.3, 0.5, 0.68, 0.84]
        .map((t, i) => {
          const [x, y] = on(beam, t)
          const len = [110, 230, 210, 120][i] ?? 120
          return stroke(`M ${f(x)} ${f(y)} q ${f(-s * 12)} ${f(-len / 2)} ${f(-s * 28)} ${f(-len)}`, 20 - i * 2)
        })
        .join('')
      return stroke(curve(beam), 30) + tines
    },
  )}`
}

/** A mule deer's tine splits, and splits again: forks of forks. */
function fork(x: number, y: number, angle: number, length: number, depth: number): string {
  const tx = x + Math.cos(angle) * length
  const ty = y - Math.sin(angle) * length
  const here = stroke(`M ${f(x)} ${f(y)} L ${f(tx)} ${f(ty)}`, 12 + depth * 8)
  if (depth === 0) return here
  return (
    here + fork(tx, ty, angle + 0.35, length * 0.72, depth - 1) + fork(tx, ty, angle - 0.35, length * 0.72, depth - 1)
  )
}

function muleDeer(rng: Rng): string {
  const top = 660
  const length = 220 + rng() * 40
  return `${sky('#e9a46a', '#6b5a7a')}${head({ top, width: 240, length: 390, coat: '#7d6a58', muzzle: '#e9e4da', ears: 240 })}${both(
    (s) => fork(CX + s * 60, top, Math.PI / 2 - s * 0.55, length, 2),
  )}`
}

function elk(rng: Rng): string {
  const top = 760
  const reach = 420 + rng() * 60
  return `${sky('#f2b36b', '#85607a')}
    <ellipse cx="${CX}" cy="${H}" rx="420" ry="330" fill="#4a3222"/>
    ${head({ top, width: 200, length: 340, coat: '#a67c52', muzzle: '#6b4a30', ears: 130 })}${both((s) => {
      const beam: [Pt, Pt, Pt, Pt] = [
        [CX + s * 50, top],
        [CX + s * 220, top - 250],
        [CX + s * reach, top - 420],
        [CX + s * (reach - 20), top - 690],
      ]
      const tines = [0.08, 0.2, 0.42, 0.6, 0.78]
        .map((t, i) => {
          const [x, y] = on(beam, t)
          const len = [170, 160, 240, 220, 150][i] ?? 150
          return stroke(`M ${f(x)} ${f(y)} q ${f(-s * 60)} ${f(-len * 0.4)} ${f(-s * 80)} ${f(-len)}`, 18)
        })
        .join('')
      return stroke(curve(beam), 34, '#c9b089') + tines
    })}`
}

function moose(rng: Rng): string {
  const top = 640
  const palm = 360 + rng() * 50
  return `${sky('#d9a070', '#5e5a6e')}
    <path d="M ${CX - 40} ${top + 470} q 40 150 80 0 Z" fill="#3a2a1e"/>
    ${head({ top, width: 210, length: 520, coat: '#4a3524', muzzle: '#5e4634', ears: 140 })}${both((s) => {
      const root = CX + s * 90
      const points = Array.from({ length: 6 }, (_, i) => {
        const x = root + s * (palm * (0.35 + i * 0.13))
        const y = top - 200 - i * 22 + (i % 2) * 10
        return `L ${f(x)} ${f(y - 70)} L ${f(x + s * 30)} ${f(y)}`
      }).join(' ')
      const outline = `M ${f(root)} ${top - 10} C ${f(root + s * 90)} ${top - 60} ${f(root + s * palm * 0.2)} ${top - 210} ${f(root + s * palm * 0.32)} ${top - 200} ${points} L ${f(root + s * palm * 1.15)} ${top - 180} Q ${f(root + s * palm * 1.05)} ${top - 40} ${f(root + s * palm * 0.5)} ${top - 60} Q ${f(root + s * palm * 0.3)} ${top - 40} ${f(root)} ${top + 20} Z`
      return `<path d="${outline}" fill="#cdb894" stroke="#a8916c" stroke-width="6" stroke-linejoin="round"/>`
    })}`
}

function pronghorn(rng: Rng): string {
  const top = 640
  const height = 330 + rng() * 40
  return `${sky('#f4c27a', '#8c6c6a')}${head({ top, width: 220, length: 400, coat: '#c99a5e', muzzle: '#2a2420', ears: 120 })}
    <path d="M ${CX - 90} ${top + 200} Q ${CX} ${top + 260} ${CX + 90} ${top + 200} L ${CX + 70} ${top + 300} Q ${CX} ${top + 330} ${CX - 70} ${top + 300} Z" fill="#f4efe4"/>
    ${both((s) => {
      const horn = `M ${f(CX + s * 70)} ${top} C ${f(CX + s * 90)} ${top - height * 0.5} ${f(CX + s * 110)} ${f(top - height)} ${f(CX + s * 40)} ${f(top - height - 20)}`
      const prong = `M ${f(CX + s * 88)} ${f(top - height * 0.45)} l ${f(s * 70)} -40`
      return stroke(horn, 42, '#1f1b18') + stroke(prong, 28, '#1f1b18')
    })}`
}

export function bighorn(rng: Rng): string {
  const top = 600
  const curl = 1 + rng() * 0.1
  return `${sky('#e7b077', '#6e6a80')}${head({ top, width: 250, length: 420, coat: '#8b7355', muzzle: '#e9e1d2', ears: 90 })}${both(
    (s) => {
      const horn = `M ${f(CX + s * 70)} ${top + 10} C ${f(CX + s * 200 * curl)} ${top - 260} ${f(CX + s * 470 * curl)} ${top - 120} ${f(CX + s * 430 * curl)} ${top + 130} S ${f(CX + s * 230)} ${top + 360} ${f(CX + s * 240)} ${top + 200}`
      return `${stroke(horn, 110, '#8a7354')}${stroke(horn, 80, '#b39b76')}<path d="${horn}" stroke="#6f5a3e" stroke-width="96" stroke-dasharray="5 26" fill="none" opacity="0.7"/>`
    },
  )}`
}

export const RACK_SCENES: Record<string, (rng: Rng) => string> = {
  'whitetail-deer': whitetail,
  'mule-deer': muleDeer,
  'rocky-mountain-elk': elk,
  moose,
  pronghorn,
  'bighorn-sheep': bighorn,
}
