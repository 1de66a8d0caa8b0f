import { landingContent } from '../content.ts'
import { DemoCard } from './demo-card.tsx'
import { RequestAccessButton, type RequestAccessHandlers } from './request-access-button.tsx'

type Props = RequestAccessHandlers

export function HeroSection({ onRequestAccess, onRequestAccessIntent }: Props) {
  const copy = landingContent.hero
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-pine-950 via-pine-900 to-pine-700 px-4 pt-24 pb-16 text-white sm:px-6 sm:pt-32 sm:pb-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="mb-4 inline-flex rounded-full border border-amber-300/50 bg-amber-300/10 px-3 py-1 text-sm font-medium text-amber-200">
            {copy.eyebrow}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            {copy.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pine-100">{copy.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <RequestAccessButton
              label={copy.primaryCta}
              onRequestAccess={onRequestAccess}
              onRequestAccessIntent={onRequestAccessIntent}
            />
          </div>
          <p className="mt-4 text-sm text-pine-200">{copy.note}</p>
        </div>
        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <DemoCard />
        </div>
      </div>
    </section>
  )
}
