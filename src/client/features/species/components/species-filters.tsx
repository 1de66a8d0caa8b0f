import Search from 'lucide-react/icons/search'
import X from 'lucide-react/icons/x'
import { Button } from '#client/components/button.tsx'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { SelectField } from '#client/components/select-field.tsx'
import { SPECIES_FILTER_OPTIONS } from '#shared/species/search.ts'
import type { GuideFilters } from '../filters.ts'

const withAll = (all: string, values: readonly string[]) => [
  { value: 'all', label: all },
  ...values.map((value) => ({ value, label: value })),
]
const CATEGORY_OPTIONS = withAll('All Categories', SPECIES_FILTER_OPTIONS.category)
const REGION_OPTIONS = withAll('All Regions', SPECIES_FILTER_OPTIONS.region)
const DIFFICULTY_OPTIONS = withAll('All Difficulties', SPECIES_FILTER_OPTIONS.difficulty)

type Props = {
  filters: GuideFilters
  /** `typing` is true for keystrokes in the search box, which replace the history entry instead of adding one. */
  onChange: (next: GuideFilters, typing?: boolean) => void
  onClear: () => void
}

/** Search by name or description, the Category / Region / Difficulty filters and 'Clear Filters'. */
export function SpeciesFiltersBar({ filters, onChange, onClear }: Props) {
  return (
    <search
      aria-label="Search and filter species"
      className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <label htmlFor="species-search" className="text-sm font-medium text-stone-800">
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-600"
            aria-hidden="true"
          />
          <input
            id="species-search"
            type="search"
            value={filters.query}
            onChange={(event) => onChange({ ...filters, query: event.target.value }, true)}
            placeholder="Search by name or description"
            autoComplete="off"
            className={`${INPUT_CLASS} h-10 pl-9`}
          />
        </div>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          id="species-category"
          label="Category"
          value={filters.category}
          options={CATEGORY_OPTIONS}
          placeholder="All Categories"
          onValueChange={(value) => onChange({ ...filters, category: value as GuideFilters['category'] })}
        />
      </div>
      <SelectField
        id="species-region"
        label="Region"
        value={filters.region}
        options={REGION_OPTIONS}
        placeholder="All Regions"
        onValueChange={(value) => onChange({ ...filters, region: value as GuideFilters['region'] })}
      />
      <SelectField
        id="species-difficulty"
        label="Difficulty"
        value={filters.difficulty}
        options={DIFFICULTY_OPTIONS}
        placeholder="All Difficulties"
        onValueChange={(value) => onChange({ ...filters, difficulty: value as GuideFilters['difficulty'] })}
      />
      <Button variant="outline" onClick={onClear} className="col-span-2 sm:col-span-1">
        <X className="size-4" aria-hidden="true" />
        Clear Filters
      </Button>
    </search>
  )
}
