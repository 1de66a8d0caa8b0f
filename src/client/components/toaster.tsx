import * as Toast from '@radix-ui/react-toast'
import X from 'lucide-react/icons/x'
import { Link } from 'wouter'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '#shared/constants.ts'
import { dismissToast, useToasts } from './toast-store.ts'

/** docs/product.md §9: F8 moves focus to the notifications region. */
const TOAST_HOTKEY = ['F8']

const VARIANT_CLASSES = {
  default: 'border-stone-200 bg-white text-stone-900',
  destructive: 'border-red-800 bg-red-700 text-white',
}

/** Radix toasts with the docs/product.md §9 constants: 5 s, swipe right past 50 px, F8 focuses the region. */
export default function Toaster() {
  const toasts = useToasts()
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`fm-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${VARIANT_CLASSES[t.variant ?? 'default']}`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description>
            ) : null}
            {t.action ? (
              <Toast.Action altText={t.action.altText} asChild>
                <Link
                  href={t.action.href}
                  className="mt-1 inline-flex h-9 w-fit items-center rounded-lg border border-current px-3 text-sm font-semibold underline-offset-4 hover:underline"
                >
                  {t.action.label}
                </Link>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:right-4 sm:bottom-4 sm:p-0"
      />
    </Toast.Provider>
  )
}
