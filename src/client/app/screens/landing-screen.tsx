import { Suspense, useCallback, useState } from 'react'
import { preloadToaster } from '#client/components/toast-host.tsx'
import { betaLogin } from '#client/features/auth/api.ts'
import { LandingPage } from '#client/features/landing/pages/landing-page.tsx'
import { lazyWithPreload } from '#client/lib/lazy.ts'

/**
 * The access feature's dialog. Its code (Radix Dialog + Select, the shared zod schema) is fetched when a
 * Request Access button is hovered, focused or touched, not with the page: the landing page stays light.
 */
const RequestAccessDialog = lazyWithPreload(
  () => import('#client/features/access/components/request-access-dialog.tsx'),
)

function preloadDialog() {
  RequestAccessDialog.preload().catch(() => {})
  preloadToaster()
}

/** Signed-out '/': the landing page composed with the Request Access dialog. */
export default function LandingScreen() {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)

  const openDialog = useCallback(() => {
    setMounted(true)
    setOpen(true)
  }, [])

  return (
    <>
      <LandingPage onRequestAccess={openDialog} onRequestAccessIntent={preloadDialog} onBetaLogin={betaLogin} />
      {mounted ? (
        <Suspense fallback={null}>
          <RequestAccessDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
