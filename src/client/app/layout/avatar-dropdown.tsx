import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import CircleUserRound from 'lucide-react/icons/circle-user-round'
import LogOut from 'lucide-react/icons/log-out'
import Settings from 'lucide-react/icons/settings'
import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Avatar } from '#client/components/avatar.tsx'
import type { TakeOver } from '#client/lib/deferred.ts'
import { displayName, fullName } from '#client/lib/user-name.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { ACCOUNT_TRIGGER_CLASS } from './avatar-menu.tsx'
import { PROFILE_LINK_LABEL } from './profile-link.tsx'

type Props = { user: AuthUser; onSignOut: () => void; takeOver: TakeOver }

const ITEM_CLASS =
  'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm text-stone-800 outline-none select-none data-[highlighted]:bg-stone-100'

/** The account menu (My Profile, Settings, Sign Out), a Radix dropdown loaded when the avatar is first reached for. */
export function AvatarDropdown({ user, onSignOut, takeOver }: Props) {
  const name = fullName(user)
  const trigger = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes over from the stand-in
  useEffect(() => {
    if (takeOver.focus && !takeOver.open) trigger.current?.focus()
  }, [])
  return (
    <DropdownMenu.Root modal={false} defaultOpen={takeOver.open}>
      <DropdownMenu.Trigger ref={trigger} aria-label="Account menu" className={ACCOUNT_TRIGGER_CLASS}>
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <Avatar user={user} className="size-10" />
            <span className="min-w-0">
              <span className="block font-semibold break-words text-stone-900">{displayName(user)}</span>
              {name ? <span className="block text-sm break-all text-stone-600">{user.email}</span> : null}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <DropdownMenu.Item asChild>
            <Link href={paths.profile.href(user.id)} className={ITEM_CLASS}>
              <CircleUserRound className="size-4" aria-hidden="true" />
              {PROFILE_LINK_LABEL}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link href={paths.settings} className={ITEM_CLASS}>
              <Settings className="size-4" aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onSignOut} className={ITEM_CLASS}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
