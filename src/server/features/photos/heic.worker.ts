import { parentPort, workerData } from 'node:worker_threads'
import decodeHeic from 'heic-decode'

// A worker thread per HEIC photo: libheif is WASM that decodes synchronously, which would stop every other request
// on the main thread; its WASM memory, which only grows, goes away with the thread.

export type HeicWorkerInput = { input: Uint8Array; maxPixels: number }
export type HeicWorkerResult =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; reason: 'pixels'; width: number; height: number }
  | { ok: false; reason: 'heic' }

async function decode({ input, maxPixels }: HeicWorkerInput): Promise<HeicWorkerResult> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>
  try {
    images = await decodeHeic.all({ buffer: input })
  } catch {
    return { ok: false, reason: 'heic' }
  }
  try {
    const first = images[0]
    if (!first) return { ok: false, reason: 'heic' }
    // The size comes from the header: a bomb is refused before its pixels are allocated.
    if (!first.width || !first.height || first.width * first.height > maxPixels) {
      return { ok: false, reason: 'pixels', width: first.width, height: first.height }
    }
    const { width, height, data } = await first.decode()
    return { ok: true, width, height, data }
  } catch {
    return { ok: false, reason: 'heic' }
  } finally {
    images.dispose()
  }
}

const result = await decode(workerData as HeicWorkerInput)
parentPort?.postMessage(result, result.ok ? [result.data.buffer as ArrayBuffer] : [])
