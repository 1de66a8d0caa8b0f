// Fish on a measuring board, one look per species: the body's shape and colours, its markings, mouth, fins and tail
// are what tell a largemouth from a smallmouth, a walleye from a trout. Drawn in a 1600 × 1200 frame.
import type { Rng } from '../generate.ts'

type Pattern = 'stripe' | 'bars' | 'band-spots' | 'tail-spot' | 'scales' | 'spots-bars' | 'none'
type FishLook = {
  /** body depth as a share of its length */
  depth: number
  back: string
  belly: string
  pattern: Pattern
  mark: string
  mouth: 'big' | 'small' | 'long' | 'upturned'
  eye: string
  dorsal: 'joined' | 'split' | 'rear' | 'trout' | 'filament'
  tail: 'square' | 'forked' | 'round'
  fin: string
}

export const FISH_LOOKS: Record<string, FishLook> = {
  'largemouth-bass': {
    depth: 0.3,
    back: '#3f5a2a',
    belly: '#e6e2b8',
    pattern: 'stripe',
    mark: '#1f2d14',
    mouth: 'big',
    eye: '#c9a227',
    dorsal: 'joined',
    tail: 'square',
    fin: '#52683a',
  },
  'smallmouth-bass': {
    depth: 0.27,
    back: '#6b5430',
    belly: '#d9c99a',
    pattern: 'bars',
    mark: '#3a2a14',
    mouth: 'small',
    eye: '#c0392b',
    dorsal: 'joined',
    tail: 'square',
    fin: '#7a6038',
  },
  walleye: {
    depth: 0.2,
    back: '#7a6a2e',
    belly: '#efe8d0',
    pattern: 'spots-bars',
    mark: '#4a3f1a',
    mouth: 'small',
    eye: '#e8e4d0',
    dorsal: 'split',
    tail: 'forked',
    fin: '#8a7a3a',
  },
  muskellunge: {
    depth: 0.15,
    back: '#7d7f4e',
    belly: '#e9e6cf',
    pattern: 'bars',
    mark: '#4a4a26',
    mouth: 'long',
    eye: '#c9b35a',
    dorsal: 'rear',
    tail: 'forked',
    fin: '#9b6b3c',
  },
  'rainbow-trout': {
    depth: 0.22,
    back: '#5d6b4a',
    belly: '#f1ede3',
    pattern: 'band-spots',
    mark: '#d45d79',
    mouth: 'small',
    eye: '#b88a2e',
    dorsal: 'trout',
    tail: 'square',
    fin: '#7a7a5a',
  },
  'red-drum': {
    depth: 0.25,
    back: '#a4582e',
    belly: '#f0dcc0',
    pattern: 'tail-spot',
    mark: '#141414',
    mouth: 'small',
    eye: '#c9a227',
    dorsal: 'joined',
    tail: 'square',
    fin: '#b06a3e',
  },
  tarpon: {
    depth: 0.26,
    back: '#5f7384',
    belly: '#eef2f5',
    pattern: 'scales',
    mark: '#c9d3dc',
    mouth: 'upturned',
    eye: '#d8d8d0',
    dorsal: 'filament',
    tail: 'forked',
    fin: '#8a98a4',
  },
}

/** Any other fish: plain olive over silver, no markings. */
const GENERIC: FishLook = {
  depth: 0.24,
  back: '#5a6650',
  belly: '#e8e6da',
  pattern: 'none',
  mark: '#333',
  mouth: 'small',
  eye: '#c9b35a',
  dorsal: 'joined',
  tail: 'forked',
  fin: '#6f7a60',
}

const f = (n: number) => n.toFixed(1)

function bodyPath(x: number, y: number, l: number, d: number, long: boolean): string {
  const snoutY = long ? y + 0.02 * d : y + 0.05 * d
  return [
    `M ${f(x)} ${f(snoutY)}`,
    `C ${f(x + 0.05 * l)} ${f(y - (long ? 0.2 : 0.35) * d)} ${f(x + 0.25 * l)} ${f(y - 0.5 * d)} ${f(x + 0.45 * l)} ${f(y - 0.5 * d)}`,
    `C ${f(x + 0.7 * l)} ${f(y - 0.5 * d)} ${f(x + 0.85 * l)} ${f(y - 0.2 * d)} ${f(x + l)} ${f(y - 0.13 * d)}`,
    `L ${f(x + l)} ${f(y + 0.13 * d)}`,
    `C ${f(x + 0.85 * l)} ${f(y + 0.2 * d)} ${f(x + 0.7 * l)} ${f(y + 0.5 * d)} ${f(x + 0.45 * l)} ${f(y + 0.5 * d)}`,
    `C ${f(x + 0.2 * l)} ${f(y + 0.5 * d)} ${f(x + 0.05 * l)} ${f(y + 0.3 * d)} ${f(x)} ${f(snoutY)} Z`,
  ].join(' ')
}

