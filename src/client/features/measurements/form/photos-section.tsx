import Camera from 'lucide-react/icons/camera'
import ImageIcon from 'lucide-react/icons/image'
import ImagePlus from 'lucide-react/icons/image-plus'
import Star from 'lucide-react/icons/star'
import X from 'lucide-react/icons/x'
import { type DragEvent, type ReactNode, type RefObject, useEffect, useState } from 'react'
import { buttonClass } from '#client/components/button.tsx'
import { MEASUREMENT_LIMITS } from '#shared/schemas/measurements.ts'
import type { FormPhoto } from './form-state.ts'
import { PHOTO_ACCEPT } from './photo-files.ts'

type Props = {
  photos: FormPhoto[]
  coverPhotoId: string | null
  /** Messages about files refused, or the photo field's error. */
  errors: string[]
  /** Upload progress by photo id (0..1) while saving; undefined otherwise. */
  progress?: Record<string, number> | undefined
  disabled?: boolean
  cameraInput: RefObject<HTMLInputElement | null>
  fileInput: RefObject<HTMLInputElement | null>
  cameraButton: RefObject<HTMLButtonElement | null>
  uploadButton: RefObject<HTMLButtonElement | null>
  onFiles: (files: File[]) => void
  onRemove: (id: string) => void
  onCover: (id: string) => void
  /** Shown under the photos (Analyze photo). */
  children?: ReactNode
}

/**
 * Photos of the catch: the camera on a phone, the file picker, drag-and-drop and paste (the dialog listens for
 * paste) on a desktop. Thumbnails show each photo with Remove and a Cover toggle.
 */
export function PhotosSection(props: Props) {
  const { photos, coverPhotoId, errors, progress, disabled, onFiles, onRemove, onCover } = props
  const [dragging, setDragging] = useState(false)
  const full = photos.length >= MEASUREMENT_LIMITS.photosPerMeasurement
  const cover = coverPhotoId ?? photos[0]?.id

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!disabled) onFiles([...event.dataTransfer.files])
  }

  return (
    <section aria-labelledby="add-photos-title" className="grid gap-3">
      <div>
        <h3 id="add-photos-title" className="text-lg font-bold text-stone-900">
          Photos
        </h3>
        <p id="add-photos-hint" className="text-sm text-stone-700">
          With a credit card or a quarter in the frame, a photo can be measured to scale. JPEG, PNG, WebP or HEIC, up to
          25 MB each, at most {MEASUREMENT_LIMITS.photosPerMeasurement}.
        </p>
      </div>
      <input
        ref={props.cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
      <input
        ref={props.fileInput}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="add-photo-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra for mice; the buttons inside do the same */}
      <div
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`grid gap-3 rounded-xl border-2 border-dashed p-3 sm:p-4 ${dragging ? 'border-pine-600 bg-pine-50' : 'border-stone-300 bg-stone-50'}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            ref={props.cameraButton}
            className={buttonClass('outline')}
            disabled={disabled || full}
            onClick={() => props.cameraInput.current?.click()}
            aria-describedby="add-photos-hint"
          >
            <Camera className="size-4" aria-hidden="true" />
            Take Photo
          </button>
          <button
            type="button"
            ref={props.uploadButton}
            className={buttonClass('outline')}
            disabled={disabled || full}
            onClick={() => props.fileInput.current?.click()}
            aria-describedby="add-photos-hint"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            Upload Image
          </button>
          <p className="text-sm text-stone-600 max-sm:hidden">or drag photos here, or paste one (Ctrl+V)</p>
        </div>
        {photos.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos added">
            {photos.map((photo, i) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                position={i + 1}
                cover={photo.id === cover}
                progress={progress?.[photo.id]}
                disabled={disabled}
                onRemove={() => onRemove(photo.id)}
                onCover={() => onCover(photo.id)}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {photos.length > 0 ? props.children : null}
      <div aria-live="polite">
        {errors.map((error) => (
          <p key={error} className="text-sm font-medium text-red-700" data-error-anchor>
            {error}
          </p>
        ))}
      </div>
    </section>
  )
}

type TileProps = {
  photo: FormPhoto
  position: number
  cover: boolean
  progress: number | undefined
  disabled: boolean | undefined
  onRemove: () => void
  onCover: () => void
}

function PhotoTile({ photo, position, cover, progress, disabled, onRemove, onCover }: TileProps) {
  const preview = usePreview(photo)
  const [broken, setBroken] = useState(false)
  const name = `photo ${position}`
  return (
    <li className="grid gap-1.5">
      <div
        className={`relative aspect-[4/3] overflow-hidden rounded-lg bg-stone-200 ${cover ? 'ring-2 ring-amber-400 ring-offset-2' : ''}`}
      >
        {preview && !broken ? (
          <img
            src={preview}
            alt={`${photo.name}${cover ? ' (cover)' : ''}`}
            className="size-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-stone-700">
            <ImageIcon className="size-6" aria-hidden="true" />
            <span className="line-clamp-2 text-xs break-all">{photo.name}</span>
            <span className="text-[11px] text-stone-600">No preview in this browser</span>
          </div>
        )}
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${name}`}
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-stone-950/70 text-white hover:bg-stone-950 disabled:opacity-50"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
        {progress !== undefined ? (
          <div className="absolute inset-x-0 bottom-0 bg-stone-950/60 px-2 py-1.5">
            <div
              role="progressbar"
              aria-label={`Upload of ${name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-white/30"
            >
              <div
                className="h-full rounded-full bg-amber-400 transition-[width]"
                style={{ width: `${progress * 100}%` }}
              />
            </div>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        aria-pressed={cover}
        onClick={onCover}
        disabled={disabled}
        className={`inline-flex h-8 items-center justify-center gap-1.5 rounded-md text-xs font-semibold ${cover ? 'bg-amber-100 text-amber-950' : 'text-stone-700 hover:bg-stone-100'}`}
      >
        <Star className={`size-3.5 ${cover ? 'fill-current' : ''}`} aria-hidden="true" />
        Cover<span className="sr-only"> {name}</span>
      </button>
    </li>
  )
}

/**
 * An object URL for a new photo (revoked when it goes), the thumbnail URL for a stored one. A HEIC photo is tried
 * too (Safari draws it); where the browser cannot, the image errors and the tile shows the file name.
 */
function usePreview(photo: FormPhoto): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined)
  const file = photo.kind === 'new' ? photo.file : undefined
  useEffect(() => {
    if (!file) return
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return photo.kind === 'existing' ? photo.thumbUrl : url
}
