import { type ClipboardEvent, useState } from 'react'
import { MEASUREMENT_LIMITS } from '#shared/schemas/measurements.ts'
import { clearFieldErrors, editForm } from './form-edit.ts'
import { type FormPhoto, localDate, withoutPhoto, withPhotos } from './form-state.ts'
import type { MeasurementFormMethods } from './form-values.ts'
import { acceptPhotoFiles, photoType, readPhotoTakenAt } from './photo-files.ts'
import { useMounted } from './use-mounted.ts'

export type PhotoFiles = {
  /** Messages about files that were not added (the last pick, drop or paste). */
  refused: string[]
  /** The date taken was filled from the first photo's capture time. */
  dateFromPhoto: boolean
  add: (files: readonly File[]) => FormPhoto[] | undefined
  remove: (id: string) => void
  setCover: (id: string) => void
  paste: (event: ClipboardEvent) => void
}

/**
 * Photos picked, dropped or pasted: added up to the limit, the first one's capture time as the date taken unless
 * the member set the date (or is editing a measurement, whose date is its own).
 */
export function usePhotoFiles(form: MeasurementFormMethods, mode: 'create' | 'edit', busy: boolean): PhotoFiles {
  const [refused, setRefused] = useState<string[]>([])
  const [dateFromPhoto, setDateFromPhoto] = useState(false)
  const mounted = useMounted()
  const dateChosen = () => mode === 'edit' || form.getFieldState('date').isTouched

  const fillDateFrom = (file: File) => {
    void readPhotoTakenAt(file).then((taken) => {
      if (!taken || dateChosen() || !mounted.current) return
      if (taken.date > localDate(new Date())) return
      form.setValue('date', taken.date)
      form.setValue('time', taken.time)
      form.setValue('offset', taken.offset)
      setDateFromPhoto(true)
    })
  }

  const add = (files: readonly File[]) => {
    const count = form.getValues('photos').length
    const { accepted, errors } = acceptPhotoFiles(files, MEASUREMENT_LIMITS.photosPerMeasurement - count)
    setRefused(errors)
    const [first] = accepted
    if (!first) return undefined
    clearFieldErrors(form, ['photos'])
    const added: FormPhoto[] = accepted.map((file, i) => ({
      id: crypto.randomUUID(),
      kind: 'new',
      file,
      name: file.name || `photo-${count + i + 1}.jpg`,
      type: photoType(file) ?? 'image/jpeg',
    }))
    editForm(form, (values) => withPhotos(values, added))
    if (count === 0 && !dateChosen()) fillDateFrom(first)
    return added
  }

  const paste = (event: ClipboardEvent) => {
    if (busy) return
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'))
    if (images.length === 0) return
    event.preventDefault()
    add(images)
  }

  return {
    refused,
    dateFromPhoto,
    add,
    remove: (id) => editForm(form, (values) => withoutPhoto(values, id)),
    setCover: (id) => editForm(form, (values) => ({ ...values, coverPhotoId: id })),
    paste,
  }
}