function tailPath(x: number, y: number, t: number, d: number, kind: FishLook['tail']): string {
  const top = `${f(x + t)} ${f(y - 0.62 * d)}`
  const bottom = `${f(x + t)} ${f(y + 0.62 * d)}`
  const notch = kind === 'forked' ? x + 0.45 * t : kind === 'square' ? x + 0.85 * t : x + t * 1.05
  return `M ${f(x - 4)} ${f(y - 0.13 * d)} L ${top} Q ${f(notch)} ${f(y)} ${bottom} L ${f(x - 4)} ${f(y + 0.13 * d)} Z`
}

function dorsalFins(x: number, y: number, l: number, d: number, look: FishLook, rng: Rng): string {
  const top = y - 0.48 * d
  const fin = (from: number, to: number, height: number, spiny = false) => {
    const spines = spiny
      ? Array.from({ length: 7 }, (_, i) => {
          const sx = x + (from + ((to - from) * (i + 0.5)) / 7) * l
          return `<line x1="${f(sx)}" y1="${f(top + 4)}" x2="${f(sx + 6)}" y2="${f(top - height * d * 0.95)}" stroke="${look.mark}" stroke-width="3" opacity="0.6"/>`
        }).join('')
      : ''
    return `<path d="M ${f(x + from * l)} ${f(top + 6)} Q ${f(x + (from + 0.2 * (to - from)) * l)} ${f(top - height * d)} ${f(x + to * l)} ${f(top - height * d * 0.35)} L ${f(x + to * l)} ${f(top + 8)} Z" fill="${look.fin}"/>${spines}`
  }
  switch (look.dorsal) {
    case 'joined':
      return fin(0.3, 0.52, 0.32, true) + fin(0.5, 0.72, 0.3)
    case 'split':
      return fin(0.28, 0.48, 0.42, true) + fin(0.56, 0.74, 0.32)
    case 'rear':
      return fin(0.68, 0.8, 0.42)
    case 'trout':
      return `${fin(0.38, 0.55, 0.38)}<ellipse cx="${f(x + 0.82 * l)}" cy="${f(y - 0.2 * d)}" rx="${f(0.025 * l)}" ry="${f(0.06 * d)}" fill="${look.fin}"/>`
    case 'filament': {
      const tipX = x + (0.7 + rng() * 0.05) * l
      return `${fin(0.42, 0.58, 0.4)}<path d="M ${f(x + 0.57 * l)} ${f(top - 0.14 * d)} Q ${f(x + 0.64 * l)} ${f(top - 0.3 * d)} ${f(tipX)} ${f(top - 0.22 * d)}" stroke="${look.fin}" stroke-width="6" fill="none" stroke-linecap="round"/>`
    }
  }
}

function markings(x: number, y: number, l: number, d: number, look: FishLook, rng: Rng): string {
  const dots = (count: number, r: number, fill: string, spread: number) =>
    Array.from({ length: count }, () => {
      const dx = x + (0.22 + rng() * 0.76) * l
      const dy = y - d * 0.45 + rng() * d * spread
      return `<circle cx="${f(dx)}" cy="${f(dy)}" r="${f(r * (0.7 + rng() * 0.6))}" fill="${fill}"/>`
    }).join('')
  const bars = (count: number, opacity: number) =>
    Array.from({ length: count }, (_, i) => {
      const bx = x + (0.24 + (i * 0.7) / count) * l
      return `<rect x="${f(bx)}" y="${f(y - 0.55 * d)}" width="${f(0.035 * l)}" height="${f(0.75 * d)}" rx="12" fill="${look.mark}" opacity="${opacity}" transform="rotate(-8 ${f(bx)} ${f(y)})"/>`
    }).join('')
  switch (look.pattern) {
    case 'stripe':
      return Array.from({ length: 11 }, (_, i) => {
        const sx = x + (0.18 + i * 0.075) * l
        return `<ellipse cx="${f(sx)}" cy="${f(y + (rng() - 0.5) * 0.08 * d)}" rx="${f(0.06 * l)}" ry="${f((0.06 + rng() * 0.05) * d)}" fill="${look.mark}" opacity="0.6"/>`
      }).join('')
    case 'bars':
      return bars(look.depth < 0.2 ? 14 : 9, 0.45)
    case 'spots-bars':
      return `${bars(6, 0.35)}<ellipse cx="${f(x + l * 0.97)}" cy="${f(y + 0.1 * d)}" rx="${f(0.015 * l)}" ry="${f(0.05 * d)}" fill="#f4f1e6"/>`
    case 'band-spots':
      return `<rect x="${f(x + 0.12 * l)}" y="${f(y - 0.08 * d)}" width="${f(0.9 * l)}" height="${f(0.16 * d)}" rx="${f(0.08 * d)}" fill="${look.mark}" opacity="0.8"/>${dots(70, 5, '#1b1b18', 0.55)}`
    case 'tail-spot':
      return `<circle cx="${f(x + 0.9 * l)}" cy="${f(y - 0.08 * d)}" r="${f(0.09 * d)}" fill="${look.mark}"/><circle cx="${f(x + 0.9 * l)}" cy="${f(y - 0.08 * d)}" r="${f(0.115 * d)}" fill="none" stroke="#f0dcc0" stroke-width="4"/>`
    case 'scales':
      return Array.from({ length: 7 }, (_, row) =>
        Array.from({ length: 12 }, (_, col) => {
          const sx = x + (0.2 + col * 0.065 + (row % 2) * 0.032) * l
          const sy = y - 0.42 * d + row * 0.13 * d
          return `<path d="M ${f(sx)} ${f(sy)} a ${f(0.03 * l)} ${f(0.07 * d)} 0 0 1 0 ${f(0.13 * d)}" stroke="${look.mark}" stroke-width="3" fill="none" opacity="0.7"/>`
        }).join(''),
      ).join('')
    case 'none':
      return ''
  }
}

