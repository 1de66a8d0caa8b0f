import type { ReactNode } from 'react'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { unitLabel } from '#client/lib/units.ts'
import { lengthText, poundsOuncesText, scoreText, weightText } from '#shared/measurements/display.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { ScoreAttempt } from '#shared/scoring/index.ts'
import type { Species } from '#shared/species/types.ts'
import { quickName, readQuick } from './build-input.ts'
import { isWeightField, type QuickField, type QuickText } from './form-state.ts'

type Props = {
  species: Species
  fields: QuickField[]
  values: QuickText
  units: UnitSystem
  errors: Record<string, string | undefined>
  /** '± 2/8 in · photo-measured' for values measured on a photo. */
  notes: Record<string, string | undefined>
  /** The 'Measure on photo' button of a length field (undefined when there is no photo). */
  addon: (field: QuickField, label: string) => ReactNode
  /** A fish's live estimate from length and girth. */
  estimate?: ScoreAttempt | undefined
  onChange: (field: QuickField, value: string) => void
}

const HINTS: Partial<Record<QuickField, string>> = {
  'quick.girthIn': 'Around the body at its thickest point.',
  'quick.weightLbs': 'On a scale, if you weighed it.',
}

/** Quick values: a fish's length, girth and scale weight; a bird's or small game's length, weight and width. */
export function QuickFields({ species, fields, values, units, errors, notes, addon, estimate, onChange }: Props) {
  const fish = Boolean(species.fishFormulas?.length)
  return (
    <div className="grid gap-4">
      <p className="text-sm text-stone-700">
        {units === 'metric'
          ? 'In centimetres and kilograms, e.g. 43.5; they are stored in inches and pounds.'
          : 'In inches and pounds: 17 3/16, 17.2 and 5 lb 8 oz all work.'}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <QuickInput
            key={field}
            field={field}
            label={fieldLabel(field, fish)}
            value={values[field]}
            units={units}
            error={errors[field]}
            note={notes[field]}
            addon={isWeightField(field) ? null : addon(field, fieldLabel(field, fish))}
            onChange={(value) => onChange(field, value)}
          />
        ))}
      </div>
      {fish ? (
        <FishEstimate estimate={estimate} species={species} girth={fields.includes('quick.girthIn')} units={units} />
      ) : null}
    </div>
  )
}

function fieldLabel(field: QuickField, fish: boolean): string {
  if (field === 'quick.weightLbs' && fish) return 'Scale weight'
  return quickName(field)
}

type InputProps = {
  field: QuickField
  label: string
  value: string
  units: UnitSystem
  error: string | undefined
  note: string | undefined
  addon: ReactNode
  onChange: (value: string) => void
}

function QuickInput({ field, label, value, units, error, note, addon, onChange }: InputProps) {
  const id = `add-${field.replace('.', '-')}`
  const weight = isWeightField(field)
  const unit = unitLabel(units, weight ? 'weight' : 'length')
  const read = units === 'metric' && value.trim() ? readQuick(value, field, units) : undefined
  const canonical =
    read?.ok && read.value !== undefined ? `= ${weight ? weightText(read.value) : lengthText(read.value)}` : undefined
  const hint = HINTS[field]
  const describedBy = [
    error ? `${id}-error` : undefined,
    canonical ? `${id}-canonical` : undefined,
    note ? `${id}-measured` : undefined,
    hint ? `${id}-hint` : undefined,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label} ({unit}){weight ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      <div className="flex items-center gap-1.5">
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          inputMode={units === 'metric' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${INPUT_CLASS} h-11 tabular-nums`}
        />
        {addon}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {canonical ? (
        <p id={`${id}-canonical`} className="text-xs text-stone-600 tabular-nums">
          {canonical}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-measured`} className="text-xs font-medium text-pine-800">
          {note}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type EstimateProps = { estimate: ScoreAttempt | undefined; species: Species; girth: boolean; units: UnitSystem }

function FishEstimate({ estimate, species, girth, units }: EstimateProps) {
  return (
    <div className="rounded-xl bg-pine-900 p-4 text-white" aria-live="polite">
      <p className="text-sm text-pine-100">Estimated weight</p>
      {estimate?.ok ? (
        <>
          <p className="mt-1 text-2xl font-extrabold tabular-nums" data-testid="fish-estimate">
            {scoreText(estimate.result, units)}
            {units === 'imperial' ? (
              <span className="ml-2 text-sm font-normal text-pine-100">
                ({poundsOuncesText(estimate.result.score)})
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-xs text-pine-100">
            An estimate from the formula, about ±10%.
            {species.trophyWeightLbs ? ` Trophy weight: ${weightText(species.trophyWeightLbs, units)}.` : ''}
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm">
          {estimate ? estimate.error.message : `Enter the length${girth ? ' and girth' : ''} to estimate the weight.`}
        </p>
      )}
    </div>
  )
}
