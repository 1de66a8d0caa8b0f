import { findReference } from '#shared/measuring/index.ts'
import { decodeForDetection } from './decode-photo.ts'
import { type DetectReply, type DetectRequest, toPhotoPixels } from './working-photo.ts'

// Finds the card or the quarter off the main thread, so the tool stays responsive while it looks (a second or so on a
// phone). Everything happens in the browser: no photo leaves it, and it works offline.

/** The worker's own scope; the project's DOM typings describe a window. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DetectRequest>) => void) | null
  postMessage: (reply: DetectReply) => void
}

async function look({ image, natural, kind }: DetectRequest) {
  const blob = typeof image === 'string' ? await (await fetch(image)).blob() : image
  const photo = await decodeForDetection(blob, natural)
  if (!photo) return null
  const found = findReference({ ...photo, channels: 4 }, kind)
  return found ? toPhotoPixels(found, photo, natural) : null
}

/**
 * The first search in a fresh worker runs in the slowest tier of the JavaScript engine, about three times slower than
 * the next: one search on a small drawn card, as the tool opens, pays that before the member's photo arrives.
 */
function warmUp() {
  const width = 320
  const height = 240
  const data = new Uint8ClampedArray(width * height * 4).fill(200)
  for (let y = 90; y < 150; y++) {
    for (let x = 110; x < 205; x++) data.fill(40, (y * width + x) * 4, (y * width + x) * 4 + 3)
  }
  findReference({ width, height, channels: 4, data }, 'credit-card')
}

warmUp()

scope.onmessage = (event) => {
  const request = event.data
  look(request).then(
    (found) => scope.postMessage({ id: request.id, found }),
    // A photo the worker cannot open is a photo without a found reference: the member marks it by hand.
    () => scope.postMessage({ id: request.id, found: null }),
  )
}
