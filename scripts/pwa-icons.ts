// Renders the web app manifest's icons from src/client/public/favicon.svg (run once after changing the logo,
// then commit the PNGs): `node scripts/pwa-icons.ts`.
//   pwa-192.png, pwa-512.png  purpose "any": the favicon as drawn (rounded square, transparent corners)
//   pwa-maskable-512.png      purpose "maskable": a full-bleed square of the brand green with the artwork inside
//                             the 80 % safe circle, so Android's round/squircle masks never clip it
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

const dir = join(process.cwd(), 'src', 'client', 'public')
const favicon = readFileSync(join(dir, 'favicon.svg'), 'utf8')
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#243a23'
// The artwork is everything after the background rect; the favicon's viewBox is 32 × 32.
const artwork = favicon.replace(/^[\s\S]*?<rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '')
const SCALE = 0.68
const offset = (32 * (1 - SCALE)) / 2
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${SCALE})">${artwork}</g></svg>`

async function render(svg: string, size: number, name: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(dir, name))
  console.log(`wrote ${name} (${size} × ${size})`)
}

await render(favicon, 192, 'pwa-192.png')
await render(favicon, 512, 'pwa-512.png')
await render(maskable, 512, 'pwa-maskable-512.png')
