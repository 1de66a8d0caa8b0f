import Plus from 'lucide-react/icons/plus'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { Button } from '#client/components/button.tsx'
import { addMeasurementIntent } from '#client/features/measurements/components/add-measurement.tsx'
import type { AuthUser } from '#shared/schemas/access.ts'
import { AvatarMenu } from './avatar-menu.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { isActive, navLinks } from './nav-links.ts'
import { NotificationBell } from './notification-bell.tsx'
import { ProfileLink } from './profile-link.tsx'

type Props = {
  user: AuthUser
  onAddMeasurement: () => void
  onSignOut: () => void
  /** the Hunting Assistant's header button (wide screens; phones have it in the bottom bar) */
  assistant: ReactNode
}

export function AppHeader({ user, onAddMeasurement, onSignOut, assistant }: Props) {
  const [location] = useLocation()
  const links = navLinks(user.isAdmin)
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 xl:gap-3">
        <Link href={paths.home} className="flex items-center gap-2 rounded-lg text-pine-900">
          <BrandMark />
          <BrandName />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 xl:block">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => {
              const active = isActive(link.href, location, paths.profile.href(user.id))
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    className={`rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap ${active ? 'bg-pine-100 text-pine-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'}`}
                  >
                    {link.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        {/* shrink-0: the controls keep their size; a header too full overflows, which the phone-layout e2e catches. */}
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 xl:gap-1">
          <NotificationBell />
          {assistant}
          <Button size="sm" className="max-sm:hidden" onClick={onAddMeasurement} {...addMeasurementIntent}>
            <Plus className="size-4 xl:max-2xl:hidden" aria-hidden="true" />
            New Measurement
          </Button>
          <ProfileLink userId={user.id} />
          <AvatarMenu user={user} onSignOut={onSignOut} />
          <MobileMenu links={links} profileHref={paths.profile.href(user.id)} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  )
}
