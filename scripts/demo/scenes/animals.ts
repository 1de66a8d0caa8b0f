// Whole animals, one per species: a black bear by the forest edge, a wild turkey strutting with its fan and beard,
// a ring-necked pheasant with its long barred tail, a mallard drake on the water. Drawn side-on in 1600 × 1200.
import type { Rng } from '../generate.ts'

const f = (n: number) => n.toFixed(1)

export function blackBear(rng: Rng): string {
  const x = 520 + rng() * 160
  const trees = [140, 330, 1250, 1450]
    .map((tx) => `<rect x="${tx}" y="0" width="70" height="960" fill="#3b3227"/>`)
    .join('')
  return `
    <rect width="100%" height="100%" fill="#5d7049"/>
    ${trees}
    <rect y="900" width="100%" height="300" fill="#4a5a33"/>
    <ellipse cx="${f(x + 260)}" cy="700" rx="330" ry="190" fill="#151312"/>
    <ellipse cx="${f(x + 420)}" cy="560" rx="120" ry="110" fill="#151312"/>
    ${[x + 60, x + 170, x + 360, x + 470].map((lx) => `<rect x="${f(lx)}" y="740" width="80" height="200" rx="30" fill="#151312"/>`).join('')}
    <ellipse cx="${f(x - 10)}" cy="560" rx="150" ry="115" fill="#151312"/>
    <circle cx="${f(x + 40)}" cy="450" r="42" fill="#151312"/>
    <circle cx="${f(x - 70)}" cy="455" r="40" fill="#151312"/>
    <ellipse cx="${f(x - 110)}" cy="600" rx="85" ry="55" fill="#a07a52"/>
    <ellipse cx="${f(x - 170)}" cy="585" rx="28" ry="20" fill="#0d0c0b"/>
    <circle cx="${f(x - 40)}" cy="530" r="11" fill="#3a2a1a"/>`
}

function wildTurkey(rng: Rng): string {
  const cx = 780 + rng() * 80
  const fan = Array.from({ length: 15 }, (_, i) => {
    const a = Math.PI * (0.08 + (i * 0.84) / 14)
    const tip = (r: number) => `${f(cx + Math.cos(a) * r)} ${f(560 - Math.sin(a) * r)}`
    return `<path d="M ${cx} 600 L ${tip(460)}" stroke="#4a3320" stroke-width="70" stroke-linecap="round"/><path d="M ${tip(400)} L ${tip(460)}" stroke="#d9c7a0" stroke-width="66" stroke-linecap="round"/><path d="M ${tip(330)} L ${tip(360)}" stroke="#1e1712" stroke-width="66"/>`
  }).join('')
  return `
    <rect width="100%" height="100%" fill="#c9c08a"/>
    <rect y="880" width="100%" height="320" fill="#7d7a45"/>
    ${fan}
    <ellipse cx="${cx}" cy="740" rx="250" ry="230" fill="#2a2018"/>
    <ellipse cx="${cx}" cy="700" rx="200" ry="170" fill="#4c3a26" opacity="0.7"/>
    <path d="M ${cx - 10} 690 q -20 160 10 250 q 30 -90 10 -250 Z" fill="#151110"/>
    <rect x="${cx - 60}" y="940" width="22" height="120" fill="#b65c4a"/>
    <rect x="${cx + 40}" y="940" width="22" height="120" fill="#b65c4a"/>
    <path d="M ${cx - 20} 600 q -10 -120 10 -200" stroke="#b5453a" stroke-width="50" fill="none" stroke-linecap="round"/>
    <circle cx="${cx - 5}" cy="390" r="48" fill="#9ec3e0"/>
    <circle cx="${cx + 8}" cy="380" r="9" fill="#111"/>
    <path d="M ${cx - 40} 400 q -30 40 -10 90 q 30 -40 20 -90 Z" fill="#c0392b"/>`
}

