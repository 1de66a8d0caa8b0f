import type { ReactNode } from 'react'
import { formatDateTime } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/relative-age.ts'
import type { Measurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { EvidenceChip } from './evidence-chip.tsx'
import {
  evidenceMeaning,
  METHOD_LABELS,
  PRECISION_LABELS,
  PRECISION_MEANINGS,
  photoMethodOf,
  VISIBILITY_LABELS,
  VISIBILITY_MEANINGS,
} from './labels.ts'
import { measurementRows } from './measurement-rows.ts'

type Props = { measurement: Measurement; units: UnitSystem }

/** The sizes of the card (Length, Width, Weight …) as a list. */
export function MeasurementValues({ measurement, units }: Props) {
  const rows = measurementRows(measurement, units)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="values-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="values-title" className="text-lg font-bold text-stone-900">
        Sizes
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg bg-stone-100 p-2.5">
            <dt className="text-stone-700">{row.label}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function EvidenceSection({ measurement }: { measurement: Measurement }) {
  const method = photoMethodOf(measurement.photoMeasurements)
  return (
    <section
      aria-labelledby="evidence-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="evidence-title" className="text-xl font-bold text-stone-900">
        Evidence
      </h2>
      <p className="mt-3">
        <EvidenceChip evidence={measurement.evidence} photoMethod={method} />
      </p>
      <p className="mt-2 text-sm text-stone-700">{evidenceMeaning(measurement.evidence, method)}</p>
    </section>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b border-stone-100 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-stone-700">{term}</dt>
      <dd className="text-sm break-words text-stone-900">{children}</dd>
    </div>
  )
}

function coordinates(lat: number, lon: number): string {
  const ns = lat >= 0 ? 'N' : 'S'
  const ew = lon >= 0 ? 'E' : 'W'
  return `${Math.abs(lat).toFixed(4)}° ${ns}, ${Math.abs(lon).toFixed(4)}° ${ew}`
}

/** Method, dates, caption, notes (owner), visibility (owner) and the location at the precision it was shared. */
export function MeasurementFacts({ measurement }: { measurement: Measurement }) {
  const { location } = measurement
  const hasCoordinates = location.lat !== null && location.lon !== null
  return (
    <section
      aria-labelledby="facts-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="facts-title" className="text-xl font-bold text-stone-900">
        Details
      </h2>
      <dl className="mt-2">
        <Fact term="Date taken">{formatDate(measurement.takenAt)}</Fact>
        <Fact term="Method">{METHOD_LABELS[measurement.method]}</Fact>
        {measurement.caption ? <Fact term="Caption">{measurement.caption}</Fact> : null}
        {measurement.isOwner && measurement.notes ? (
          <Fact term="Notes">
            <span className="whitespace-pre-line">{measurement.notes}</span>
            <span className="mt-1 block text-xs text-stone-600">Only you can read your notes.</span>
          </Fact>
        ) : null}
        <Fact term="Location">
          {location.precision === 'hidden' && !location.region && !hasCoordinates ? (
            'Not shown'
          ) : (
            <>
              {location.region ? <span className="block">{location.region}</span> : null}
              {hasCoordinates ? (
                <span className="block tabular-nums">{coordinates(location.lat ?? 0, location.lon ?? 0)}</span>
              ) : null}
              {!location.region && !hasCoordinates ? 'Not recorded' : null}
            </>
          )}
          {measurement.isOwner ? (
            <span className="mt-1 block text-xs text-stone-600">
              Shared as: {PRECISION_LABELS[location.precision]}. {PRECISION_MEANINGS[location.precision]}
            </span>
          ) : null}
        </Fact>
        {measurement.isOwner ? (
          <Fact term="Visibility">
            {VISIBILITY_LABELS[measurement.visibility]}
            <span className="mt-1 block text-xs text-stone-600">{VISIBILITY_MEANINGS[measurement.visibility]}</span>
          </Fact>
        ) : null}
        <Fact term="Recorded">{formatDateTime(measurement.createdAt)}</Fact>
      </dl>
    </section>
  )
}
