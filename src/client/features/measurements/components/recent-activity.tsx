import ChevronRight from 'lucide-react/icons/chevron-right'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { relativeAgeInSentence } from '#client/lib/relative-age.ts'
import type { Measurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { coverPhoto, MeasurementPhoto } from './measurement-photo.tsx'
import { measurementRows } from './measurement-rows.ts'
import { TrophyClassBadge } from './trophy-class-badge.tsx'

export const RECENT_ACTIVITY = 3

/** docs/product.md §2 'Recent Activity' with a 'Latest N' badge: the newest measurements as a compact list. */
export function RecentActivity({ items, units }: { items: Measurement[]; units: UnitSystem }) {
  const shown = items.slice(0, RECENT_ACTIVITY)
  return (
    <section
      aria-labelledby="recent-activity-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <h2 id="recent-activity-title" className="text-xl font-bold text-stone-900">
          Recent Activity
        </h2>
        <span className="rounded-full bg-pine-100 px-2.5 py-0.5 text-xs font-semibold text-pine-900">
          Latest {shown.length}
        </span>
      </div>
      <ul className="mt-3 divide-y divide-stone-100">
        {shown.map((m) => {
          const rows = measurementRows(m, units)
          const first = rows.find((r) => r.label === 'Score') ?? rows.find((r) => r.label === 'Weight') ?? rows[0]
          return (
            <li key={m.id}>
              <Link
                href={paths.measurement.href(m.id)}
                className="group flex items-center gap-3 rounded-lg py-2.5 hover:bg-stone-50 sm:px-2"
              >
                <MeasurementPhoto
                  photo={coverPhoto(m)}
                  size="thumb"
                  alt=""
                  className="size-12 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words text-stone-900 group-hover:underline sm:truncate">
                    {m.species}
                  </span>
                  <span className="block text-sm text-stone-700 sm:truncate">
                    {first ? `${first.label} ${first.value} · ` : ''}
                    taken {relativeAgeInSentence(m.takenAt)}
                  </span>
                </span>
                <TrophyClassBadge trophyClass={m.trophyClass} />
                <ChevronRight className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
