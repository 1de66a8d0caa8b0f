import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import type { Measurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { CardAge, CardRows } from './card-parts.tsx'
import { EvidenceChip } from './evidence-chip.tsx'
import { photoMethodOf } from './labels.ts'
import { coverPhoto, MeasurementPhoto } from './measurement-photo.tsx'
import { measurementRows } from './measurement-rows.ts'
import { ShareControls } from './share-menu.tsx'
import { TrophyClassBadge } from './trophy-class-badge.tsx'

type Props = {
  measurement: Measurement
  units: UnitSystem
  /** The heading level of the species name, so the page's outline stays right (h3 under a section's h2). */
  headingLevel?: 2 | 3
  eager?: boolean
  /** Above the photo: a post's author (community). */
  header?: ReactNode
  /** Below the rows: a post's caption and check state. */
  children?: ReactNode
  /** Below the evidence and Share: a post's likes and comments. */
  footer?: ReactNode
  testId?: string
}

/**
 * docs/product.md §2 measurement card: photo (placeholder when missing or broken), species, relative age, trophy class
 * badge, the rows present, the evidence level, and the Share button with its menu.
 */
export function MeasurementCard({
  measurement,
  units,
  headingLevel = 3,
  eager = false,
  header,
  children,
  footer,
  testId = 'measurement-card',
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const rows = measurementRows(measurement, units)
  const href = paths.measurement.href(measurement.id)
  return (
    <article
      data-testid={testId}
      className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      {header}
      <div className="relative">
        <Link href={href} tabIndex={-1} aria-hidden="true" className="block">
          <MeasurementPhoto
            photo={coverPhoto(measurement)}
            size="thumb"
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            className="aspect-[4/3] w-full object-cover"
          />
        </Link>
        <TrophyClassBadge trophyClass={measurement.trophyClass} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-baseline justify-between gap-3">
          <Heading className="min-w-0 text-lg leading-snug font-bold text-stone-900">
            <Link href={href} className="break-words underline-offset-4 hover:underline">
              {measurement.species}
            </Link>
          </Heading>
          <CardAge takenAt={measurement.takenAt} />
        </div>
        {rows.length > 0 ? <CardRows rows={rows} /> : <p className="mt-3 text-sm text-stone-600">No sizes recorded.</p>}
        {children}
        <div className="mt-auto flex items-center justify-between gap-2 pt-4">
          <EvidenceChip evidence={measurement.evidence} photoMethod={photoMethodOf(measurement.photoMeasurements)} />
          <ShareControls item={measurement} units={units} />
        </div>
      </div>
      {footer}
    </article>
  )
}
