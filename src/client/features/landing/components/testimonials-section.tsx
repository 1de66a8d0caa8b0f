import Quote from 'lucide-react/icons/quote'
import { landingContent } from '../content.ts'

export function TestimonialsSection() {
  const copy = landingContent.testimonials
  return (
    <section aria-labelledby="testimonials-title" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold text-stone-900">
          {copy.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {copy.items.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
                <Quote className="size-6 text-amber-700" aria-hidden="true" />
                <blockquote className="mt-3 flex-1 text-stone-800">{item.quote}</blockquote>
                <figcaption className="mt-4">
                  <span className="block font-semibold text-stone-900">{item.name}</span>
                  <span className="text-sm text-stone-600">{item.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