export function pheasant(rng: Rng): string {
  const x = 560 + rng() * 120
  const spots = Array.from({ length: 26 }, () => {
    const sx = x + 40 + rng() * 360
    const sy = 600 + rng() * 180
    return `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="12" ry="7" fill="#3b2412" opacity="0.8"/>`
  }).join('')
  const bars = Array.from({ length: 9 }, (_, i) => {
    const t = 0.15 + i * 0.09
    const bx = x + 420 + t * 460
    const by = 660 - t * 250
    return `<line x1="${f(bx - 14)}" y1="${f(by - 26)}" x2="${f(bx + 14)}" y2="${f(by + 26)}" stroke="#2a1a0c" stroke-width="9"/>`
  }).join('')
  return `
    <rect width="100%" height="100%" fill="#d8cfa8"/>
    <rect y="860" width="100%" height="340" fill="#8f8a55"/>
    <path d="M ${f(x + 380)} 660 L ${f(x + 860)} 400 L ${f(x + 875)} 430 L ${f(x + 420)} 720 Z" fill="#a8763e"/>
    ${bars}
    <ellipse cx="${f(x + 220)}" cy="690" rx="240" ry="150" fill="#b0622a"/>
    ${spots}
    <path d="M ${f(x + 10)} 640 q -40 -120 -10 -230" stroke="#f5f2ea" stroke-width="92" fill="none" stroke-linecap="round"/>
    <path d="M ${f(x + 10)} 600 q -40 -120 -10 -200" stroke="#2c5a4a" stroke-width="80" fill="none" stroke-linecap="round"/>
    <circle cx="${f(x - 5)}" cy="400" r="62" fill="#23473f"/>
    <ellipse cx="${f(x - 20)}" cy="405" rx="34" ry="40" fill="#c62a2a"/>
    <circle cx="${f(x - 15)}" cy="395" r="9" fill="#111"/>
    <path d="M ${f(x - 60)} 410 l -50 14 l 50 12 Z" fill="#d9c9a0"/>
    <rect x="${f(x + 160)}" y="820" width="18" height="110" fill="#7a6a5a"/>
    <rect x="${f(x + 240)}" y="820" width="18" height="110" fill="#7a6a5a"/>`
}

function mallard(rng: Rng): string {
  const x = 560 + rng() * 140
  const ripples = Array.from({ length: 7 }, (_, i) => {
    const ry = 860 + i * 48
    return `<path d="M ${f(60 + ((i * 137) % 300))} ${ry} q 120 -16 240 0 t 240 0" stroke="#8fb3c9" stroke-width="6" fill="none" opacity="0.6"/>`
  }).join('')
  return `
    <rect width="100%" height="100%" fill="#3f6e8c"/>
    <rect width="100%" height="420" fill="#6f8f5a"/>
    ${ripples}
    <path d="M ${f(x - 40)} 740 Q ${f(x + 300)} 900 ${f(x + 640)} 700 L ${f(x + 600)} 620 Q ${f(x + 300)} 560 ${f(x)} 640 Z" fill="#b9bcbf"/>
    <ellipse cx="${f(x + 300)}" cy="690" rx="330" ry="120" fill="#c7c9cb"/>
    <rect x="${f(x + 330)}" y="640" width="120" height="26" rx="10" fill="#3b5fb3"/>
    <ellipse cx="${f(x + 20)}" cy="690" rx="120" ry="105" fill="#6e3a26"/>
    <path d="M ${f(x + 610)} 650 q 60 -40 40 -80 q -30 20 -50 40" stroke="#111" stroke-width="14" fill="none"/>
    <path d="M ${f(x + 590)} 700 L ${f(x + 700)} 640 L ${f(x + 640)} 720 Z" fill="#1b1b1b"/>
    <rect x="${f(x - 70)}" y="585" width="130" height="20" fill="#f2f2ee"/>
    <path d="M ${f(x - 50)} 600 q -20 -110 20 -170" stroke="#1f5e3a" stroke-width="100" fill="none" stroke-linecap="round"/>
    <circle cx="${f(x - 10)}" cy="420" r="78" fill="#1e6b42"/>
    <circle cx="${f(x - 30)}" cy="400" r="10" fill="#111"/>
    <path d="M ${f(x - 80)} 420 q -70 0 -100 24 q 40 16 100 4 Z" fill="#e3c23d"/>`
}

export const ANIMAL_SCENES: Record<string, (rng: Rng) => string> = {
  'black-bear': blackBear,
  'wild-turkey': wildTurkey,
  'ring-necked-pheasant': pheasant,
  mallard,
}
