import { useState } from 'react'
import type { Photo } from '#shared/schemas/measurements.ts'
import { MeasurementPhoto } from './measurement-photo.tsx'

type Props = { photos: Photo[]; coverPhotoId: string | null; species: string }

/** The cover first, then the others in their order. */
export function orderPhotos(photos: Photo[], coverPhotoId: string | null): Photo[] {
  const cover = photos.find((p) => p.id === coverPhotoId)
  return cover ? [cover, ...photos.filter((p) => p !== cover)] : photos
}

/** The detail page's photos: one large (display size) and thumbnails to switch between them. */
export function PhotoGallery({ photos, coverPhotoId, species }: Props) {
  const ordered = orderPhotos(photos, coverPhotoId)
  const [index, setIndex] = useState(0)
  const current = ordered[Math.min(index, ordered.length - 1)]
  const count = ordered.length
  return (
    <section aria-label="Photos" className="grid gap-3">
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-stone-900 shadow-sm">
        <MeasurementPhoto
          photo={current}
          size="display"
          alt={
            count > 0
              ? `${species}, photo ${Math.min(index, count - 1) + 1} of ${count}`
              : `No photo of this ${species}`
          }
          loading="eager"
          className="max-h-[70vh] w-full object-contain"
        />
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {ordered.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={`Photo ${i + 1} of ${count}${i === 0 && photo.id === coverPhotoId ? ' (cover)' : ''}`}
                className={`block overflow-hidden rounded-lg ring-offset-2 ${i === index ? 'ring-2 ring-pine-600' : 'opacity-80 hover:opacity-100'}`}
              >
                <MeasurementPhoto photo={photo} size="thumb" alt="" className="size-16 object-cover sm:size-20" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
