import { Suspense, useCallback, useState } from 'react'
import { useLocation } from 'wouter'
import { signInHref } from '#client/app/paths.ts'
import { preloadToaster } from '#client/components/toast-host.tsx'
import { RequestAccessButton } from '#client/features/landing/components/request-access-button.tsx'
import { SharedLayout } from '#client/features/share/components/shared-layout.tsx'
import SharePage from '#client/features/share/pages/share-page.tsx'
import { lazyWithPreload } from '#client/lib/lazy.ts'

const RequestAccessDialog = lazyWithPreload(
  () => import('#client/features/access/components/request-access-dialog.tsx'),
)

function preloadDialog() {
  RequestAccessDialog.preload().catch(() => {})
  preloadToaster()
}

/**
 * /share/{id} outside the app: the public measurement, and for signed-out visitors an invitation to request
 * access (the landing page's dialog). Members who are not approved yet see the measurement only.
 */
export default function ShareScreen({ invite = true }: { invite?: boolean }) {
  const [location] = useLocation()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const openDialog = useCallback(() => {
    setMounted(true)
    setOpen(true)
  }, [])
  return (
    <SharedLayout signInHref={invite ? signInHref(location) : undefined}>
      <SharePage>
        {invite ? (
          <section
            aria-labelledby="invite-title"
            className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-br from-pine-900 to-pine-700 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8"
          >
            <div>
              <h2 id="invite-title" className="text-xl font-bold">
                Measure and score your own trophies
              </h2>
              <p className="mt-1 max-w-xl text-pine-100">
                Fieldmark measures a trophy or a catch from a photo and scores it the way the record books do. It is
                invite-only while in beta.
              </p>
            </div>
            <RequestAccessButton
              label="Request Access"
              onRequestAccess={openDialog}
              onRequestAccessIntent={preloadDialog}
            />
          </section>
        ) : null}
      </SharePage>
      {mounted ? (
        <Suspense fallback={null}>
          <RequestAccessDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </SharedLayout>
  )
}
