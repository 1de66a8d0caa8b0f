import { useState } from 'react'
import type { Measurement, Photo } from '#shared/schemas/measurements.ts'
import { PhotoPlaceholder } from './photo-placeholder.tsx'

/** The cover photo, else the first; undefined without photos. */
export function coverPhoto(measurement: Pick<Measurement, 'photos' | 'coverPhotoId'>): Photo | undefined {
  return measurement.photos.find((p) => p.id === measurement.coverPhotoId) ?? measurement.photos[0]
}

type Props = {
  photo: Pick<Photo, 'thumbUrl' | 'displayUrl' | 'width' | 'height'> | null | undefined
  size: 'thumb' | 'display'
  alt: string
  className?: string
  /** Cards below the fold load lazily; the first cards and the detail photo eagerly. */
  loading?: 'lazy' | 'eager'
}

/** A measurement photo, or the placeholder when there is none or it cannot be loaded (docs/product.md §2). */
export function MeasurementPhoto({ photo, size, alt, className = '', loading = 'lazy' }: Props) {
  const src = photo ? (size === 'thumb' ? photo.thumbUrl : photo.displayUrl) : undefined
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) return <PhotoPlaceholder className={className} label={alt || undefined} />
  return (
    <img
      src={src}
      alt={alt}
      width={photo?.width}
      height={photo?.height}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`block bg-stone-100 ${className}`}
    />
  )
}
