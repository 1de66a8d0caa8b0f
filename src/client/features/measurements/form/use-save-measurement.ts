import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { paths } from '#client/app/paths.ts'
import { toast } from '#client/components/toast-store.ts'
import type { Measurement, UpdateMeasurement } from '#shared/schemas/measurements.ts'
import { useUpdateMeasurement } from '../api.ts'
import { useOutboxEntries } from '../offline/hooks.ts'
import { enqueueMeasurement, type OutboxEntry } from '../offline/outbox.ts'
import { uploadPhoto } from '../offline/upload.ts'
import { type FormErrors, formKind, toCreateInput } from './build-input.ts'
import { showFormErrors } from './form-edit.ts'
import type { MeasurementFormMethods } from './form-values.ts'
import { rememberSpecies } from './recent-species.ts'
import { type SavePhase, saveErrors, serverMessageErrors } from './save-state.ts'
import { useMounted } from './use-mounted.ts'

type Options = {
  form: MeasurementFormMethods
  mode: 'create' | 'edit'
  measurement: Measurement | undefined
  onClose: () => void
}

export type SaveMeasurement = {
  phase: SavePhase
  /** The outbox's entry of the measurement while it is being sent. */
  entry: OutboxEntry | undefined
  /** A save is under way: every field is disabled. */
  busy: boolean
  /** Bumped when messages are shown, so the first one takes the focus (useFocusFirstError). */
  focusRequest: number
  save: () => Promise<void>
  /** A new photo sent for analysis is on the server already: an edit does not upload it again. */
  markUploaded: (photoId: string) => void
}

/**
 * Save: the resolver checks the form (form-values.ts); a new measurement is kept on this device and the outbox
 * sends it, an edit uploads its new photos and then the changes. A failed save keeps everything typed.
 */
export function useSaveMeasurement({ form, mode, measurement, onClose }: Options): SaveMeasurement {
  const [phase, setPhase] = useState<SavePhase>({ kind: 'editing' })
  const [focusRequest, setFocusRequest] = useState(0)
  // The client-made id: a repeated sync of this draft is the same measurement.
  const [measurementId] = useState(() => crypto.randomUUID())
  const uploaded = useRef(new Set<string>())
  const mounted = useMounted()
  const update = useUpdateMeasurement()
  const entries = useOutboxEntries()
  const entry = phase.kind === 'syncing' ? entries.find((e) => e.id === phase.id) : undefined
  const busy = phase.kind !== 'editing'
  const { isSubmitting } = form.formState

  const showErrors = (errors: FormErrors) => {
    showFormErrors(form, errors)
    setFocusRequest((n) => n + 1)
  }

  // The outbox refused the draft (the server said 400): back to the form, the message next to its field.
  const refused =
    phase.kind === 'syncing' && entry?.state === 'failed'
      ? (entry.error ?? 'The server refused this measurement.')
      : undefined
  const onRefused = useEffectEvent((message: string) => {
    setPhase({ kind: 'editing' })
    showErrors(serverMessageErrors(message, formKind(form.getValues())))
  })
  useEffect(() => {
    if (refused !== undefined) onRefused(refused)
  }, [refused])

  const saveCreate = async (input: UpdateMeasurement) => {
    const id = measurementId
    const values = form.getValues()
    setPhase({ kind: 'storing' })
    let synced: Promise<boolean>
    try {
      const photos = values.photos.flatMap((p) => (p.kind === 'new' ? [{ id: p.id, file: p.file, name: p.name }] : []))
      synced = (await enqueueMeasurement({ input: toCreateInput(id, input), photos })).synced
    } catch {
      setPhase({ kind: 'editing' })
      showErrors({
        form: 'This device could not keep the measurement (its storage is full or blocked). Nothing was saved; everything you entered is still here.',
      })
      return
    }
    rememberSpecies(values.speciesId)
    if (!navigator.onLine) {
      toast({
        title: 'Saved on this device',
        description: 'Waiting to sync: it will be uploaded when you are back online.',
      })
      onClose()
      return
    }
    setPhase({ kind: 'syncing', id })
    // Only once the server has it: a draft still in the outbox has no page to view yet.
    if (await synced) {
      toast({
        title: 'Measurement saved',
        action: { label: 'View', href: paths.measurement.href(id), altText: 'View the measurement you saved' },
      })
      if (mounted.current) onClose()
      return
    }
    // Not on the server yet (no answer, or refused: the effect above handles a refusal). The outbox tries again.
    if (mounted.current) setPhase((p) => (p.kind === 'syncing' && p.id === id ? { ...p, stalled: true } : p))
  }

  const saveEdit = async (current: Measurement, input: UpdateMeasurement) => {
    if (!navigator.onLine) {
      showErrors({
        form: 'You are offline. Changes to a saved measurement need a connection: keep this open and save again when you are back online.',
      })
      return
    }
    const values = form.getValues()
    const fresh = values.photos.flatMap((p) => (p.kind === 'new' && !uploaded.current.has(p.id) ? [p] : []))
    setPhase({ kind: 'uploading', progress: Object.fromEntries(fresh.map((p) => [p.id, 0])) })
    try {
      for (const photo of fresh) {
        await uploadPhoto(
          photo.file,
          photo.id,
          (fraction) =>
            setPhase((p) => (p.kind === 'uploading' ? { ...p, progress: { ...p.progress, [photo.id]: fraction } } : p)),
          { name: photo.name },
        )
        uploaded.current.add(photo.id)
      }
      await update.mutateAsync({ id: current.id, input })
      rememberSpecies(values.speciesId)
      toast({ title: 'Measurement updated' })
      onClose()
    } catch (error) {
      if (!mounted.current) return
      setPhase({ kind: 'editing' })
      showErrors(saveErrors(error, formKind(values)))
    }
  }

  const save = async () => {
    // isSubmitting covers the resolver's moment before the phase changes.
    if (busy || isSubmitting) return
    let invalid = false
    await form.handleSubmit(
      (input) => (mode === 'edit' && measurement ? saveEdit(measurement, input) : saveCreate(input)),
      () => {
        invalid = true
      },
    )()
    // After handleSubmit has shown the resolver's messages, so the focus finds them.
    if (invalid) setFocusRequest((n) => n + 1)
  }

  const markUploaded = (photoId: string) => {
    uploaded.current.add(photoId)
  }

  return { phase, entry, busy, focusRequest, save, markUploaded }
}
