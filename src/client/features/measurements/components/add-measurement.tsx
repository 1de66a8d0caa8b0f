import { lazy, Suspense } from 'react'
import { Loading } from '#client/components/loading.tsx'
import { useLatch } from '#client/lib/deferred.ts'
import { preloadOnIntent } from '#client/lib/lazy.ts'
import type { AddMeasurementDialogProps } from './add-measurement-dialog.tsx'

// The add dialog as the app shell holds it: the dialog (Radix) and its form (the species catalogue, the scoring
// engine, zod: about 100 kB gzip in all) load when a button that opens it is reached for, or when it opens.
const load = () => import('./add-measurement-dialog.tsx')
const LazyDialog = lazy(() => load().then((m) => ({ default: m.AddMeasurementDialog })))

/** Fetches the dialog and its form ahead of time, so Take Photo opens the camera without a wait. */
export const preloadAddMeasurement = () => load().then((m) => m.preloadAddMeasurement())

/** Spread on every button that opens the add dialog: its code starts loading as the member reaches for it. */
export const addMeasurementIntent = preloadOnIntent(preloadAddMeasurement)

/** AddMeasurementDialog, rendered from its first opening on (so it can animate closed); nothing before that. */
export function DeferredAddMeasurementDialog(props: AddMeasurementDialogProps) {
  const opened = useLatch(props.open)
  if (!opened) return null
  const fallback = props.open ? (
    <div className="fixed inset-0 z-50 grid place-items-center bg-stone-950/60">
      <Loading fullScreen={false} />
    </div>
  ) : null
  return (
    <Suspense fallback={fallback}>
      <LazyDialog {...props} />
    </Suspense>
  )
}
