import * as RadixDialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'

export const Dialog = RadixDialog.Root
export const DialogTrigger = RadixDialog.Trigger
export const DialogClose = RadixDialog.Close

type DialogContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content> & {
  children: ReactNode
  /** Hides the corner close button (e.g. while a request is running). */
  hideClose?: boolean
  size?: 'md' | 'lg'
}

/**
 * A centred modal. The overlay is the scroll container, so a tall dialog scrolls on a small phone
 * instead of being cut off.
 */
export function DialogContent({ children, hideClose, size = 'md', className = '', ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fm-overlay fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-stone-950/60 p-3 sm:p-6">
        <RadixDialog.Content
          className={`fm-dialog relative w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'} rounded-2xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6 ${className}`}
          {...props}
        >
          {children}
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded-md p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Overlay>
    </RadixDialog.Portal>
  )
}

export function DialogTitle({ className = '', ...props }: ComponentPropsWithoutRef<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={`pr-8 text-xl font-bold text-stone-900 ${className}`} {...props} />
}

export function DialogDescription({
  className = '',
  ...props
}: ComponentPropsWithoutRef<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={`mt-1 text-sm text-stone-700 ${className}`} {...props} />
}
