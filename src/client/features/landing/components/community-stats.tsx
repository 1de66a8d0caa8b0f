import { formatCount } from '#client/lib/format.ts'
import { useCommunityStats } from '../api.ts'
import { landingContent } from '../content.ts'

export function CommunityStats() {
  const { data, isError } = useCommunityStats()
  const copy = landingContent.stats
  const items = [
    { label: copy.members, value: data?.members },
    { label: copy.requests, value: data?.requests },
    { label: copy.regions, value: data?.regions },
  ]
  return (
    <section aria-labelledby="stats-title" className="border-b border-stone-200 bg-white px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="stats-title" className="text-center text-2xl font-bold text-stone-900">
          {copy.title}
        </h2>
        <p className="mt-2 text-center text-stone-700">{copy.subtitle}</p>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3" aria-busy={data === undefined && !isError}>
          {items.map((item) => (
            <div key={item.label} className="rounded-xl border border-stone-200 bg-stone-50 p-5 text-center">
              <dt className="text-sm font-medium text-stone-700">{item.label}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-pine-800 tabular-nums">
                {item.value === undefined ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{isError ? 'Not available' : 'Loading'}</span>
                  </>
                ) : (
                  formatCount(item.value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
