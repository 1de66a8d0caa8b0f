import ChevronDown from 'lucide-react/icons/chevron-down'
import Share2 from 'lucide-react/icons/share-2'
import { lazy, Suspense, useState } from 'react'
import { deferred, useDeferredMenu, useLatch } from '#client/lib/deferred.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { isOpenToOthers } from '../share.ts'
import { type LinkShare, runLinkShare } from '../share-actions.ts'
import type { PrivateShareItem } from './private-share-dialog.tsx'

type Props = { item: PrivateShareItem; units: UnitSystem; showViewDetails?: boolean }

/** The menu button's look, shared by the stand-in below and the real trigger (share-dropdown.tsx). */
export const SHARE_OPTIONS_CLASS =
  'inline-flex h-9 w-8 items-center justify-center rounded-r-lg border border-l-0 border-stone-300 bg-white text-stone-700 hover:bg-stone-100 data-[state=open]:bg-stone-100'

// The menu is a Radix dropdown (about 30 kB gzip with its popper): it loads when a card's menu button is first
// reached for, not with every page that shows cards.
const dropdown = deferred(() => import('./share-dropdown.tsx'))
const PrivateShareDialog = lazy(() => import('./private-share-dialog.tsx'))

/** docs/product.md §2: the 'Share' button and its menu (View Details, Copy Link, Facebook, Twitter, Instagram, More Options). */
export function ShareControls({ item, units, showViewDetails = true }: Props) {
  const { module, standIn, takeOver } = useDeferredMenu(dropdown)
  // A link to a measurement that is not public opens for nobody: the member is told before it goes out.
  const [asking, setAsking] = useState<{ open: boolean; action: LinkShare }>({ open: false, action: 'share' })
  const opened = useLatch(asking.open)
  const share = (action: LinkShare) =>
    isOpenToOthers(item) ? runLinkShare(action, item, units) : setAsking({ open: true, action })
  return (
    <div className="inline-flex shrink-0 rounded-lg shadow-xs">
      <button
        type="button"
        onClick={() => share('share')}
        className="inline-flex h-9 items-center gap-1.5 rounded-l-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100"
      >
        <Share2 className="size-4" aria-hidden="true" />
        Share<span className="sr-only"> {item.species}</span>
      </button>
      {module ? (
        <module.ShareDropdown
          item={item}
          units={units}
          showViewDetails={showViewDetails}
          takeOver={takeOver}
          onShare={share}
        />
      ) : (
        <button {...standIn} aria-label={`Share options for ${item.species}`} className={SHARE_OPTIONS_CLASS}>
          <ChevronDown className="size-4" aria-hidden="true" />
        </button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <PrivateShareDialog
            open={asking.open}
            onOpenChange={(open) => setAsking((a) => ({ ...a, open }))}
            item={item}
            action={asking.action}
            units={units}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
