import * as RadixDialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import { Dialog } from '#client/components/dialog.tsx'
import { MeasuringTool } from './measuring-tool.tsx'
import type { MeasuringToolDialogProps } from './types.ts'

/**
 * The measuring tool in a dialog: full screen on a phone, a large window on a desktop. Its state lives in the
 * content, so closing the dialog starts the next opening afresh.
 */
export function MeasuringToolDialog({ open, onOpenChange, ...tool }: MeasuringToolDialogProps) {
  const title = tool.target ? `Measure ${tool.target.label}` : 'Measure a photo'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fm-overlay fixed inset-0 z-50 bg-stone-950/60" />
        <RadixDialog.Content
          className="fm-dialog fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-4 sm:rounded-2xl lg:inset-x-[max(2rem,calc((100vw-80rem)/2))] lg:inset-y-8"
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <header className="flex items-start gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-lg font-bold text-stone-900 sm:text-xl">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Description className="sr-only text-sm text-stone-700 sm:not-sr-only">
                Calibrate with a reference of known size in the photo, then mark what to measure.
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <div className="flex min-h-0 flex-1 flex-col">
            <MeasuringTool {...tool} />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </Dialog>
  )
}
