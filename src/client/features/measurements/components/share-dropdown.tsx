import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import ChevronDown from 'lucide-react/icons/chevron-down'
import Copy from 'lucide-react/icons/copy'
import Eye from 'lucide-react/icons/eye'
import Lock from 'lucide-react/icons/lock'
import Share2 from 'lucide-react/icons/share-2'
import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import type { TakeOver } from '#client/lib/deferred.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { isOpenToOthers, type Shareable } from '../share.ts'
import { type LinkShare, shareOnInstagram } from '../share-actions.ts'
import { FacebookMark, InstagramMark, TwitterMark } from './network-icons.tsx'
import { SHARE_OPTIONS_CLASS } from './share-menu.tsx'

type Props = {
  item: Shareable
  units: UnitSystem
  showViewDetails: boolean
  takeOver: TakeOver
  /** shares the link, first warning when the measurement is not public (share-menu.tsx) */
  onShare: (action: LinkShare) => void
}

const ITEM =
  'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-stone-800 outline-none select-none data-[highlighted]:bg-stone-100'

/**
 * docs/product.md §2: the Share button's menu (View Details, Copy Link, Facebook, Twitter, Instagram, More Options), a Radix
 * dropdown loaded when its button is first reached for (share-menu.tsx).
 */
export function ShareDropdown({ item, units, showViewDetails, takeOver, onShare }: Props) {
  const [, navigate] = useLocation()
  const trigger = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes over from the stand-in
  useEffect(() => {
    if (takeOver.focus && !takeOver.open) trigger.current?.focus()
  }, [])
  return (
    <DropdownMenu.Root modal={false} defaultOpen={takeOver.open}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={`Share options for ${item.species}`}
        className={SHARE_OPTIONS_CLASS}
      >
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          {showViewDetails ? (
            <MenuItem onSelect={() => navigate(paths.measurement.href(item.id))} icon={<Eye className="size-4" />}>
              View Details
            </MenuItem>
          ) : null}
          <MenuItem onSelect={() => onShare('copy-link')} icon={<Copy className="size-4" />}>
            Copy Link
          </MenuItem>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <MenuItem onSelect={() => onShare('facebook')} icon={<FacebookMark className="size-4" />}>
            Share on Facebook
          </MenuItem>
          <MenuItem onSelect={() => onShare('twitter')} icon={<TwitterMark className="size-4" />}>
            Share on Twitter
          </MenuItem>
          <MenuItem onSelect={() => void shareOnInstagram(item, units)} icon={<InstagramMark className="size-4" />}>
            Share on Instagram
          </MenuItem>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <MenuItem onSelect={() => onShare('share')} icon={<Share2 className="size-4" />}>
            More Options
          </MenuItem>
          {isOpenToOthers(item) ? null : (
            <DropdownMenu.Label className="mt-1 flex gap-2 rounded-md bg-amber-50 px-2.5 py-2 text-xs text-amber-950">
              <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              Only public measurements can be opened by others.
            </DropdownMenu.Label>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

function MenuItem({ onSelect, icon, children }: { onSelect: () => void; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={ITEM}>
      <span className="inline-flex size-4 shrink-0 text-stone-600" aria-hidden="true">
        {icon}
      </span>
      {children}
    </DropdownMenu.Item>
  )
}
