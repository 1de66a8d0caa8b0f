import { useSyncExternalStore } from 'react'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants.ts'

export type ToastVariant = 'default' | 'destructive'
/** A link in the toast (e.g. 'View' the measurement just saved); `altText` says it for screen readers. */
export type ToastAction = { label: string; href: string; altText: string }
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: ToastAction }
export type ToastItem = ToastInput & { id: string; open: boolean }

/**
 * A tiny store outside React so any code (a mutation callback, a lazily loaded dialog) can raise a toast,
 * and the Radix toaster can be loaded only when needed. docs/product.md §9: at most TOAST_LIMIT at once; a dismissed
 * toast stays in the list (closed) for TOAST_REMOVE_DELAY_MS before it is removed.
 */
let toasts: ToastItem[] = []
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function emit(next: ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      emit(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return id
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  )
}
