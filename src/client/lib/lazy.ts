import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>
}

/** React.lazy whose module can be fetched ahead of time (on hover, on idle), so showing it feels instant. */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined // a failed fetch (flaky network) may be retried by the next attempt
      throw err
    })
    return pending
  }
  return Object.assign(lazy(preload), { preload })
}

/** Runs work when the browser is idle (or after a short delay where requestIdleCallback is missing). */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(work, 200)
  return () => window.clearTimeout(id)
}
