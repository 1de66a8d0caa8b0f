import Ruler from 'lucide-react/icons/ruler'
import { Button } from '#client/components/button.tsx'
import { addMeasurementIntent } from './add-measurement.tsx'

type Props = { action: string; onAction: () => void; headingLevel?: 2 | 3 }

/**
 * docs/product.md §2 empty state: 'No measurements yet', with 'Take First Measurement' or 'Add First Measurement' (both open
 * the add dialog, whose code starts loading as the member reaches for the button).
 */
export function EmptyCollection({ action, onAction, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
        <Ruler className="size-6" aria-hidden="true" />
      </span>
      <Heading className="mt-4 font-semibold text-stone-900">No measurements yet</Heading>
      <p className="mt-1 max-w-sm text-sm text-stone-700">
        Your measured trophies and catches will appear here, with their scores.
      </p>
      <Button className="mt-5" onClick={onAction} {...addMeasurementIntent}>
        {action}
      </Button>
    </div>
  )
}
