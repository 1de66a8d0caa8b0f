import { apiPaths } from '#client/app/paths.ts'
import { ApiError } from '#client/lib/api.ts'
import type { UploadedPhoto } from '#shared/schemas/measurements.ts'

/** The request never reached the server or its answer never came back: worth trying again later. */
export class NetworkError extends Error {
  constructor(message = 'No connection to the server') {
    super(message)
    this.name = 'NetworkError'
  }
}

export type UploadOptions = {
  /** The file name sent with the part (a Blob read back from IndexedDB has none of its own). */
  name?: string
  signal?: AbortSignal
}

/**
 * POST /api/photos?id={id} with the multipart field `file`, through XMLHttpRequest because fetch reports no
 * upload progress. `id` is the client-made UUID: sending the same photo again answers 200 with the same photo.
 * `onProgress` gets the fraction sent, 0..1. Resolves with the server's photo; rejects with an ApiError for an
 * HTTP error (its status and the server's message) or a NetworkError when no answer came (offline, timeout,
 * aborted).
 */
export function uploadPhoto(
  file: Blob,
  id: string,
  onProgress?: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new NetworkError('Upload cancelled'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${apiPaths.photos}?id=${encodeURIComponent(id)}`)
    xhr.withCredentials = true
    xhr.responseType = 'text'
    const abort = () => xhr.abort()
    options.signal?.addEventListener('abort', abort, { once: true })
    const done = () => options.signal?.removeEventListener('abort', abort)
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total))
      })
    }
    xhr.addEventListener('load', () => {
      done()
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress?.(1)
          resolve(JSON.parse(xhr.responseText) as UploadedPhoto)
        } catch {
          reject(new ApiError(502, 'Bad Gateway', 'The server answered the upload with something unreadable'))
        }
        return
      }
      // Status 0 with a load event happens when a service worker or proxy drops the request.
      if (xhr.status === 0) reject(new NetworkError())
      else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText))
    })
    xhr.addEventListener('error', () => {
      done()
      reject(new NetworkError())
    })
    xhr.addEventListener('timeout', () => {
      done()
      reject(new NetworkError('The upload timed out'))
    })
    xhr.addEventListener('abort', () => {
      done()
      reject(new NetworkError('Upload cancelled'))
    })
    const form = new FormData()
    const name = options.name ?? (file instanceof File ? file.name : 'photo')
    form.append('file', file, name)
    xhr.send(form)
  })
}
