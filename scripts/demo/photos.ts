// Generated photos for the demo data: a scene per kind of species (a fish on a measuring board, a rack against an
// evening sky, a bird in grass), drawn as SVG and encoded as JPEG by sharp, so `npm run seed:demo` needs no files.
import sharp from 'sharp'
import type { Rng } from './generate.ts'

export type PhotoKind = 'fish' | 'antlers' | 'horns' | 'bird' | 'bear'

const WIDTH = 1600
const HEIGHT = 1200

function fishScene(rng: Rng): string {
  const length = 900 + rng() * 400
  const depth = length * (0.22 + rng() * 0.08)
  const x = (WIDTH - length) / 2
  const y = HEIGHT / 2
  const ticks = Array.from({ length: 30 }, (_, i) => {
    const tx = 120 + i * 46
    return `<line x1="${tx}" y1="${y + depth / 2 + 40}" x2="${tx}" y2="${y + depth / 2 + (i % 2 ? 70 : 95)}" stroke="#3b2f14" stroke-width="4"/>`
  }).join('')
  return `
    <rect width="100%" height="100%" fill="#5d6f5a"/>
    <rect x="80" y="${y - depth / 2 - 60}" width="${WIDTH - 160}" height="${depth + 180}" rx="18" fill="#e3c86b"/>
    ${ticks}
    <ellipse cx="${x + length * 0.45}" cy="${y}" rx="${length * 0.45}" ry="${depth / 2}" fill="#58703a"/>
    <ellipse cx="${x + length * 0.45}" cy="${y + depth * 0.12}" rx="${length * 0.4}" ry="${depth / 3.2}" fill="#c9c79a" opacity="0.7"/>
    <polygon points="${x + length * 0.86},${y} ${x + length},${y - depth * 0.55} ${x + length * 0.97},${y} ${x + length},${y + depth * 0.55}" fill="#4b5f31"/>
    <circle cx="${x + length * 0.1}" cy="${y - depth * 0.1}" r="${depth * 0.06}" fill="#1d1d1b"/>
    <rect x="${WIDTH - 520}" y="${HEIGHT - 300}" width="337" height="213" rx="18" fill="#1f4e79" stroke="#0f2740" stroke-width="4"/>`
}

function antlerScene(rng: Rng, horns: boolean): string {
  const spread = 380 + rng() * 180
  const cx = WIDTH / 2
  const base = 760
  const beam = (side: number) => {
    const tipX = cx + side * spread
    const path = horns
      ? `M ${cx + side * 60} ${base} C ${cx + side * 360} ${base - 420}, ${cx + side * 520} ${base + 60}, ${tipX} ${base + 140}`
      : `M ${cx + side * 50} ${base} C ${cx + side * 220} ${base - 260}, ${tipX} ${base - 300}, ${tipX - side * 60} ${base - 520}`
    // Tines rise from points on the beam (the cubic Bézier above at t).
    const p = [
      [cx + side * 50, base],
      [cx + side * 220, base - 260],
      [tipX, base - 300],
      [tipX - side * 60, base - 520],
    ] as const
    const at = (t: number, i: 0 | 1) =>
      (1 - t) ** 3 * p[0][i] + 3 * (1 - t) ** 2 * t * p[1][i] + 3 * (1 - t) * t ** 2 * p[2][i] + t ** 3 * p[3][i]
    const tines = horns
      ? ''
      : [0.3, 0.5, 0.7]
          .map((t) => {
            const length = 150 + rng() * 90
            return `<path d="M ${at(t, 0)} ${at(t, 1)} q ${-side * 10} ${-length / 2} ${-side * 30} ${-length}" stroke="#d8c7a3" stroke-width="${22 - t * 8}" stroke-linecap="round" fill="none"/>`
          })
          .join('')
    return `<path d="${path}" stroke="${horns ? '#b79c72' : '#d8c7a3'}" stroke-width="${horns ? 70 : 30}" stroke-linecap="round" fill="none"/>${tines}`
  }
  return `
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0a35e"/><stop offset="0.7" stop-color="#7a5a73"/><stop offset="1" stop-color="#2f3b2d"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect y="${HEIGHT - 320}" width="100%" height="320" fill="#2f3b2d"/>
    <ellipse cx="${cx}" cy="${base + 150}" rx="130" ry="210" fill="#5b4632"/>
    ${beam(1)}${beam(-1)}`
}

function birdScene(rng: Rng): string {
  const x = 500 + rng() * 300
  return `
    <rect width="100%" height="100%" fill="#c7b68a"/>
    <rect y="700" width="100%" height="500" fill="#7d7a45"/>
    <ellipse cx="${x + 300}" cy="640" rx="300" ry="140" fill="#8a4b2a"/>
    <circle cx="${x}" cy="540" r="70" fill="#1f5a3c"/>
    <polygon points="${x - 70},540 ${x - 130},560 ${x - 70},570" fill="#d9b44a"/>
    <polygon points="${x + 560},620 ${x + 900},560 ${x + 880},600 ${x + 560},660" fill="#6b3b20"/>`
}

function bearScene(rng: Rng): string {
  const scale = 0.9 + rng() * 0.2
  return `
    <rect width="100%" height="100%" fill="#3d3a34"/>
    <rect x="200" y="900" width="1200" height="80" fill="#6b5a44"/>
    <ellipse cx="800" cy="640" rx="${360 * scale}" ry="${230 * scale}" fill="#e7dfcf"/>
    <circle cx="700" cy="600" r="${60 * scale}" fill="#2a2723"/>
    <circle cx="900" cy="600" r="${60 * scale}" fill="#2a2723"/>`
}

let grainPng: Promise<Buffer> | undefined
/** Film grain, made once and laid over every scene. */
function grain(): Promise<Buffer> {
  grainPng ??= sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer()
  return grainPng
}

/** A JPEG of the scene, with a little noise so it compresses like a photo. */
export async function demoPhoto(kind: PhotoKind, rng: Rng): Promise<Buffer> {
  const scene =
    kind === 'fish'
      ? fishScene(rng)
      : kind === 'bird'
        ? birdScene(rng)
        : kind === 'bear'
          ? bearScene(rng)
          : antlerScene(rng, kind === 'horns')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${scene}</svg>`
  const noise = await grain()
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer()
}

export function photoKindFor(speciesId: string, category: string): PhotoKind {
  if (category.endsWith('Fish')) return 'fish'
  if (['Upland Game', 'Waterfowl', 'Small Game'].includes(category)) return 'bird'
  if (speciesId.includes('bear') || speciesId === 'cougar') return 'bear'
  if (['pronghorn', 'bighorn-sheep', 'dall-sheep', 'mountain-goat'].includes(speciesId)) return 'horns'
  return 'antlers'
}
