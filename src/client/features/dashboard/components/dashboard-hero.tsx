import Camera from 'lucide-react/icons/camera'
import Upload from 'lucide-react/icons/upload'
import { Button } from '../../../components/button.tsx'

export function DashboardHero({ onAddMeasurement }: { onAddMeasurement: () => void }) {
  return (
    <section
      aria-labelledby="dashboard-hero-title"
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-pine-900 via-pine-800 to-pine-700 p-6 text-white shadow-sm sm:p-10"
    >
      <h1 id="dashboard-hero-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        Measure Your Trophy
      </h1>
      <p className="mt-3 max-w-xl text-pine-100">
        Take a photo with a credit card or a quarter in the frame, or upload one you already have. We measure it and
        score it the way the record books do.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button variant="accent" size="lg" onClick={onAddMeasurement}>
          <Camera className="size-5" aria-hidden="true" />
          Take Photo
        </Button>
        <Button variant="inverse" size="lg" onClick={onAddMeasurement}>
          <Upload className="size-5" aria-hidden="true" />
          Upload Image
        </Button>
      </div>
    </section>
  )
}
