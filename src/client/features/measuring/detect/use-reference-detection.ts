import { useEffect, useRef } from 'react'
import type { DetectKind, DetectReply, DetectRequest, Size } from './working-photo.ts'

type Options = {
  /** What to look for now (detectionWanted in tool-state.ts), or null. */
  wanted: DetectKind | null
  source: Blob | string | null
  natural: Size | null
  onStart: (kind: DetectKind) => void
  onCancel: (kind: DetectKind) => void
  onFound: (kind: DetectKind, found: DetectReply['found']) => void
}

function startWorker(): Worker {
  return new Worker(new URL('./reference.worker.ts', import.meta.url), { type: 'module' })
}

/**
 * Looks for the reference in a Web Worker whenever `wanted` names one. A reply to an earlier request (another photo,
 * another kind, or one given up because the member marked by hand meanwhile) is dropped.
 */
export function useReferenceDetection({ wanted, source, natural, onStart, onCancel, onFound }: Options) {
  const worker = useRef<Worker | null>(null)
  const lastId = useRef(0)
  const handlers = useRef({ onStart, onCancel, onFound })
  handlers.current = { onStart, onCancel, onFound }

  useEffect(() => {
    // Started as the tool opens, so the worker has warmed up by the time a photo is chosen.
    try {
      worker.current ??= startWorker()
    } catch {
      // No module workers here: each request answers that nothing was found, and the member marks by hand.
    }
    return () => {
      worker.current?.terminate()
      worker.current = null
    }
  }, [])

  useEffect(() => {
    if (!wanted || source === null || !natural) return
    const id = ++lastId.current
    let answered = false
    const answer = (found: DetectReply['found']) => {
      answered = true
      handlers.current.onFound(wanted, found)
    }
    handlers.current.onStart(wanted)
    let running: Worker
    try {
      worker.current ??= startWorker()
      running = worker.current
    } catch {
      answer(null) // no module workers here: the member marks the reference by hand
      return
    }
    const onMessage = (event: MessageEvent<DetectReply>) => {
      if (event.data.id === id) answer(event.data.found)
    }
    const onError = () => {
      // A worker that failed to start answers nothing more: the next request starts another.
      running.terminate()
      if (worker.current === running) worker.current = null
      answer(null)
    }
    running.addEventListener('message', onMessage)
    running.addEventListener('error', onError)
    running.postMessage({ id, image: source, natural, kind: wanted } satisfies DetectRequest)
    return () => {
      running.removeEventListener('message', onMessage)
      running.removeEventListener('error', onError)
      if (!answered) handlers.current.onCancel(wanted)
    }
  }, [wanted, source, natural])
}
