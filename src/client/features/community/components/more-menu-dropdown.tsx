import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import Ellipsis from 'lucide-react/icons/ellipsis'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import type { TakeOver } from '#client/lib/deferred.ts'
import { MORE_BUTTON_CLASS, type MoreMenuItem } from './more-menu.tsx'

type Props = { label: string; items: MoreMenuItem[]; takeOver: TakeOver }

const ITEM =
  'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-stone-100'

export function MoreMenuDropdown({ label, items, takeOver }: Props) {
  const [, navigate] = useLocation()
  const trigger = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes over from the stand-in
  useEffect(() => {
    if (takeOver.focus && !takeOver.open) trigger.current?.focus()
  }, [])
  return (
    <DropdownMenu.Root modal={false} defaultOpen={takeOver.open}>
      <DropdownMenu.Trigger ref={trigger} aria-label={label} className={MORE_BUTTON_CLASS}>
        <Ellipsis className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-56 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          {items.map(({ label: text, icon: Icon, href, onSelect, tone }) => (
            <DropdownMenu.Item
              key={text}
              onSelect={() => (href ? navigate(href) : onSelect?.())}
              className={`${ITEM} ${tone === 'danger' ? 'text-red-800' : 'text-stone-800'}`}
            >
              <span
                aria-hidden="true"
                className={`inline-flex ${tone === 'danger' ? 'text-red-700' : 'text-stone-600'}`}
              >
                <Icon className="size-4 shrink-0" />
              </span>
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
