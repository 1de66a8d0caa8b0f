import { useEffect, useRef } from 'react'
import { useWatch } from 'react-hook-form'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { applySuggestions, fillableSuggestions, measureTarget } from './ai-suggestions.ts'
import { editForm, useFormErrors, useMeasurementForm } from './form-edit.ts'
import { coverPhoto, type FormPhoto } from './form-state.ts'
import { PhotoAnalysisSection } from './photo-analysis-section.tsx'
import { PhotosSection } from './photos-section.tsx'
import type { Measuring } from './use-measuring.ts'
import type { PhotoFiles } from './use-photo-files.ts'

type Props = {
  files: PhotoFiles
  measuring: Measuring
  units: UnitSystem
  busy: boolean
  /** Upload progress by photo while saving. */
  progress: (photos: readonly FormPhoto[]) => Record<string, number> | undefined
  /** Take Photo or Upload Image opened the dialog: that picker opens at once. */
  startWith: 'camera' | 'upload' | null
  onUploaded: (photoId: string) => void
}

/** The photos of the form, and 'Analyze photo' under them. */
export function PhotosPanel({ files, measuring, units, busy, progress, startWith, onUploaded }: Props) {
  const { control } = useMeasurementForm()
  const [photos, coverPhotoId] = useWatch({ control, name: ['photos', 'coverPhotoId'] })
  const errors = useFormErrors()
  const pickers = usePhotoPickers(startWith)
  const cover = coverPhoto(photos, coverPhotoId)
  return (
    <PhotosSection
      photos={photos}
      coverPhotoId={coverPhotoId}
      errors={[...files.refused, ...(errors.photos ? [errors.photos] : [])]}
      progress={progress(photos)}
      disabled={busy}
      {...pickers}
      onFiles={files.add}
      onRemove={files.remove}
      onCover={files.setCover}
    >
      {cover ? (
        <AnalysisPanel
          photo={cover}
          photoIds={photos.map((p) => p.id)}
          units={units}
          busy={busy}
          measuring={measuring}
          onUploaded={onUploaded}
        />
      ) : null}
    </PhotosSection>
  )
}

/** The photo inputs and their buttons; the one the dialog was opened with is opened at once. */
function usePhotoPickers(startWith: 'camera' | 'upload' | null) {
  const cameraInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const cameraButton = useRef<HTMLButtonElement>(null)
  const uploadButton = useRef<HTMLButtonElement>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !startWith) return
    started.current = true
    const button = startWith === 'camera' ? cameraButton.current : uploadButton.current
    button?.focus()
    const input = startWith === 'camera' ? cameraInput.current : fileInput.current
    try {
      input?.click()
    } catch {
      // No user gesture left: the focused button opens it with one tap.
    }
  }, [startWith])
  return { cameraInput, fileInput, cameraButton, uploadButton }
}

type AnalysisProps = {
  photo: FormPhoto
  photoIds: string[]
  units: UnitSystem
  busy: boolean
  measuring: Measuring
  onUploaded: (photoId: string) => void
}

/** 'Analyze photo' on the cover; accepted suggestions fill the form. */
function AnalysisPanel({ photo, photoIds, units, busy, measuring, onUploaded }: AnalysisProps) {
  const form = useMeasurementForm()
  // Rendered again when the species or chart changes: what the suggestions can fill depends on them.
  useWatch({ control: form.control, name: ['speciesId', 'category', 'system'] })
  return (
    <PhotoAnalysisSection
      photo={photo}
      photoIds={photoIds}
      units={units}
      disabled={busy}
      canMeasure={measuring.start !== undefined}
      onMeasure={() => {
        const target = measureTarget(form.getValues())
        measuring.start?.(target.field, target.label)
      }}
      onUploaded={onUploaded}
      fillable={(analysis, withSpecies) => fillableSuggestions(form.getValues(), analysis, withSpecies)}
      onAccept={(analysis, keys) => {
        const applied = applySuggestions(form.getValues(), analysis, keys, units)
        form.clearErrors()
        editForm(form, () => applied.form)
        return applied.filled
      }}
    />
  )
}
