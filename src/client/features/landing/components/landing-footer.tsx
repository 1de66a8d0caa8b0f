import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { landingContent } from '../content.ts'

export function LandingFooter() {
  const copy = landingContent.footer
  return (
    <footer className="bg-pine-950 px-4 py-10 text-pine-100 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <div className="flex items-center gap-2 text-white">
            <BrandMark className="size-7" />
            <BrandName />
          </div>
          <p className="mt-2 text-sm">{copy.tagline}</p>
        </div>
        <div className="text-sm sm:text-right">
          <p>{copy.support}</p>
          <p className="mt-1">
            {copy.copyright} {new Date().getFullYear()}
          </p>
        </div>
      </div>
    </footer>
  )
}
