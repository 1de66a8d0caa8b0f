import CircleUserRound from 'lucide-react/icons/circle-user-round'
import { Link, useLocation } from 'wouter'
import { paths } from '../paths.ts'

export const PROFILE_LINK_LABEL = 'My Profile'

/** On wide screens the member's own profile is one click away in the header (phones: the avatar menu). */
export function ProfileLink({ userId }: { userId: string }) {
  const [location] = useLocation()
  const href = paths.profile.href(userId)
  const active = location === href
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap max-md:hidden ${active ? 'bg-pine-100 text-pine-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'}`}
    >
      <CircleUserRound className="size-4" aria-hidden="true" />
      {PROFILE_LINK_LABEL}
    </Link>
  )
}