function head(x: number, y: number, l: number, d: number, look: FishLook): string {
  const eyeX = x + (look.mouth === 'long' ? 0.12 : 0.08) * l
  const eyeR = d * (look.dorsal === 'split' ? 0.085 : 0.06)
  const mouthEnd = { big: 0.16, small: 0.06, long: 0.1, upturned: 0.09 }[look.mouth]
  const mouth =
    look.mouth === 'upturned'
      ? `M ${f(x + 2)} ${f(y - 0.02 * d)} Q ${f(x + 0.05 * l)} ${f(y + 0.22 * d)} ${f(x + mouthEnd * l)} ${f(y + 0.12 * d)}`
      : `M ${f(x + 4)} ${f(y + 0.07 * d)} L ${f(x + mouthEnd * l)} ${f(y + 0.1 * d)}`
  return `
    <path d="${mouth}" stroke="#1d1d1b" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M ${f(x + 0.2 * l)} ${f(y - 0.38 * d)} Q ${f(x + 0.24 * l)} ${f(y)} ${f(x + 0.19 * l)} ${f(y + 0.4 * d)}" stroke="${look.mark}" stroke-width="5" fill="none" opacity="0.6"/>
    <circle cx="${f(eyeX)}" cy="${f(y - 0.12 * d)}" r="${f(eyeR)}" fill="${look.eye}"/>
    <circle cx="${f(eyeX)}" cy="${f(y - 0.12 * d)}" r="${f(eyeR * 0.5)}" fill="#111"/>
    <path d="M ${f(x + 0.25 * l)} ${f(y + 0.1 * d)} q ${f(0.1 * l)} ${f(0.02 * d)} ${f(0.12 * l)} ${f(0.18 * d)} q ${f(-0.07 * l)} ${f(-0.02 * d)} ${f(-0.12 * l)} ${f(-0.1 * d)} Z" fill="${look.fin}" opacity="0.9"/>`
}

/** A fish of `speciesId` on a yellow measuring board, a bank card beside it for scale. */
export function fishScene(rng: Rng, speciesId: string, width: number, height: number): string {
  const look = FISH_LOOKS[speciesId] ?? GENERIC
  const total = 1000 + rng() * 280
  const l = total * 0.84
  const d = l * look.depth
  const x = (width - total) / 2
  const y = height / 2 - 40 + rng() * 40
  const boardTop = y - Math.max(d * 0.62, 150) - 70
  const boardHeight = y + Math.max(d * 0.62, 150) + 150 - boardTop
  const ticks = Array.from({ length: 30 }, (_, i) => {
    const tx = 120 + i * 46
    const base = boardTop + boardHeight - 20
    return `<line x1="${tx}" y1="${f(base)}" x2="${tx}" y2="${f(base - (i % 2 ? 30 : 55))}" stroke="#3b2f14" stroke-width="4"/>`
  }).join('')
  const id = `body-${speciesId.replace(/[^a-z]/g, '')}`
  return `
    <defs>
      <linearGradient id="${id}-fill" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${look.back}"/><stop offset="0.45" stop-color="${look.back}"/><stop offset="0.75" stop-color="${look.belly}"/>
      </linearGradient>
      <clipPath id="${id}"><path d="${bodyPath(x, y, l, d, look.mouth === 'long')}"/></clipPath>
    </defs>
    <rect width="100%" height="100%" fill="#4f5d4c"/>
    <rect x="80" y="${f(boardTop)}" width="${width - 160}" height="${f(boardHeight)}" rx="18" fill="#e3c86b"/>
    ${ticks}
    <path d="${tailPath(x + l, y, total - l, d, look.tail)}" fill="${look.fin}"/>
    ${dorsalFins(x, y, l, d, look, rng)}
    <path d="M ${f(x + 0.62 * l)} ${f(y + 0.45 * d)} l ${f(0.08 * l)} ${f(0.2 * d)} l ${f(0.06 * l)} ${f(-0.22 * d)} Z" fill="${look.fin}"/>
    <path d="${bodyPath(x, y, l, d, look.mouth === 'long')}" fill="url(#${id}-fill)"/>
    <g clip-path="url(#${id})">${markings(x, y, l, d, look, rng)}</g>
    ${head(x, y, l, d, look)}
    <rect x="${width - 520}" y="${f(boardTop + boardHeight - 90)}" width="337" height="213" rx="18" fill="#1f4e79" stroke="#0f2740" stroke-width="4"/>`
}
