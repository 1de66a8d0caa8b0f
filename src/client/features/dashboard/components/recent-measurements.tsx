import Ruler from 'lucide-react/icons/ruler'
import { Link } from 'wouter'
import { paths } from '../../../app/paths.ts'
import { Button } from '../../../components/button.tsx'

/**
 * Spec §2 'Recent Measurements' (3 cards). No measurement can be recorded yet, so this shows the empty
 * state; the measurements work adds the query and the cards.
 */
export function RecentMeasurements({ onAddMeasurement }: { onAddMeasurement: () => void }) {
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-title" className="text-xl font-bold text-stone-900">
          Recent Measurements
        </h2>
        <Link
          href={paths.measurements}
          className="text-sm font-semibold whitespace-nowrap text-pine-800 underline-offset-4 hover:underline"
        >
          View All
        </Link>
      </div>
      <div className="mt-6 flex flex-col items-center rounded-xl border-2 border-dashed border-stone-300 px-6 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
          <Ruler className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 font-semibold text-stone-900">No measurements yet</p>
        <p className="mt-1 max-w-sm text-sm text-stone-700">
          Your measured trophies and catches will appear here, with their scores.
        </p>
        <Button className="mt-5" onClick={onAddMeasurement}>
          Add First Measurement
        </Button>
      </div>
    </section>
  )
}
