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

/**
 * Props for the control that shows a lazy screen or dialog: its code starts loading when the pointer reaches
 * the control, a finger touches it or the keyboard focuses it, a few hundred milliseconds before the click.
 */
export function preloadOnIntent(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => {})
  return { onPointerEnter: start, onPointerDown: start, onFocus: start }
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
