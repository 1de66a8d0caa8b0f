import ChevronRight from 'lucide-react/icons/chevron-right'
import Circle from 'lucide-react/icons/circle'
import CreditCard from 'lucide-react/icons/credit-card'
import Ruler from 'lucide-react/icons/ruler'
import { lazy, Suspense, useState } from 'react'
import type { MeasuredValue } from '#client/features/measuring/index.ts'
import { preloadMeasuringTool } from '#client/features/measuring/index.ts'
import { useLatch } from '#client/lib/deferred.ts'
import type { ReferenceKind } from '#shared/measuring/index.ts'

// The tool's dialog (Radix) and the tool itself load when a reference is reached for, not with the dashboard.
const loadDialog = () => import('#client/features/measuring/index.ts')
const MeasuringToolDialog = lazy(() => loadDialog().then((m) => ({ default: m.MeasuringToolDialog })))
const preload = () => void Promise.all([loadDialog(), preloadMeasuringTool()]).catch(() => {})

/** docs/product.md §2/§9 calibration references. Picking one opens the photo measuring tool with it (docs/architecture.md §1). */
const REFERENCES: { kind: ReferenceKind; name: string; size: string; Icon: typeof CreditCard }[] = [
  { kind: 'credit-card', name: 'Credit Card', size: '3.37 x 2.13 inches', Icon: CreditCard },
  { kind: 'quarter', name: 'Quarter', size: 'diameter 0.955 inches', Icon: Circle },
  { kind: 'custom', name: 'Custom', size: 'Enter dimensions', Icon: Ruler },
]

/** `onRecord`: the tool's 'Record a measurement' hands the measured photo and value on (to the add dialog). */
export function CalibrationPanel({ onRecord }: { onRecord?: (measured: MeasuredValue) => void }) {
  const [reference, setReference] = useState<ReferenceKind | null>(null)
  const [open, setOpen] = useState(false)
  const opened = useLatch(open)
  return (
    <section
      aria-labelledby="calibration-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="calibration-title" className="text-xl font-bold text-stone-900">
        Calibration
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Put one of these in the frame so a photo can be measured to scale. Pick one to measure a photo.
      </p>
      <ul className="mt-5 grid gap-3">
        {REFERENCES.map(({ kind, name, size, Icon }) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => {
                setReference(kind)
                setOpen(true)
              }}
              onPointerEnter={preload}
              onPointerDown={preload}
              onFocus={preload}
              className="flex w-full items-center gap-3 rounded-xl bg-stone-100 p-3 text-left transition-colors hover:bg-pine-50 hover:ring-1 hover:ring-pine-200"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-pine-800 shadow-xs">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900">{name}</span>
                <span className="block text-sm text-stone-700">{size}</span>
              </span>
              <ChevronRight className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {opened ? (
        <Suspense fallback={null}>
          <MeasuringToolDialog
            open={open}
            onOpenChange={setOpen}
            image={null}
            {...(reference ? { initialReference: reference } : {})}
            {...(onRecord
              ? {
                  onRecord: (measured: MeasuredValue) => {
                    setOpen(false)
                    onRecord(measured)
                  },
                }
              : {})}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
