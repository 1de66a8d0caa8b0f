import Check from 'lucide-react/icons/check'
import Search from 'lucide-react/icons/search'
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { SPECIES } from '#shared/species/catalogue.ts'
import { searchSpecies } from '#shared/species/search.ts'
import type { Species } from '#shared/species/types.ts'
import { recentSpecies } from './recent-species.ts'

type Props = {
  id: string
  value: Species | undefined
  onChange: (species: Species) => void
  error?: string | undefined
  /** Tells the dialog that Escape belongs to the open list, not to the dialog. */
  onOpenChange?: (open: boolean) => void
}

type Row = { species: Species; group: 'Recent' | 'All species' | 'Matches' }

/**
 * The species, searchable by name or description, with the member's recent species first. A combobox over a
 * listbox (WAI-ARIA 1.2 pattern): the text keeps the focus, arrows move the active option
 * (aria-activedescendant), Enter picks it, Escape closes the list.
 */
export function SpeciesCombobox({ id, value, onChange, error, onOpenChange }: Props) {
  const listId = useId()
  const [query, setQuery] = useState(value?.name ?? '')
  // A species set from outside (an accepted AI suggestion) shows its name, as a pick does.
  const [shown, setShown] = useState(value?.id)
  if (value?.id !== shown) {
    setShown(value?.id)
    if (value) setQuery(value.name)
  }
  const [open, setOpenState] = useState(false)
  const [active, setActive] = useState(0)
  const recent = useMemo(() => recentSpecies(), [])
  const setOpen = (next: boolean) => {
    setOpenState(next)
    onOpenChange?.(next)
  }

  const searching = query.trim() !== '' && query !== value?.name
  const rows: Row[] = useMemo(() => {
    if (searching) return searchSpecies(SPECIES, { query }).map((species) => ({ species, group: 'Matches' as const }))
    const recentIds = new Set(recent.map((s) => s.id))
    return [
      ...recent.map((species) => ({ species, group: 'Recent' as const })),
      ...SPECIES.filter((s) => !recentIds.has(s.id)).map((species) => ({ species, group: 'All species' as const })),
    ]
  }, [searching, query, recent])

  const optionId = (i: number) => `${listId}-option-${i}`
  const pick = (species: Species) => {
    onChange(species)
    setQuery(species.name)
    setOpen(false)
  }
  const move = (delta: number) => {
    if (!open) {
      setOpen(true)
      return
    }
    setActive((i) => (rows.length === 0 ? 0 : (i + delta + rows.length) % rows.length))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      move(1)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      move(-1)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const row = rows[active]
      if (open && row) pick(row.species)
      else setOpen(true)
    } else if (event.key === 'Escape' && open) {
      setOpen(false)
      if (value) setQuery(value.name)
    }
  }

  const described = [error ? `${id}-error` : undefined, value ? `${id}-hint` : undefined].filter(Boolean).join(' ')
  return (
    <div className="grid gap-1.5">
      {/* The section's heading shows the word; the label names the field for assistive technology. */}
      <label htmlFor={id} className="sr-only">
        Species
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && rows[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search species, e.g. whitetail or bass"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false)
            if (value) setQuery(value.name)
          }}
          onKeyDown={onKeyDown}
          className={`${INPUT_CLASS} h-11 pl-9`}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Species"
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          {rows.length === 0 ? (
            <p className="px-3 py-2 text-sm text-stone-700">No species matches "{query.trim()}".</p>
          ) : null}
          {rows.map((row, i) => (
            <Option
              key={row.species.id}
              id={optionId(i)}
              row={row}
              heading={i === 0 || rows[i - 1]?.group !== row.group ? row.group : undefined}
              active={i === active}
              selected={row.species.id === value?.id}
              onHover={() => setActive(i)}
              onPick={() => pick(row.species)}
            />
          ))}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {value ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {value.category} · {value.scoring}
        </p>
      ) : null}
    </div>
  )
}

type OptionProps = {
  id: string
  row: Row
  heading: string | undefined
  active: boolean
  selected: boolean
  onHover: () => void
  onPick: () => void
}

function Option({ id, row, heading, active, selected, onHover, onPick }: OptionProps) {
  return (
    <>
      {heading && row.group !== 'Matches' ? (
        <div
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
        >
          {heading}
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text field handles the keys (aria-activedescendant) */}
      <div
        id={id}
        role="option"
        tabIndex={-1}
        aria-selected={active}
        // The text field keeps the focus while a pointer picks an option.
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={onHover}
        onClick={onPick}
        className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ${active ? 'bg-pine-100 text-pine-950' : 'text-stone-900'}`}
      >
        <span className="min-w-0 flex-1">
          <span className="block font-medium">{row.species.name}</span>
          <span className="block text-xs text-stone-600">{row.species.category}</span>
        </span>
        {selected ? <Check className="size-4 shrink-0 text-pine-700" aria-hidden="true" /> : null}
      </div>
    </>
  )
}
