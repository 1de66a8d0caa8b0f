import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import type { MeasuredValue } from '#client/features/measuring/index.ts'
import type { ReferenceKind } from '#shared/measuring/index.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { clearFieldErrors, editForm } from './form-edit.ts'
import type { MeasurementFormMethods } from './form-values.ts'
import { type MeasuringSession, measurablePhoto, measuringSession, withMeasuredValue } from './measured-values.ts'
import type { PhotoFiles } from './use-photo-files.ts'

export type Measuring = {
  /** The tool as it is open, or null. */
  session: MeasuringSession | null
  /** Opens the tool on the form's photo for a field; undefined when no photo can be drawn here (HEIC). */
  start: ((field: string, label: string) => void) | undefined
  open: (session: MeasuringSession) => void
  close: () => void
  /** Writes a measured value into its field. */
  apply: (field: string, value: MeasuredValue, photoId: string | undefined) => void
}

/** The measuring tool over the form: opened on the cover photo (or the first it can draw) for one field. */
export function useMeasuring(form: MeasurementFormMethods, units: UnitSystem): Measuring {
  const [session, setSession] = useState<MeasuringSession | null>(null)
  const [photos, coverPhotoId] = useWatch({ control: form.control, name: ['photos', 'coverPhotoId'] })
  const photo = measurablePhoto(photos, coverPhotoId)
  return {
    session,
    start: photo ? (field, label) => setSession(measuringSession(photo, field, label)) : undefined,
    open: setSession,
    close: () => setSession(null),
    apply: (field, value, photoId) => {
      clearFieldErrors(form, [field])
      editForm(form, (values) => withMeasuredValue(values, field, value, photoId, units))
    },
  }
}

type Start = {
  initialPhoto: Blob | undefined
  initialMeasured: MeasuredValue | undefined
  /** Given, the tool opens on the photo with it (when no value was measured yet). */
  initialReference: ReferenceKind | undefined
}

/** Opened from the measuring tool's 'Record a measurement': the photo is added and its value (or the tool) waits. */
export function useStartWithPhoto(start: Start, files: PhotoFiles, measuring: Measuring): void {
  const started = useRef(false)
  const begin = useEffectEvent(() => {
    const blob = start.initialPhoto
    if (!blob) return
    const file =
      blob instanceof File
        ? blob
        : new File([blob], `photo.${blob.type === 'image/png' ? 'png' : 'jpg'}`, { type: blob.type || 'image/jpeg' })
    const photoId = files.add([file])?.[0]?.id
    if (start.initialMeasured) measuring.apply('quick.lengthIn', start.initialMeasured, photoId)
    else if (start.initialReference && photoId) {
      measuring.open({ target: { field: 'quick.lengthIn', label: 'Length', suggestCurve: true }, image: file, photoId })
    }
  })
  // Once, when the dialog opens (the guard keeps StrictMode's second run from adding the photo twice).
  useEffect(() => {
    if (started.current) return
    started.current = true
    begin()
  }, [])
}
