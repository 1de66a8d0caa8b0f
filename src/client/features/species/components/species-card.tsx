import ChevronRight from 'lucide-react/icons/chevron-right'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import type { Species } from '#shared/species/types.ts'
import { DifficultyBadge } from './difficulty-badge.tsx'
import { SpeciesIcon } from './species-icon.tsx'

/** How many key measurements a card lists before '+N more'. */
const SHOWN_MEASUREMENTS = 3

type Props = { species: Species; onIntent?: () => void }

/** A guide card. The name is the link; it stretches over the card so the whole card opens the detail. */
export function SpeciesCard({ species, onIntent }: Props) {
  const shown = species.measurements.slice(0, SHOWN_MEASUREMENTS)
  const more = species.measurements.length - shown.length
  return (
    <article className="relative flex flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-amber-500 hover:border-pine-300 hover:shadow-md">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-pine-100 text-pine-800">
          <SpeciesIcon kind={species.icon} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg leading-snug font-bold text-stone-900">
            <Link
              href={paths.species.href(species.id)}
              onPointerEnter={onIntent}
              onFocus={onIntent}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {species.name}
            </Link>
          </h2>
          <p className="text-sm text-stone-700">{species.category}</p>
        </div>
        <DifficultyBadge difficulty={species.difficulty} />
      </div>
      <p className="mt-3 line-clamp-4 text-sm text-stone-700">{species.description}</p>
      <dl className="mt-4 grid gap-2 text-sm">
        <Fact term="Region">{species.region}</Fact>
        <Fact term="Season">{species.season}</Fact>
        <Fact term="Scoring">{species.scoring}</Fact>
        <div>
          <dt className="font-semibold text-stone-900">Key measurements</dt>
          <dd className="mt-1.5">
            <ul className="flex flex-wrap gap-1.5" aria-label={`Key measurements of ${species.name}`}>
              {shown.map((m) => (
                <li key={m} className="rounded-md bg-stone-100 px-2 py-0.5 text-xs text-stone-800">
                  {m}
                </li>
              ))}
              {more > 0 ? (
                <li className="rounded-md bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">
                  +{more} more
                </li>
              ) : null}
            </ul>
          </dd>
        </div>
        <Fact term="Habitat">{species.habitat}</Fact>
      </dl>
      <p className="mt-auto flex items-center gap-1 pt-4 text-sm font-semibold text-pine-800" aria-hidden="true">
        {species.scoringCategories.length > 0 || species.fishFormulas ? 'Details and score calculator' : 'Details'}
        <ChevronRight className="size-4" />
      </p>
    </article>
  )
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="inline font-semibold text-stone-900">{term}: </dt>
      <dd className="inline text-stone-700">{children}</dd>
    </div>
  )
}
