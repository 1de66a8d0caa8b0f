import CircleUserRound from 'lucide-react/icons/circle-user-round'
import { Link, useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'

export const PROFILE_LINK_LABEL = 'My Profile'

/**
 * On wide screens the member's own profile is one click away in the header (phones: the avatar menu). Beside the
 * full row of links (xl) only its icon shows, so the header still fits 1280 px.
 */
export function ProfileLink({ userId }: { userId: string }) {
  const [location] = useLocation()
  const href = paths.profile.href(userId)
  const active = location === href
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      title={PROFILE_LINK_LABEL}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm xl:max-2xl:size-10 xl:max-2xl:justify-center xl:max-2xl:rounded-full xl:max-2xl:p-0 font-medium whitespace-nowrap max-md:hidden ${active ? 'bg-pine-100 text-pine-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'}`}
    >
      <CircleUserRound className="size-4 xl:max-2xl:size-5" aria-hidden="true" />
      <span className="xl:max-2xl:sr-only">{PROFILE_LINK_LABEL}</span>
    </Link>
  )
}
