import * as RadixDialog from '@radix-ui/react-dialog'
import CircleUserRound from 'lucide-react/icons/circle-user-round'
import LogOut from 'lucide-react/icons/log-out'
import Settings from 'lucide-react/icons/settings'
import X from 'lucide-react/icons/x'
import type { RefObject } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { isActive, type NavLink } from './nav-links.ts'
import { PROFILE_LINK_LABEL } from './profile-link.tsx'

type Props = {
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
  links: NavLink[]
  /** the member's own profile */
  profileHref: string
  onSignOut: () => void
  /** the hamburger (mobile-menu.tsx), which gets the focus back when the sheet closes */
  trigger: RefObject<HTMLButtonElement | null>
}

/** The sheet of the mobile menu (mobile-menu.tsx): loaded when the hamburger is reached for, with Radix. */
export function MobileMenuSheet({ id, open, onOpenChange: setOpen, links, profileHref, onSignOut, trigger }: Props) {
  const [location] = useLocation()
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fm-overlay fixed inset-0 z-50 bg-stone-950/50" />
        <RadixDialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
          className="fm-sheet fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <RadixDialog.Title className="flex items-center gap-2 text-pine-900">
              <BrandMark className="size-7" />
              <BrandName />
              <span className="sr-only">menu</span>
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
            <ul className="grid gap-1">
              {links.map((link) => {
                const active = isActive(link.href, location, profileHref)
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={() => setOpen(false)}
                      aria-current={active ? 'page' : undefined}
                      className={`block rounded-lg px-3 py-2.5 font-medium ${active ? 'bg-pine-100 text-pine-900' : 'text-stone-800 hover:bg-stone-100'}`}
                    >
                      {link.label}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
          <div className="grid gap-1 border-t border-stone-200 p-3">
            {[
              { href: profileHref, label: PROFILE_LINK_LABEL, Icon: CircleUserRound },
              { href: paths.settings, label: 'Settings', Icon: Settings },
            ].map(({ href, label, Icon }) => (
              <Link
                key={href}
                href={href}
                onClick={() => setOpen(false)}
                aria-current={location === href ? 'page' : undefined}
                className={`flex w-full items-center gap-2 rounded-lg px-3 py-2.5 font-medium ${location === href ? 'bg-pine-100 text-pine-900' : 'text-stone-800 hover:bg-stone-100'}`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            ))}
            <button
              type="button"
              onClick={onSignOut}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-stone-800 hover:bg-stone-100"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Sign Out
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
