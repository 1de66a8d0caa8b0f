import { Avatar } from '#client/components/avatar.tsx'
import { deferred, useDeferredMenu } from '#client/lib/deferred.ts'
import type { AuthUser } from '#shared/schemas/access.ts'

type Props = { user: AuthUser; onSignOut: () => void }

/** The avatar button's look, shared by the stand-in below and the real trigger (avatar-dropdown.tsx). */
export const ACCOUNT_TRIGGER_CLASS =
  'rounded-full ring-offset-2 hover:ring-2 hover:ring-pine-300 data-[state=open]:ring-2 data-[state=open]:ring-pine-500'

// The menu is a Radix dropdown: it loads when the avatar is reached for, not with every page of the app.
const dropdown = deferred(() => import('./avatar-dropdown.tsx'))

export function AvatarMenu({ user, onSignOut }: Props) {
  const { module, standIn, takeOver } = useDeferredMenu(dropdown)
  if (module) return <module.AvatarDropdown user={user} onSignOut={onSignOut} takeOver={takeOver} />
  return (
    <button {...standIn} aria-label="Account menu" className={ACCOUNT_TRIGGER_CLASS}>
      <Avatar user={user} />
    </button>
  )
}
