import { type Size, workingSize } from './working-photo.ts'

// Decoding a 12 MP JPEG whole takes 180–220 ms in Chromium, most of the time the worker needs. A JPEG can instead be
// decoded straight at a half or a quarter of its size (the decoder scales in the frequency domain), 70–90 ms; the
// browser's WebCodecs image decoder does that when asked for a smaller size. Elsewhere the photo is decoded whole.

/** Pixels row by row, RGBA, as the detector reads them. */
export type DecodedPhoto = Size & { data: Uint8ClampedArray }

/**
 * The long edge asked of the direct decode. The decoder picks the largest size it can make at or under it (1500 px for
 * a 4000 × 3000 photo): more pixels across the card than the whole decode's 1280, for less time.
 */
const DIRECT_DECODE_EDGE = 1600

/** Whether decoded frames carry their orientation, so that drawing one turns a photo stored on its side upright. */
const framesCarryOrientation = () =>
  typeof ImageDecoder !== 'undefined' && typeof VideoFrame !== 'undefined' && 'rotation' in VideoFrame.prototype

/** Draws an image source onto a canvas of `size` and reads its pixels back. */
function pixelsOf(source: CanvasImageSource, size: Size): DecodedPhoto | null {
  const canvas = new OffscreenCanvas(size.width, size.height)
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return null
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, size.width, size.height)
  return { ...size, data: context.getImageData(0, 0, size.width, size.height).data }
}

/**
 * A frame's pixels copied out as RGBA, which costs a third of drawing it and reading the canvas back; null where the
 * copy would not be the picture as shown (turned, flipped, cropped) or the browser cannot convert it.
 */
async function copyPixels(frame: VideoFrame): Promise<DecodedPhoto | null> {
  const turned = frame as VideoFrame & { rotation?: number; flip?: boolean }
  const { displayWidth: width, displayHeight: height, visibleRect } = frame
  if (turned.rotation !== 0 || turned.flip || visibleRect?.width !== width || visibleRect.height !== height) return null
  const data = new Uint8ClampedArray(width * height * 4)
  const [plane] = await frame.copyTo(data, { format: 'RGBA', colorSpace: 'srgb' })
  return plane?.offset === 0 && plane.stride === width * 4 ? { width, height, data } : null
}

/**
 * The photo decoded at a reduced size with its EXIF orientation applied, or null where this browser cannot: no
 * image decoder, a type it does not read, or frames that do not carry their orientation (drawn, they would not turn).
 */
async function decodeDirect(blob: Blob, natural: Size): Promise<DecodedPhoto | null> {
  // Checked before decoding: a browser without it would otherwise decode every photo twice.
  if (!framesCarryOrientation() || !blob.type || !(await ImageDecoder.isTypeSupported(blob.type))) return null
  const desired = workingSize(natural, DIRECT_DECODE_EDGE)
  // The decoder sizes the stored image, which an EXIF orientation of 5–8 has on its side.
  const decoder = new ImageDecoder({
    data: await blob.arrayBuffer(),
    type: blob.type,
    desiredWidth: Math.max(desired.width, desired.height),
    desiredHeight: Math.max(desired.width, desired.height),
  })
  try {
    const { image } = await decoder.decode()
    try {
      const size = { width: image.displayWidth, height: image.displayHeight }
      // A frame the wrong way round (its orientation not applied) would map corners onto the wrong pixels.
      if (size.width >= size.height !== natural.width >= natural.height) return null
      return (await copyPixels(image).catch(() => null)) ?? pixelsOf(image, size)
    } finally {
      image.close()
    }
  } finally {
    decoder.close()
  }
}

/** The photo decoded whole by the browser and scaled so its long edge is at most 1280 px. */
async function decodeWhole(blob: Blob, natural: Size): Promise<DecodedPhoto | null> {
  const size = workingSize(natural)
  const bitmap = await createImageBitmap(blob, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
    imageOrientation: 'from-image',
  })
  try {
    return pixelsOf(bitmap, size)
  } finally {
    bitmap.close()
  }
}

/** The photo as the detector reads it; throws when the browser cannot open it at all. */
export async function decodeForDetection(blob: Blob, natural: Size): Promise<DecodedPhoto | null> {
  const direct = await decodeDirect(blob, natural).catch(() => null)
  return direct ?? decodeWhole(blob, natural)
}
