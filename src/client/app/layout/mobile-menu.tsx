import Menu from 'lucide-react/icons/menu'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useLatch } from '#client/lib/deferred.ts'
import type { NavLink } from './nav-links.ts'

// The sheet is a Radix dialog: its code loads when the hamburger is reached for, not with every page.
const loadSheet = () => import('./mobile-menu-sheet.tsx')
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })))
const preload = () => void loadSheet().catch(() => {})

type Props = { links: NavLink[]; profileHref: string; onSignOut: () => void }

/** Below the extra-large breakpoint the header links live in a sheet opened by the hamburger. */
export function MobileMenu({ links, profileHref, onSignOut }: Props) {
  const [open, setOpen] = useState(false)
  const opened = useLatch(open)
  const trigger = useRef<HTMLButtonElement>(null)
  const id = useId()
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        className="inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 xl:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            id={id}
            open={open}
            onOpenChange={setOpen}
            links={links}
            profileHref={profileHref}
            onSignOut={onSignOut}
            trigger={trigger}
          />
        </Suspense>
      ) : null}
    </>
  )
}
