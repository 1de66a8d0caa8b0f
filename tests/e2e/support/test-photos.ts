import sharp from 'sharp'

// A generated photo of known geometry for the photo measuring tool: a credit card whose long side is 337 px
// (so 100 px per inch), a bass whose snout-to-tail length is 1500 px (15.00 in) along a horizontal line, and
// a bent stick along a circular arc of known length, on a noisy grass background. Drawn as SVG and encoded as
// JPEG by sharp at test time, so no binary fixture is committed.

export const PHOTO = { width: 2000, height: 1500 } as const
export const PIXELS_PER_INCH = 100

/** The card: a 337 × 213 px rounded rectangle. Its long side's ends are marked mid-height on its short edges. */
export const CARD = { x: 1400, y: 1160, width: 337, height: 213 } as const
export const CARD_LONG_ENDS = [
  { x: CARD.x, y: CARD.y + CARD.height / 2 },
  { x: CARD.x + CARD.width, y: CARD.y + CARD.height / 2 },
] as const

/** The bass: snout at the left end, the tail fin's straight rear edge at the right end; 15.00 in. */
export const FISH_ENDS = [
  { x: 250, y: 640 },
  { x: 1750, y: 640 },
] as const
export const FISH_LENGTH_IN = (FISH_ENDS[1].x - FISH_ENDS[0].x) / PIXELS_PER_INCH

/** The stick: an arc of radius 420 px from 200° to 340° (y grows downwards), 1026.3 px = 10.26 in along it. */
export const ARC = { cx: 760, cy: 1460, r: 420, fromDeg: 200, toDeg: 340 } as const
export const ARC_LENGTH_IN = (ARC.r * ((ARC.toDeg - ARC.fromDeg) * Math.PI)) / 180 / PIXELS_PER_INCH

/** `count` points evenly along the arc, ends included. */
export function arcPoints(count: number): { x: number; y: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const deg = ARC.fromDeg + ((ARC.toDeg - ARC.fromDeg) * i) / (count - 1)
    const rad = (deg * Math.PI) / 180
    return { x: ARC.cx + ARC.r * Math.cos(rad), y: ARC.cy + ARC.r * Math.sin(rad) }
  })
}

function arcPath(): string {
  const [start] = arcPoints(2)
  const end = arcPoints(2)[1]
  if (!start || !end) return ''
  return `M ${start.x} ${start.y} A ${ARC.r} ${ARC.r} 0 0 1 ${end.x} ${end.y}`
}

function scene(): string {
  const [snout, tail] = FISH_ENDS
  const y = snout.y
  const x0 = snout.x
  const bodyEnd = 1530
  const body = `M ${x0} ${y}
    C ${x0 + 60} ${y - 120} ${x0 + 380} ${y - 205} ${x0 + 700} ${y - 200}
    C ${x0 + 1000} ${y - 190} ${bodyEnd - 80} ${y - 80} ${bodyEnd} ${y - 40}
    L ${bodyEnd} ${y + 40}
    C ${bodyEnd - 80} ${y + 90} ${x0 + 1000} ${y + 180} ${x0 + 700} ${y + 175}
    C ${x0 + 380} ${y + 170} ${x0 + 80} ${y + 110} ${x0} ${y} Z`
  const tailFin = `M ${bodyEnd - 20} ${y - 30} L ${tail.x} ${y - 170} L ${tail.x} ${y + 170} L ${bodyEnd - 20} ${y + 30} Z`
  const card = CARD
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}">
  <defs>
    <filter id="grass" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.012 0.09" numOctaves="3" seed="7"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.16  0 0.55 0 0 0.26  0 0 0 0 0.10  0 0 0 0.9 0.35"/>
    </filter>
    <linearGradient id="bass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f4a1f"/><stop offset="0.55" stop-color="#6b8a3a"/><stop offset="1" stop-color="#e6e0b8"/>
    </linearGradient>
    <linearGradient id="cardface" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1d4f8c"/><stop offset="1" stop-color="#0f2d55"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="#3c5a26"/>
  <rect width="100%" height="100%" filter="url(#grass)"/>
  <path d="${tailFin}" fill="#3f5a27" stroke="#1e2c12" stroke-width="3"/>
  <path d="M ${x0 + 520} ${y - 196} Q ${x0 + 700} ${y - 330} ${x0 + 980} ${y - 190} Z" fill="#34501f"/>
  <path d="${body}" fill="url(#bass)" stroke="#1e2c12" stroke-width="3"/>
  <path d="M ${x0 + 90} ${y + 10} C ${x0 + 500} ${y + 20} ${x0 + 1000} ${y} ${bodyEnd} ${y + 5}" stroke="#22361a" stroke-width="18" fill="none" opacity="0.55"/>
  <path d="M ${x0 + 150} ${y + 40} q 40 22 80 10" stroke="#1e2c12" stroke-width="6" fill="none"/>
  <circle cx="${x0 + 110}" cy="${y - 45}" r="20" fill="#f2d36b" stroke="#1e2c12" stroke-width="4"/>
  <circle cx="${x0 + 112}" cy="${y - 45}" r="9" fill="#111"/>
  <path d="M ${x0 + 300} ${y - 150} Q ${x0 + 330} ${y} ${x0 + 300} ${y + 150}" stroke="#22361a" stroke-width="6" fill="none" opacity="0.6"/>
  <path d="${arcPath()}" stroke="#7a5230" stroke-width="26" stroke-linecap="round" fill="none"/>
  <path d="${arcPath()}" stroke="#a87a4c" stroke-width="10" stroke-linecap="round" fill="none"/>
  <rect x="${card.x}" y="${card.y}" width="${card.width}" height="${card.height}" rx="18" fill="url(#cardface)" stroke="#0a1a33" stroke-width="2"/>
  <rect x="${card.x + 36}" y="${card.y + 62}" width="58" height="44" rx="6" fill="#d8b45a"/>
  <text x="${card.x + 36}" y="${card.y + 160}" font-family="sans-serif" font-size="22" fill="#e8eef7" letter-spacing="2">4000 1234 5678 9010</text>
</svg>`
}

/** The test photo as a JPEG (about 0.5–1 MB). */
export function measuringPhoto(): Promise<Buffer> {
  return sharp(Buffer.from(scene())).jpeg({ quality: 85 }).toBuffer()
}
