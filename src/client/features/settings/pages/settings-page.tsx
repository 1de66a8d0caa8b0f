import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Loading } from '#client/components/loading.tsx'
import { toast } from '#client/components/toast-store.ts'
import {
  PRECISION_LABELS,
  PRECISION_MEANINGS,
  UNIT_LABELS,
  useSettings,
  useUpdateSettings,
  VISIBILITY_LABELS,
  VISIBILITY_MEANINGS,
} from '#client/features/measurements/index.ts'
import { errorMessage } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { LOCATION_PRECISIONS, type Settings, UNIT_SYSTEMS, VISIBILITIES } from '#shared/schemas/measurements.ts'
import { BlockedMembers } from '../components/blocked-members.tsx'
import { SingleSignOn } from '../components/single-sign-on.tsx'

const UNIT_MEANINGS = {
  imperial: 'Lengths in inches and eighths (24 2/8 in), weights in pounds.',
  metric: 'Lengths in centimetres, weights in kilograms. Record-book scores stay in inches, as the books write them.',
} as const

/** One row of choices when they fit: two for units, three for visibility, four for precision (two on tablets). */
const COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }

type Option<T extends string> = { value: T; label: string; meaning: string }

function RadioCards<T extends string>({
  legend,
  description,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  description: string
  name: string
  options: Option<T>[]
  value: T
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <fieldset
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      aria-describedby={`${id}-d`}
    >
      <legend className="float-left w-full text-lg font-bold text-stone-900">{legend}</legend>
      <p id={`${id}-d`} className="clear-left pt-1 text-sm text-stone-700">
        {description}
      </p>
      <div className={`mt-4 grid gap-3 ${COLUMNS[options.length] ?? 'sm:grid-cols-2'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-stone-300 p-3.5 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 shrink-0 accent-pine-700"
            />
            <span>
              <span className="block font-semibold text-stone-900">{option.label}</span>
              <span className="mt-0.5 block text-sm text-stone-700">{option.meaning}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * /settings: units, the default visibility and the default location precision of new measurements; single sign-on;
 * the members the viewer blocked.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings')
  const settings = useSettings()
  if (settings.isPending) return <Loading fullScreen={false} label="Loading your settings" />
  if (settings.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-bold text-red-900">Your settings could not be loaded</h1>
        <Button className="mt-4" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <SettingsForm saved={settings.data} />
      <SingleSignOn />
      <BlockedMembers />
    </div>
  )
}

function SettingsForm({ saved }: { saved: Settings }) {
  const [draft, setDraft] = useState<Settings>(saved)
  const update = useUpdateSettings()
  useEffect(() => setDraft(saved), [saved])
  const dirty =
    draft.units !== saved.units ||
    draft.defaultVisibility !== saved.defaultVisibility ||
    draft.defaultLocationPrecision !== saved.defaultLocationPrecision

  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(draft, { onSuccess: () => toast({ title: 'Settings saved' }) })
  }

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Settings</h1>
        <p className="mt-1 text-stone-700">How sizes are shown to you, and who sees what you record.</p>
      </div>
      <RadioCards
        legend="Units"
        description="Sizes are stored exactly and shown in the units you choose."
        name="units"
        options={UNIT_SYSTEMS.map((u) => ({ value: u, label: UNIT_LABELS[u], meaning: UNIT_MEANINGS[u] }))}
        value={draft.units}
        onChange={(units) => setDraft((d) => ({ ...d, units }))}
      />
      <RadioCards
        legend="Default visibility"
        description="Who can see a new measurement. You can change it on each measurement."
        name="defaultVisibility"
        options={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v], meaning: VISIBILITY_MEANINGS[v] }))}
        value={draft.defaultVisibility}
        onChange={(defaultVisibility) => setDraft((d) => ({ ...d, defaultVisibility }))}
      />
      <RadioCards
        legend="Default location precision"
        description="How precisely others see where a new measurement was taken. Photos never carry their GPS position."
        name="defaultLocationPrecision"
        options={LOCATION_PRECISIONS.map((p) => ({
          value: p,
          label: PRECISION_LABELS[p],
          meaning: PRECISION_MEANINGS[p],
        }))}
        value={draft.defaultLocationPrecision}
        onChange={(defaultLocationPrecision) => setDraft((d) => ({ ...d, defaultLocationPrecision }))}
      />
      {update.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorMessage(update.error, 'Your settings could not be saved. Try again.')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {dirty ? <p className="text-sm text-stone-700">You have unsaved changes.</p> : null}
        <Button type="button" variant="outline" disabled={!dirty || update.isPending} onClick={() => setDraft(saved)}>
          Reset
        </Button>
        <Button type="submit" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}
