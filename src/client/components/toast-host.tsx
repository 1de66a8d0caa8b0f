import { Suspense, useState } from 'react'
import { lazyWithPreload } from '#client/lib/lazy.ts'
import { useToasts } from './toast-store.ts'

/** The Radix toaster is not needed to paint a page: it loads with the first toast (or when preloaded). */
const Toaster = lazyWithPreload(() => import('./toaster.tsx'))

export function preloadToaster() {
  Toaster.preload().catch(() => {})
}

export function ToastHost() {
  const toasts = useToasts()
  const [needed, setNeeded] = useState(false)
  if (!needed && toasts.length > 0) setNeeded(true)
  if (!needed && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
