import SearchX from 'lucide-react/icons/search-x'
import { useCallback, useEffect, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { searchSpecies } from '#shared/species/search.ts'
import { GuideInfoCards } from '../components/guide-info-cards.tsx'
import { SpeciesCard } from '../components/species-card.tsx'
import { SpeciesFiltersBar } from '../components/species-filters.tsx'
import { type GuideFilters, NO_FILTERS, readFilters, rememberGuideSearch, writeFilters } from '../filters.ts'

// Fetches the detail page's code when a card is pointed at or focused, so opening it feels instant.
const preloadDetail = () => {
  import('./species-page.tsx').catch(() => {})
}

/** /species-guide: the static catalogue of 35 species with search, filters and info cards. */
export default function SpeciesGuidePage() {
  useDocumentTitle('Species Guide')
  const search = useSearch()
  const [, navigate] = useLocation()
  const filters = useMemo(() => readFilters(search), [search])
  const results = useMemo(() => searchSpecies(SPECIES, filters), [filters])
  useEffect(() => rememberGuideSearch(writeFilters(filters)), [filters])

  // The first keystroke of a search adds a history entry; the rest replace it, so Back undoes a whole search.
  const update = useCallback(
    (next: GuideFilters, typing = false) =>
      navigate(paths.speciesGuideFiltered(writeFilters(next)), { replace: typing && filters.query !== '' }),
    [navigate, filters.query],
  )
  const clear = useCallback(() => update(NO_FILTERS), [update])

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Species Guide</h1>
        <p className="mt-1 max-w-3xl text-stone-700">
          How each species is measured and scored, the record-book minimums, and a score calculator for every chart.
        </p>
      </div>
      <SpeciesFiltersBar filters={filters} onChange={update} onClear={clear} />
      <p role="status" className="text-sm font-medium text-stone-700">
        Showing {results.length} of {SPECIES.length}
      </p>
      {results.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <SearchX className="size-10 text-stone-500" aria-hidden="true" />
          <h2 className="mt-3 font-semibold text-stone-900">No species found</h2>
          <p className="mt-1 text-sm text-stone-700">Try another search, or use Clear Filters to see every species.</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Species">
          {results.map((species) => (
            <li key={species.id} className="grid">
              <SpeciesCard species={species} onIntent={preloadDetail} />
            </li>
          ))}
        </ul>
      )}
      <GuideInfoCards />
    </div>
  )
}
