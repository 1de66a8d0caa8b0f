import Check from 'lucide-react/icons/check'
import { landingContent } from '../content.ts'
import { LandingIcon } from './landing-icon.tsx'

export function WhyUsSection() {
  const copy = landingContent.whyUs
  return (
    <section aria-labelledby="why-title" className="bg-pine-50 px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div>
          <h2 id="why-title" className="text-3xl font-bold text-stone-900">
            {copy.title}
          </h2>
          <ul className="mt-6 grid gap-3">
            {copy.points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-stone-800">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-pine-700 text-white">
                  <Check className="size-4" aria-hidden="true" />
                </span>
                {point}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm font-medium text-pine-800">
            {copy.community} · {copy.support}
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-4">
          {copy.cards.map((card) => (
            <li key={card.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-pine-200">
              <span className="text-amber-700">
                <LandingIcon name={card.icon} />
              </span>
              <p className="mt-3 text-3xl font-extrabold text-pine-800">{card.value}</p>
              <p className="text-sm font-medium text-stone-700">{card.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
