import Ellipsis from 'lucide-react/icons/ellipsis'
import type { ComponentType } from 'react'
import { deferred, useDeferredMenu } from '#client/lib/deferred.ts'

export type MoreMenuItem = {
  label: string
  icon: ComponentType<{ className?: string }>
  /** a page of the app to open, or… */
  href?: string
  /** …something to do */
  onSelect?: () => void
  tone?: 'danger'
}

/** The '…' button's look, shared by the stand-in below and the real trigger (more-menu-dropdown.tsx). */
export const MORE_BUTTON_CLASS =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 hover:text-stone-950 data-[state=open]:bg-stone-100'

// A Radix dropdown, loaded when a '…' button is first reached for (the same way as the card's Share menu).
const dropdown = deferred(() => import('./more-menu-dropdown.tsx'))

/** A '…' menu of a post, a comment or a profile: View details, Report, Block… */
export function MoreMenu({ label, items }: { label: string; items: MoreMenuItem[] }) {
  const { module, standIn, takeOver } = useDeferredMenu(dropdown)
  if (module) return <module.MoreMenuDropdown label={label} items={items} takeOver={takeOver} />
  return (
    <button {...standIn} aria-label={label} className={MORE_BUTTON_CLASS}>
      <Ellipsis className="size-5" aria-hidden="true" />
    </button>
  )
}
