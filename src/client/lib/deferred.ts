import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react'

/** True from the first render at which `value` is true on: a dialog's code loads when it first opens, then stays. */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value)
  if (value && !latched) setLatched(true)
  return latched || value
}

/** A module loaded on demand, once; `current` holds it when it has arrived (a failed load may be tried again). */
export type Deferred<M> = { current: M | null; load: () => Promise<M> }

export function deferred<M>(importer: () => Promise<M>): Deferred<M> {
  let pending: Promise<M> | undefined
  const d: Deferred<M> = {
    current: null,
    load: () => {
      pending ??= importer().then(
        (m) => {
          d.current = m
          return m
        },
        (err: unknown) => {
          pending = undefined
          throw err
        },
      )
      return pending
    },
  }
  return d
}

/**
 * The deferred module for a component: null until it has arrived (the component then renders again), and
 * `request` to start loading it (on the member's intent). `onArrive` runs just before that render.
 */
export function useDeferred<M>(d: Deferred<M>, onArrive?: () => void): { module: M | null; request: () => void } {
  const [module, setModule] = useState<M | null>(() => d.current)
  const request = useCallback(() => {
    d.load()
      .then((m) => {
        onArrive?.()
        setModule(() => m)
      })
      .catch(() => {}) // offline without the code cached: the plain control stays, the next intent tries again
  }, [d, onArrive])
  return { module, request }
}

/** What a deferred menu's real trigger needs to take over from the stand-in button (useDeferredMenu). */
export type TakeOver = {
  /** the stand-in was pressed (pointer, Enter, Space, ArrowDown): the menu starts open */
  open: boolean
  /** the stand-in had the keyboard focus: the real trigger takes it */
  focus: boolean
}

/**
 * A Radix dropdown menu whose code loads when the member reaches for it. Until it has arrived, spread
 * `standIn` on a plain button that looks like the trigger (aria-haspopup, closed); it asks for the code on
 * hover, touch or focus, and remembers a press, so the real menu (`module`) mounts open and takes the focus.
 * Once one menu of a kind has loaded, every later one renders the real menu at once.
 */
export function useDeferredMenu<M>(d: Deferred<M>) {
  const button = useRef<HTMLButtonElement>(null)
  const takeOver = useRef<TakeOver>({ open: false, focus: false })
  const onArrive = useCallback(() => {
    takeOver.current.focus = button.current !== null && document.activeElement === button.current
  }, [])
  const { module, request } = useDeferred(d, onArrive)
  const press = () => {
    takeOver.current.open = true
    request()
  }
  const standIn = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: request,
    onFocus: request,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return request()
      // As Radix's own trigger does: no mousedown follows, so the focus does not move to the page behind the
      // menu that may mount (open) before this event is over, which would close it at once.
      event.preventDefault()
      press()
    },
    onClick: press,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown') return
      event.preventDefault()
      press()
    },
  }
  return { module, standIn, takeOver: takeOver.current }
}
