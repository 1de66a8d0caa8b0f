import { landingContent } from '../content.ts'
import { LandingIcon } from './landing-icon.tsx'

export function FeaturesSection() {
  const copy = landingContent.features
  return (
    <section aria-labelledby="features-title" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className="text-center text-3xl font-bold text-stone-900">
          {copy.title}
        </h2>
        <p className="mt-3 text-center text-lg text-stone-700">{copy.subtitle}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {copy.items.map((item) => (
            <li key={item.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-pine-100 text-pine-800">
                <LandingIcon name={item.icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-stone-900">{item.title}</h3>
              <p className="mt-2 text-stone-700">{item.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
