import * as RadixDialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import { Suspense, useRef } from 'react'
import { Dialog } from '#client/components/dialog.tsx'
import { Loading } from '#client/components/loading.tsx'
import type { MeasuredValue } from '#client/features/measuring/index.ts'
import { lazyWithPreload } from '#client/lib/lazy.ts'
import type { ReferenceKind } from '#shared/measuring/index.ts'
import type { Measurement } from '#shared/schemas/measurements.ts'

// The form, the species catalogue and the scoring engine load with the dialog, not with the app shell.
const MeasurementForm = lazyWithPreload(() => import('../form/measurement-form.tsx'))

/** Fetches the form's code ahead of time (add-measurement.tsx: on the member's intent). */
export const preloadAddMeasurement = () => MeasurementForm.preload()

/** How the dialog opens: the button that opened it decides. */
export type AddMeasurementStart = {
  /** Take Photo opens the camera, Upload Image the file picker, at once where the browser allows. */
  startWith?: 'camera' | 'upload' | null
  /** From the measuring tool's 'Record a measurement': the photo it measured and its reference. */
  initialPhoto?: Blob
  initialReference?: ReferenceKind
  /** The value measured there: it fills the length as photo-measured (without it, the tool opens on the photo). */
  initialMeasured?: MeasuredValue
}

export type AddMeasurementDialogProps = AddMeasurementStart & {
  open: boolean
  onOpenChange: (open: boolean) => void
  mode?: 'create' | 'edit'
  /** Edit: the measurement to change; everything is prefilled. */
  measurement?: Measurement
}

/** What the open form tells the dialog: whether Escape may close it (not while typing or saving). */
export type DialogGuard = { canClose: () => boolean }

/**
 * New Measurement / Edit measurement: photos, species and its score sheet (or quick values), details, then Save.
 * Full screen on a phone, a large window on a desktop; the body scrolls between a fixed title and footer.
 */
export function AddMeasurementDialog(props: AddMeasurementDialogProps) {
  const { open, onOpenChange, mode = 'create', measurement } = props
  const guard = useRef<DialogGuard | null>(null)
  const editing = mode === 'edit' && measurement !== undefined
  const title = editing ? 'Edit measurement' : 'New Measurement'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fm-overlay fixed inset-0 z-50 bg-stone-950/60" />
        <RadixDialog.Content
          aria-describedby="add-measurement-description"
          className="fm-dialog fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-x-4 sm:inset-y-6 sm:mx-auto sm:max-w-3xl sm:rounded-2xl"
          // A tap beside the window must not throw away a half-typed score sheet.
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (guard.current && !guard.current.canClose()) event.preventDefault()
          }}
        >
          <header className="flex items-start gap-3 border-b border-stone-200 px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-xl font-bold text-stone-900">{title}</RadixDialog.Title>
              <RadixDialog.Description id="add-measurement-description" className="text-sm text-stone-700">
                {editing
                  ? `${measurement.species}: change anything and save; the server scores it again.`
                  : 'Add photos, pick the species, enter or measure the values, and save.'}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <Suspense fallback={<Loading fullScreen={false} />}>
            <MeasurementForm
              mode={editing ? 'edit' : 'create'}
              measurement={editing ? measurement : undefined}
              startWith={props.startWith ?? null}
              initialPhoto={props.initialPhoto}
              initialReference={props.initialReference}
              initialMeasured={props.initialMeasured}
              guard={guard}
              onClose={() => onOpenChange(false)}
            />
          </Suspense>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </Dialog>
  )
}
