import { parentPort, workerData } from 'node:worker_threads'
import { type FoundReference, findReference, type Raster } from '#shared/measuring/detect.ts'

// One detection in a thread of its own: findReference is synchronous pixel work that would stop every other request
// on the main thread (photo-reference.service.ts starts it).

export type ReferenceWorkerInput = { raster: Raster; kind: FoundReference['kind'] }
export type ReferenceWorkerResult = { ok: true; found: FoundReference | null } | { ok: false; message: string }

function detect({ raster, kind }: ReferenceWorkerInput): ReferenceWorkerResult {
  try {
    return { ok: true, found: findReference(raster, kind) }
  } catch (err) {
    return { ok: false, message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }
  }
}

parentPort?.postMessage(detect(workerData as ReferenceWorkerInput))
