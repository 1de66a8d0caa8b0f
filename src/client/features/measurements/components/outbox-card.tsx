import CloudUpload from 'lucide-react/icons/cloud-upload'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { useMemo } from 'react'
import { Button } from '#client/components/button.tsx'
import { summarize } from '#shared/measurements/summary.ts'
import type { CreateMeasurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { tryScoreSheet } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { CardAge, CardRows } from './card-parts.tsx'
import { measurementRows } from './measurement-rows.ts'
import { PhotoPlaceholder } from './photo-placeholder.tsx'

/** What the card needs of an outbox entry (offline/): a draft not on the server yet. */
export type OutboxCardEntry = {
  id: string
  state: 'waiting' | 'uploading' | 'failed'
  /** 0…1 while uploading */
  progress?: number | null | undefined
  error?: string | null | undefined
  input: CreateMeasurement
  /** object URLs of the draft's photos, cover first */
  photoUrls: readonly string[]
}

/** The draft's values as the server will compute them: the same engine and the same summary. */
export function previewDraft(input: CreateMeasurement) {
  const species = getSpecies(input.speciesId)
  const attempt = input.sheet ? tryScoreSheet(input.sheet, { trophyWeightLbs: species?.trophyWeightLbs }) : null
  const result = attempt?.ok ? attempt.result : null
  return {
    species: species?.name ?? input.speciesId,
    score: result?.score ?? null,
    summary: summarize(result, input.quick ?? null),
  }
}

function statusText(entry: OutboxCardEntry): string {
  if (entry.state === 'uploading') {
    return entry.progress === null || entry.progress === undefined
      ? 'Uploading'
      : `Uploading ${Math.round(entry.progress * 100)} %`
  }
  if (entry.state === 'failed') return `Could not sync: ${entry.error ?? 'unknown error'}`
  return 'Waiting to sync'
}

type Props = {
  entry: OutboxCardEntry
  units: UnitSystem
  onRetry: (id: string) => void
  onDiscard: (id: string) => void
}

/** A measurement recorded on this device that the server does not have yet: still in the outbox. */
export function OutboxCard({ entry, units, onRetry, onDiscard }: Props) {
  const preview = useMemo(() => previewDraft(entry.input), [entry.input])
  const rows = measurementRows({ ...preview, sheet: entry.input.sheet ?? null }, units)
  const failed = entry.state === 'failed'
  const cover =
    entry.input.coverPhotoId !== undefined
      ? entry.photoUrls[Math.max(0, entry.input.photoIds?.indexOf(entry.input.coverPhotoId) ?? 0)]
      : entry.photoUrls[0]
  return (
    <article
      data-testid="outbox-card"
      className={`flex flex-col overflow-hidden rounded-2xl border-2 border-dashed bg-white shadow-sm ${failed ? 'border-red-300' : 'border-sky-300'}`}
    >
      <div className="relative">
        {cover ? (
          <img src={cover} alt="" className="aspect-[4/3] w-full bg-stone-100 object-cover" />
        ) : (
          <PhotoPlaceholder className="aspect-[4/3] w-full" />
        )}
        <span
          role="status"
          className={`absolute top-3 left-3 inline-flex max-w-[calc(100%-1.5rem)] items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-xs ${failed ? 'bg-red-700 text-white' : 'bg-sky-700 text-white'}`}
        >
          {failed ? (
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <CloudUpload className="size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span className="truncate">{statusText(entry)}</span>
        </span>
        {entry.state === 'uploading' && typeof entry.progress === 'number' ? (
          <div className="absolute inset-x-0 bottom-0 h-1.5 bg-sky-100">
            <div className="h-full bg-sky-600" style={{ width: `${Math.round(entry.progress * 100)}%` }} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="min-w-0 text-lg leading-snug font-bold break-words text-stone-900">{preview.species}</h3>
          <CardAge takenAt={entry.input.takenAt} />
        </div>
        {rows.length > 0 ? <CardRows rows={rows} /> : null}
        {failed && entry.error ? <p className="mt-3 text-sm text-red-800">{entry.error}</p> : null}
        <p className="mt-3 text-xs text-stone-600">
          Kept on this device; it uploads by itself when the connection is back.
        </p>
        {failed ? (
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            <Button size="sm" onClick={() => onRetry(entry.id)}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Retry
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDiscard(entry.id)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Discard
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  )
}
