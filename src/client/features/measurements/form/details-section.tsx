import LocateFixed from 'lucide-react/icons/locate-fixed'
import { useId, useState } from 'react'
import { useFormState, useWatch } from 'react-hook-form'
import { Button } from '#client/components/button.tsx'
import { TextAreaField, TextField } from '#client/components/field.tsx'
import { SelectField } from '#client/components/select-field.tsx'
import {
  LOCATION_PRECISIONS,
  type LocationPrecision,
  MEASUREMENT_LIMITS,
  METHODS,
  type Method,
  VISIBILITIES,
  type Visibility,
} from '#shared/schemas/measurements.ts'
import { clearFieldErrors, editForm, useFormErrors, useMeasurementForm } from './form-edit.ts'
import { effectiveMethod, localDate, type MeasurementFormState } from './form-state.ts'

export const METHOD_LABELS: Record<Method, string> = { tape: 'Tape', scale: 'Scale', photo: 'Photo-measured' }

const VISIBILITY_OPTIONS: Record<Visibility, { label: string; hint: string }> = {
  private: { label: 'Private', hint: 'Only you' },
  followers: { label: 'Followers', hint: 'Members who follow you' },
  public: { label: 'Public', hint: 'Everyone, with a share link' },
}

const PRECISION_LABELS: Record<LocationPrecision, string> = {
  exact: 'Exact',
  km: 'About 1 km',
  region: 'Region only',
  hidden: 'Hidden',
}

/** Who sees what of the location, for the line under the precision. */
const PRECISION_EXPLAINED: Record<LocationPrecision, string> = {
  exact: 'Whoever can see this measurement sees the exact coordinates.',
  km: 'Others see the coordinates rounded to about 1 km; only you see them exactly.',
  region: 'Others see only the region; the coordinates stay with you.',
  hidden: 'Others see no location at all; only you see it.',
}

type Props = {
  busy: boolean
  /** The date taken was filled from a photo's capture time (shown until the member changes it). */
  dateFromPhoto: boolean
}

const DETAILS = [
  'date',
  'caption',
  'notes',
  'visibility',
  'method',
  'methodChosen',
  'photoMeasured',
  'aiEstimated',
] as const

