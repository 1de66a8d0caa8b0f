import Camera from 'lucide-react/icons/camera'
import Upload from 'lucide-react/icons/upload'
import { Button } from '#client/components/button.tsx'
import { addMeasurementIntent } from '#client/features/measurements/index.ts'

/** How the add dialog starts: the camera (phones) or the file picker. */
export type AddMeasurementStart = { startWith: 'camera' | 'upload' }

/** docs/product.md §2: 'Measure Your Trophy' with 'Take Photo' and 'Upload Image'; both open the add dialog. */
export function DashboardHero({ onAddMeasurement }: { onAddMeasurement: (start: AddMeasurementStart) => void }) {
  return (
    <section
      aria-labelledby="dashboard-hero-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-pine-900 via-pine-800 to-pine-700 p-6 text-white shadow-sm sm:p-10"
    >
      <svg
        viewBox="0 0 400 160"
        preserveAspectRatio="xMaxYMax slice"
        className="pointer-events-none absolute inset-y-0 right-0 hidden h-full w-1/2 md:block"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M0 160 L80 90 L130 120 L210 40 L280 110 L330 80 L400 120 V160 Z" fill="#ffffff" fillOpacity="0.06" />
        <path d="M60 160 L150 105 L200 130 L290 70 L360 125 L400 110 V160 Z" fill="#ffffff" fillOpacity="0.08" />
        <circle cx="300" cy="42" r="16" fill="none" stroke="#fbbf24" strokeOpacity="0.5" strokeWidth="2" />
        <path
          d="M300 18 V30 M300 54 V66 M276 42 H288 M312 42 H324"
          stroke="#fbbf24"
          strokeOpacity="0.5"
          strokeWidth="2"
        />
      </svg>
      <h1 id="dashboard-hero-title" className="relative text-3xl font-extrabold tracking-tight sm:text-4xl">
        Measure Your Trophy
      </h1>
      <p className="relative mt-3 max-w-xl text-pine-100">
        Take a photo with a credit card or a quarter in the frame, or upload one you already have. We measure it and
        score it the way the record books do.
      </p>
      <div className="relative mt-6 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="accent"
          size="lg"
          onClick={() => onAddMeasurement({ startWith: 'camera' })}
          {...addMeasurementIntent}
        >
          <Camera className="size-5" aria-hidden="true" />
          Take Photo
        </Button>
        <Button
          variant="inverse"
          size="lg"
          onClick={() => onAddMeasurement({ startWith: 'upload' })}
          {...addMeasurementIntent}
        >
          <Upload className="size-5" aria-hidden="true" />
          Upload Image
        </Button>
      </div>
    </section>
  )
}
