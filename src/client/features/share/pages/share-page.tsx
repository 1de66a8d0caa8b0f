import { useQuery } from '@tanstack/react-query'
import MapPin from 'lucide-react/icons/map-pin'
import type { ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import { apiPaths, paths } from '#client/app/paths.ts'
import { BrandMark } from '#client/components/brand.tsx'
import { Button, buttonClass } from '#client/components/button.tsx'
import { Loading } from '#client/components/loading.tsx'
import {
  coverPhoto,
  EvidenceChip,
  evidenceMeaning,
  MeasurementPhoto,
  measurementRows,
  photoMethodOf,
  TrophyClassBadge,
} from '#client/features/measurements/index.ts'
import { ApiError } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { formatDate } from '#client/lib/relative-age.ts'
import type { SharedMeasurement, UnitSystem } from '#shared/schemas/measurements.ts'

/** Countries that measure in inches and pounds; every other visitor reads metric. */
const IMPERIAL_REGIONS = new Set(['US', 'LR', 'MM'])

/** A signed-out visitor has no settings: guess from the browser's language region (en-US → imperial). */
export function visitorUnits(languages: readonly string[]): UnitSystem {
  const first = languages[0]
  if (!first) return 'imperial'
  try {
    const region = new Intl.Locale(first).maximize().region
    return region && !IMPERIAL_REGIONS.has(region) ? 'metric' : 'imperial'
  } catch {
    return 'imperial'
  }
}

type Props = {
  /** Shown under the measurement, e.g. the Request Access invitation for signed-out visitors. */
  children?: ReactNode
}

/** /share/{id}: a public measurement as anyone sees it: photo, sizes, score, evidence, caption, first name, region. */
export default function SharePage({ children }: Props) {
  const { id = '' } = useParams<{ id: string }>()
  const query = useQuery<SharedMeasurement>({ queryKey: [apiPaths.share(id)] })
  const item = query.data
  const firstName = item?.owner.firstName?.trim() || 'A member'
  useDocumentTitle(item ? `${firstName}'s ${item.species}` : query.isError ? 'Measurement not found' : null)

  if (query.isPending) return <Loading fullScreen={false} label="Loading the measurement" />
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0
    if (status === 404 || status === 400) return <ShareNotFound>{children}</ShareNotFound>
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-bold text-red-900">This measurement could not be loaded</h1>
        <p className="mt-2 text-sm text-red-900">Check your connection and try again.</p>
        <Button className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <SharedView item={query.data} firstName={firstName}>
      {children}
    </SharedView>
  )
}

function SharedView({
  item,
  firstName,
  children,
}: {
  item: SharedMeasurement
  firstName: string
  children: ReactNode
}) {
  const units = visitorUnits(typeof navigator === 'undefined' ? [] : navigator.languages)
  const rows = measurementRows(item, units)
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <article className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="relative bg-stone-900">
          <MeasurementPhoto
            photo={coverPhoto(item)}
            size="display"
            alt={`${firstName}'s ${item.species}`}
            loading="eager"
            className="max-h-[70vh] w-full object-contain lg:h-full lg:max-h-none"
          />
        </div>
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div>
            <p className="text-sm font-medium text-stone-700">{firstName} measured</p>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-3xl font-bold break-words text-stone-900">{item.species}</h1>
              <TrophyClassBadge trophyClass={item.trophyClass} />
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
              <span>
                Taken <time dateTime={item.takenAt}>{formatDate(item.takenAt)}</time>
              </span>
              {item.location.region ? (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden="true" />
                  {item.location.region}
                </span>
              ) : null}
            </p>
          </div>
          {item.caption ? (
            <blockquote className="border-l-4 border-pine-300 pl-3 text-stone-800 italic">{item.caption}</blockquote>
          ) : null}
          {rows.length > 0 ? (
            <dl className="grid grid-cols-2 gap-2 text-sm">
              {rows.map((row) => (
                <div key={row.label} className="rounded-lg bg-stone-100 p-2.5">
                  <dt className="text-stone-700">{row.label}</dt>
                  <dd className="text-base font-semibold text-stone-900 tabular-nums">{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="mt-auto rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
            <EvidenceChip evidence={item.evidence} photoMethod={photoMethodOf(item.photoMeasurements)} />
            <p className="mt-1.5">{evidenceMeaning(item.evidence, photoMethodOf(item.photoMeasurements))}</p>
          </div>
        </div>
      </article>
      {children}
    </div>
  )
}

function ShareNotFound({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-14 text-center shadow-sm">
        <BrandMark className="size-12" />
        <h1 className="text-2xl font-bold text-stone-900">This measurement is private or no longer exists</h1>
        <p className="max-w-md text-stone-700">
          Its owner may have made it private, or deleted it. Only public measurements can be opened from a shared link.
        </p>
        <Link href={paths.home} className={buttonClass('primary', 'md')}>
          Go to Fieldmark
        </Link>
      </div>
      {children}
    </div>
  )
}
