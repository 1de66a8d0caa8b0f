import Camera from 'lucide-react/icons/camera'
import House from 'lucide-react/icons/house'
import Ruler from 'lucide-react/icons/ruler'
import Users from 'lucide-react/icons/users'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { addMeasurementIntent } from '#client/features/measurements/components/add-measurement.tsx'
import { isActive } from './nav-links.ts'

type Item = { href: string; label: string; Icon: typeof House }

const ITEMS: Item[] = [
  { href: paths.home, label: 'Home', Icon: House },
  { href: paths.measurements, label: 'Measures', Icon: Ruler },
  { href: paths.community, label: 'Community', Icon: Users },
]

const ITEM_CLASS = 'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium'

type Props = { onCapture: () => void; assistant: ReactNode }

/**
 * The mobile bottom bar: Home, Measures, Capture (back to / with the add dialog open), Community; then the
 * Hunting Assistant's button, which has its place here so that it never covers the page.
 */
export function BottomBar({ onCapture, assistant }: Props) {
  const [location, navigate] = useLocation()
  const link = ({ href, label, Icon }: Item) => {
    const active = isActive(href, location)
    return (
      <Link
        key={href}
        href={href}
        aria-current={active ? 'page' : undefined}
        className={`${ITEM_CLASS} ${active ? 'text-pine-800' : 'text-stone-600 hover:text-stone-900'}`}
      >
        <Icon className="my-1 size-5" aria-hidden="true" />
        {label}
      </Link>
    )
  }
  const [home, measures, community] = ITEMS as [Item, Item, Item]
  return (
    <nav
      aria-label="Quick"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-md">
        {link(home)}
        {link(measures)}
        <button
          type="button"
          onClick={() => {
            if (location !== paths.home) navigate(paths.home)
            onCapture()
          }}
          className={`${ITEM_CLASS} text-stone-600 hover:text-stone-900`}
          {...addMeasurementIntent}
        >
          {/* Inside the bar, not raised above it: nothing of the bar covers the page. */}
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-pine-700 text-white">
            <Camera className="size-4" aria-hidden="true" />
          </span>
          Capture
        </button>
        {link(community)}
        {assistant}
      </div>
    </nav>
  )
}
