import ArrowLeft from 'lucide-react/icons/arrow-left'
import BookOpen from 'lucide-react/icons/book-open'
import { Link, useParams } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { NotFound } from '#client/components/not-found.tsx'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { ScoreCalculator } from '../calculator/score-calculator.tsx'
import { DifficultyBadge } from '../components/difficulty-badge.tsx'
import { RecordMinimums } from '../components/record-minimums.tsx'
import { SpeciesFacts } from '../components/species-facts.tsx'
import { SpeciesIcon } from '../components/species-icon.tsx'
import { guideSearch } from '../filters.ts'

/** /species-guide/{id}: a species' facts, record-book minimums with sources, record note and score calculator. */
export default function SpeciesPage() {
  const { speciesId = '' } = useParams<{ speciesId: string }>()
  const species = getSpecies(speciesId)
  useDocumentTitle(species ? `${species.name} · Species Guide` : null)
  if (!species) return <NotFound />
  return (
    <div className="grid gap-6">
      <Link
        href={paths.speciesGuideFiltered(guideSearch())}
        className="inline-flex w-fit items-center gap-1.5 rounded-lg text-sm font-semibold text-pine-800 underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Species Guide
      </Link>
      <header className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:p-6">
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-pine-100 text-pine-800">
          <SpeciesIcon kind={species.icon} className="size-8" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-3xl font-bold text-stone-900">{species.name}</h1>
            <DifficultyBadge difficulty={species.difficulty} />
          </div>
          <p className="mt-1 text-sm font-medium text-stone-700">
            {species.category} · {species.region}
          </p>
          <p className="mt-3 max-w-3xl text-stone-800">{species.description}</p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-6">
          <SpeciesFacts species={species} />
          {species.recordNote ? (
            <section
              aria-labelledby="record-title"
              className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 id="record-title" className="flex items-center gap-2 text-xl font-bold text-stone-900">
                <BookOpen className="size-5 text-pine-700" aria-hidden="true" />
                {species.recordNote.startsWith('IGFA') ? 'IGFA record' : 'Record'}
              </h2>
              <p className="mt-3 text-sm text-stone-800">{species.recordNote}</p>
            </section>
          ) : null}
        </div>
        <RecordMinimums species={species} />
      </div>
      <ScoreCalculator species={species} />
      <details className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <summary className="cursor-pointer font-semibold text-stone-900 marker:text-stone-500">
          Sources ({species.sources.length})
        </summary>
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm text-stone-700">
          {species.sources.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
      </details>
    </div>
  )
}
