import ClipboardList from 'lucide-react/icons/clipboard-list'
import type { Species } from '#shared/species/types.ts'

/** Upland birds, waterfowl and small game: no record book scores them, so say so and list what to record. */
export function NoChartCard({ species }: { species: Species }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-stone-100 text-stone-700">
        <ClipboardList className="size-6" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold text-stone-900">No official record-book score for the {species.name}.</p>
        <p className="mt-1 text-sm text-stone-700">
          No record book (Boone &amp; Crockett, Pope &amp; Young, SCI or NWTF) keeps a scoring chart for it, so there is
          nothing to calculate. Record these instead, to compare your birds or game with others:
        </p>
        <ul className="mt-3 grid gap-1.5 text-sm">
          {species.measurements.map((m) => (
            <li key={m} className="flex items-center gap-2 text-stone-800">
              <span className="size-1.5 rounded-full bg-pine-600" aria-hidden="true" />
              {m}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-stone-700">
          Weigh on a scale when you can, and write the date and place with each measurement.
        </p>
      </div>
    </div>
  )
}