/** Date taken, method, caption, notes, visibility and location. */
export function DetailsSection({ busy, dateFromPhoto }: Props) {
  const form = useMeasurementForm()
  const [date, caption, notes, visibility, method, methodChosen, photoMeasured, aiEstimated] = useWatch({
    control: form.control,
    name: DETAILS,
  })
  const { touchedFields } = useFormState({ control: form.control, name: 'date' })
  const errors = useFormErrors()
  const methodName = useId()
  const visibilityName = useId()
  const shown = effectiveMethod({ method, methodChosen, photoMeasured, aiEstimated })
  const change = (patch: Partial<MeasurementFormState>, fields: string[]) => {
    clearFieldErrors(form, fields)
    editForm(form, (values) => ({ ...values, ...patch }))
  }

  return (
    <section aria-labelledby="add-details-title" className="grid gap-4">
      <h3 id="add-details-title" className="text-lg font-bold text-stone-900">
        Details
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="add-date"
          label="Date taken"
          type="date"
          required
          max={localDate(new Date())}
          min="1900-01-01"
          value={date}
          disabled={busy}
          error={errors.date}
          hint={dateFromPhoto && !touchedFields.date ? "From the photo's capture time." : undefined}
          onChange={(event) => change({ date: event.target.value }, ['date'])}
        />
        <fieldset className="grid gap-1.5" disabled={busy}>
          <legend className="mb-1.5 text-sm font-medium text-stone-800">Method</legend>
          <div className="flex rounded-lg border border-stone-300 bg-white p-1">
            {METHODS.map((option) => (
              <label
                key={option}
                className={`flex h-9 flex-auto cursor-pointer items-center justify-center rounded-md px-2 text-sm font-semibold whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${option === shown ? 'bg-pine-700 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
              >
                <input
                  type="radio"
                  name={methodName}
                  value={option}
                  checked={option === shown}
                  onChange={() => change({ method: option, methodChosen: true }, ['method'])}
                  className="sr-only"
                />
                {METHOD_LABELS[option]}
              </label>
            ))}
          </div>
          {errors.method ? <p className="text-sm font-medium text-red-700">{errors.method}</p> : null}
        </fieldset>
      </div>
      <TextField
        id="add-caption"
        label="Caption"
        optional
        maxLength={MEASUREMENT_LIMITS.caption}
        value={caption}
        disabled={busy}
        error={errors.caption}
        hint="Shown with the photo when you share it."
        onChange={(event) => change({ caption: event.target.value }, ['caption'])}
      />
      <TextAreaField
        id="add-notes"
        label="Notes"
        optional
        rows={3}
        maxLength={MEASUREMENT_LIMITS.notes}
        value={notes}
        disabled={busy}
        error={errors.notes}
        hint="Only you see your notes."
        onChange={(event) => change({ notes: event.target.value }, ['notes'])}
      />
      <fieldset className="grid gap-1.5" disabled={busy}>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">Who can see it</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITIES.map((option) => (
            <label
              key={option}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${option === visibility ? 'border-pine-600 bg-pine-50' : 'border-stone-300 bg-white hover:bg-stone-50'}`}
            >
              <input
                type="radio"
                name={visibilityName}
                value={option}
                checked={option === visibility}
                onChange={() => change({ visibility: option }, ['visibility'])}
                className="mt-0.5 accent-pine-700"
              />
              <span>
                <span className="block font-semibold text-stone-900">{VISIBILITY_OPTIONS[option].label}</span>
                <span className="block text-stone-700">{VISIBILITY_OPTIONS[option].hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.visibility ? <p className="text-sm font-medium text-red-700">{errors.visibility}</p> : null}
      </fieldset>
      <LocationFieldset busy={busy} errors={errors} onChange={change} />
    </section>
  )
}

type LocationProps = {
  busy: boolean
  errors: Record<string, string | undefined>
  onChange: (patch: Partial<MeasurementFormState>, fields: string[]) => void
}

/** Region, coordinates (typed, or this device's location) and how precisely others see them. */
function LocationFieldset({ busy, errors, onChange }: LocationProps) {
  const { control } = useMeasurementForm()
  const [region, lat, lon, precision] = useWatch({ control, name: ['region', 'lat', 'lon', 'precision'] })
  // Either coordinate changed: both lose their messages (one may be about the pair).
  const coordinates = (patch: Partial<MeasurementFormState>) => onChange(patch, ['lat', 'lon'])
  const locate = useLocateMe(coordinates)
  return (
    <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:p-4" disabled={busy}>
      <legend className="px-1 text-sm font-semibold text-stone-900">Location</legend>
      <TextField
        id="add-region"
        label="Region"
        optional
        placeholder="e.g. Northern Montana"
        maxLength={MEASUREMENT_LIMITS.region}
        value={region}
        error={errors.region}
        onChange={(event) => onChange({ region: event.target.value }, ['region'])}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="add-lat"
          label="Latitude"
          optional
          inputMode="decimal"
          placeholder="44.52"
          value={lat}
          error={errors.lat}
          onChange={(event) => coordinates({ lat: event.target.value })}
        />
        <TextField
          id="add-lon"
          label="Longitude"
          optional
          inputMode="decimal"
          placeholder="-109.05"
          value={lon}
          error={errors.lon}
          onChange={(event) => coordinates({ lon: event.target.value })}
        />
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={locate.start} disabled={busy || locate.locating}>
          <LocateFixed className="size-4" aria-hidden="true" />
          {locate.locating ? 'Finding your location...' : 'Use my location'}
        </Button>
        <p aria-live="polite" className="mt-1.5 text-sm font-medium text-red-700">
          {locate.error}
        </p>
      </div>
      <SelectField
        id="add-precision"
        label="Location shown to others"
        value={precision}
        placeholder="Precision"
        options={LOCATION_PRECISIONS.map((p) => ({ value: p, label: PRECISION_LABELS[p] }))}
        error={errors.precision}
        disabled={busy}
        onValueChange={(value) => onChange({ precision: value as LocationPrecision }, ['precision'])}
      />
      <p className="-mt-1 text-sm text-stone-700">{PRECISION_EXPLAINED[precision]}</p>
    </fieldset>
  )
}

/** 'Use my location': this device's coordinates, to five decimals (about a metre), or why there are none. */
function useLocateMe(onFound: (coordinates: { lat: string; lon: string }) => void) {
  const [locating, setLocating] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const start = () => {
    setError(undefined)
    if (!('geolocation' in navigator)) {
      setError('This browser cannot tell your location: type the coordinates, or leave them empty.')
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        const round = (n: number) => String(Math.round(n * 100_000) / 100_000)
        onFound({ lat: round(position.coords.latitude), lon: round(position.coords.longitude) })
      },
      (failure) => {
        setLocating(false)
        setError(
          failure.code === failure.PERMISSION_DENIED
            ? 'Location permission was denied. Type the coordinates, or leave them empty.'
            : 'Your location could not be found. Type the coordinates, or leave them empty.',
        )
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    )
  }
  return { locating, error, start }
}
