// The benchmark's 12-megapixel photo (target: accepted, stripped and resized in under 1 s), shared by
// `npm run bench:photo` (the pipeline alone) and `npm run bench` (an upload through the running server).
import sharp from 'sharp'

export const WIDTH = 4000
export const HEIGHT = 3000

/**
 * A field scene (sky, horizon, ground, shapes, grass strokes) under sensor-like noise, saved as a phone would:
 * JPEG quality 92 with EXIF capture time, camera and GPS. About 4 MB, like a 12 MP phone photo.
 */
export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const shapes = Array.from({ length: 60 }, (_, i) => {
    const r = 40 + ((i * 37) % 300)
    const fill = `hsl(${(i * 47) % 360},${30 + ((i * 13) % 50)}%,${25 + ((i * 7) % 40)}%)`
    return `<ellipse cx="${(i * 977) % WIDTH}" cy="${(i * 613) % HEIGHT}" rx="${r}" ry="${r * 0.6}" fill="${fill}" opacity="0.8"/>`
  }).join('')
  const grass = Array.from({ length: 400 }, (_, i) => {
    const x = (i * 131) % WIDTH
    const y = HEIGHT * 0.55 + ((i * 17) % (HEIGHT * 0.45))
    const stroke = `hsl(${60 + (i % 40)},40%,${20 + (i % 30)}%)`
    return `<line x1="${x}" y1="${y}" x2="${x + ((i * 29) % 80) - 40}" y2="${y - 120 - (i % 90)}" stroke="${stroke}" stroke-width="${2 + (i % 5)}"/>`
  }).join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>` +
    '<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/>' +
    '<stop offset="0.55" stop-color="#dfe9f3"/><stop offset="0.56" stop-color="#5b6b2f"/>' +
    '<stop offset="1" stop-color="#3b3a1c"/></linearGradient></defs>' +
    `<rect width="100%" height="100%" fill="url(#s)"/>${shapes}${grass}</svg>`
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer()
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .flatten()
    .withExif({
      IFD0: { Make: 'Fieldmark', Model: 'Bench Phone' },
      IFD2: { DateTimeOriginal: '2025:10:18 07:12:44', OffsetTimeOriginal: '-06:00', BodySerialNumber: 'BENCH-0001' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 52/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '113/1 59/1 0/1',
      },
    })
    .jpeg({ quality: 92 })
    .toBuffer()
}
