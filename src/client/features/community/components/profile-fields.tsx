import type { ReactNode } from 'react'
import { TextAreaField, TextField } from '#client/components/field.tsx'
import { UNIT_LABELS, VISIBILITY_LABELS, VISIBILITY_MEANINGS } from '#client/features/measurements/index.ts'
import { formatCount } from '#client/lib/format.ts'
import { COMMUNITY_LIMITS } from '#shared/schemas/community.ts'
import { UNIT_SYSTEMS, type UnitSystem, VISIBILITIES, type Visibility } from '#shared/schemas/measurements.ts'

export type ProfileDraft = {
  firstName: string
  lastName: string
  bio: string
  region: string
  units: UnitSystem
  defaultVisibility: Visibility
}

type Props = {
  id: string
  draft: ProfileDraft
  errors: Partial<Record<keyof ProfileDraft, string>>
  onChange: <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => void
}

/** The profile's text fields, then the member's units and the default visibility of new measurements. */
export function ProfileFields({ id, draft, errors, onChange }: Props) {
  const bioTooLong = draft.bio.length > COMMUNITY_LIMITS.bioChars
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          value={draft.firstName}
          maxLength={COMMUNITY_LIMITS.nameChars}
          onChange={(e) => onChange('firstName', e.target.value)}
          error={errors.firstName}
        />
        <TextField
          id={`${id}-last`}
          label="Last name"
          autoComplete="family-name"
          value={draft.lastName}
          maxLength={COMMUNITY_LIMITS.nameChars}
          onChange={(e) => onChange('lastName', e.target.value)}
          error={errors.lastName}
        />
      </div>
      <TextField
        id={`${id}-region`}
        label="Region"
        optional
        placeholder="e.g. Montana, USA"
        value={draft.region}
        maxLength={COMMUNITY_LIMITS.regionChars}
        onChange={(e) => onChange('region', e.target.value)}
        error={errors.region}
        hint="A state, province or country: never a spot."
      />
      <TextAreaField
        id={`${id}-bio`}
        label="Bio"
        optional
        rows={4}
        value={draft.bio}
        onChange={(e) => onChange('bio', e.target.value)}
        error={
          errors.bio ??
          (bioTooLong ? `Bio must be at most ${formatCount(COMMUNITY_LIMITS.bioChars)} characters` : undefined)
        }
        hint={`${formatCount(draft.bio.length)} / ${formatCount(COMMUNITY_LIMITS.bioChars)} characters`}
      />

      <Choices
        legend="Units"
        name={`${id}-units`}
        options={UNIT_SYSTEMS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
        value={draft.units}
        onChange={(units) => onChange('units', units)}
      />
      <Choices
        legend="Default visibility of new measurements"
        name={`${id}-visibility`}
        options={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v], hint: VISIBILITY_MEANINGS[v] }))}
        value={draft.defaultVisibility}
        onChange={(defaultVisibility) => onChange('defaultVisibility', defaultVisibility)}
      />
    </>
  )
}

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: { value: T; label: string; hint?: ReactNode }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className={`mt-1.5 grid gap-2 ${options.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer gap-2.5 rounded-xl border border-stone-300 px-3 py-2.5 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-pine-700"
            />
            <span className="text-sm">
              <span className="block font-semibold text-stone-900">{option.label}</span>
              {option.hint ? <span className="block text-xs text-stone-600">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
