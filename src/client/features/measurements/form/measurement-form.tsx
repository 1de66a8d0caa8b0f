import Ruler from 'lucide-react/icons/ruler'
import { type ClipboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import type { ReferenceKind } from '#shared/measuring/index.ts'
import { DEFAULT_SETTINGS, type Measurement, type PhotoMeasurement } from '#shared/schemas/measurements.ts'
import { formatInches, UNITS_PER_INCH } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { paths } from '../../../app/paths.ts'
import { Button } from '../../../components/button.tsx'
import { SelectField } from '../../../components/select-field.tsx'
import { toast } from '../../../components/toast-store.ts'
import { ApiError } from '../../../lib/api.ts'
import { CM_PER_INCH, formatUncertainty, inchesToCm, roundCanonical, toCanonical } from '../../../lib/units.ts'
import { type MeasuredValue, type MeasuringTarget, MeasuringToolDialog } from '../../measuring/index.ts'
import type { CalculatorField } from '../../species/calculator/field-context.tsx'
import { CalculatorFieldsProvider } from '../../species/calculator/field-context.tsx'
import { engineValueText } from '../../species/calculator/metric-entries.ts'
import { CalculatorSheet, type SheetState } from '../../species/calculator/score-calculator.tsx'
import { useSettings, useUpdateMeasurement } from '../api.ts'
import type { DialogGuard } from '../components/add-measurement-dialog.tsx'
import { useOutboxEntries } from '../offline/hooks.ts'
import { enqueueMeasurement } from '../offline/outbox.ts'
import { NetworkError, uploadPhoto } from '../offline/upload.ts'
import { applySuggestions, fillableSuggestions, measureTarget } from './ai-suggestions.ts'
import {
  buildMeasurementInput,
  type FormErrors,
  fieldForIssue,
  fishEstimate,
  issuesToErrors,
  toCreateInput,
} from './build-input.ts'
import { type DetailsField, DetailsSection } from './details-section.tsx'
import {
  categoryOptions,
  changedSheetFields,
  effectiveMethod,
  emptyForm,
  entryAt,
  type FormPhoto,
  formChart,
  formFromMeasurement,
  localDate,
  type MeasurementFormState,
  type QuickField,
  quickFieldsFor,
  quickText,
  setSheetField,
  speciesKind,
  withSpecies,
} from './form-state.ts'
import { LiveScore } from './live-score.tsx'
import { PhotoAnalysisSection } from './photo-analysis-section.tsx'
import { acceptPhotoFiles, isHeic, photoType, readPhotoTakenAt } from './photo-files.ts'
import { PhotosSection } from './photos-section.tsx'
import { QuickFields } from './quick-fields.tsx'
import { rememberSpecies } from './recent-species.ts'
import { SpeciesCombobox } from './species-combobox.tsx'

type Props = {
  mode: 'create' | 'edit'
  measurement: Measurement | undefined
  startWith: 'camera' | 'upload' | null
  initialPhoto: Blob | undefined
  initialReference: ReferenceKind | undefined
  initialMeasured: MeasuredValue | undefined
  guard: RefObject<DialogGuard | null>
  onClose: () => void
}

type Phase =
  | { kind: 'editing' }
  /** create: the draft is being written to this device */
  | { kind: 'storing' }
  /** create, online: stored; the outbox is sending it (stalled: this try did not reach the server) */
  | { kind: 'syncing'; id: string; stalled?: boolean }
  /** edit: new photos going up, then the changes */
  | { kind: 'uploading'; progress: Record<string, number> }

type Measuring = { target: MeasuringTarget; image: Blob | string; photoId: string }

/** Main beams, tines, points and a fish's length bend: the tool starts in Curve mode for them. */
const CURVED = /^(?:(?:right|left)\.(?:F|E|C|G\d|F\d|abnormal|crown)(?:\.|$)|quick\.lengthIn$)/

const GENERAL_ERRORS = ['form', 'sheet', 'quick', 'category'] as const

/** The add/edit measurement form inside the dialog (loaded with it). */
export default function MeasurementForm(props: Props) {
  const { mode, measurement, onClose } = props
  const settingsQuery = useSettings()
  const settings = settingsQuery.data ?? DEFAULT_SETTINGS
  const units = settings.units
  const [form, setForm] = useState<MeasurementFormState>(() =>
    measurement ? formFromMeasurement(measurement, settings) : emptyForm(settings, new Date()),
  )
  const [errors, setErrors] = useState<FormErrors>({})
  const [photoErrors, setPhotoErrors] = useState<string[]>([])
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' })
  const [measuring, setMeasuring] = useState<Measuring | null>(null)
  const [dateFromPhoto, setDateFromPhoto] = useState(false)
  const [focusErrors, setFocusErrors] = useState(0)
  const dateTouched = useRef(mode === 'edit')
  const settingsTouched = useRef(mode === 'edit')
  const dirty = useRef(false)
  const listOpen = useRef(false)
  const measurementId = useRef<string>(crypto.randomUUID())
  const uploaded = useRef(new Set<string>())
  const mounted = useRef(true)
  const body = useRef<HTMLDivElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const cameraButton = useRef<HTMLButtonElement>(null)
  const uploadButton = useRef<HTMLButtonElement>(null)
  const update = useUpdateMeasurement()
  const entries = useOutboxEntries()

  const species = form.speciesId ? getSpecies(form.speciesId) : undefined
  const kind = species ? speciesKind(species) : undefined
  const chart = formChart(form)
  const busy = phase.kind !== 'editing'
  const today = localDate(new Date())
  const method = effectiveMethod(form)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // Escape closes the dialog only when nothing would be lost and no list is open.
  props.guard.current = { canClose: () => !listOpen.current && !dirty.current && phase.kind === 'editing' }

  // Settings that arrive after the form opened still give the defaults, until the member changes them.
  useEffect(() => {
    if (!settingsQuery.data || settingsTouched.current) return
    const { defaultVisibility, defaultLocationPrecision } = settingsQuery.data
    setForm((f) => ({ ...f, visibility: defaultVisibility, precision: defaultLocationPrecision }))
  }, [settingsQuery.data])

  // Saving with errors: the first field with a message takes the focus.
  useEffect(() => {
    if (focusErrors === 0) return
    const first = body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]')
    first?.scrollIntoView({ block: 'center' })
    first?.focus({ preventScroll: true })
  }, [focusErrors])

  const change = (update: (f: MeasurementFormState) => MeasurementFormState) => {
    dirty.current = true
    setForm(update)
  }
  const clearErrors = (...fields: string[]) =>
    setErrors((current) => {
      const drop = [...fields, ...GENERAL_ERRORS]
      if (!drop.some((field) => field in current)) return current
      const next = { ...current }
      for (const field of drop) delete next[field]
      return next
    })

  // ---- photos ---------------------------------------------------------------------------------------------

  const addFiles = (files: readonly File[]) => {
    const { accepted, errors: refused } = acceptPhotoFiles(files, 10 - form.photos.length)
    setPhotoErrors(refused)
    if (accepted.length === 0) return
    clearErrors('photos')
    const added: FormPhoto[] = accepted.map((file, i) => ({
      id: crypto.randomUUID(),
      kind: 'new',
      file,
      name: file.name || `photo-${form.photos.length + i + 1}.jpg`,
      type: photoType(file) ?? 'image/jpeg',
    }))
    const first = form.photos.length === 0 ? accepted[0] : undefined
    change((f) => ({ ...f, photos: [...f.photos, ...added], coverPhotoId: f.coverPhotoId ?? added[0]?.id ?? null }))
    if (first && !dateTouched.current) {
      void readPhotoTakenAt(first).then((taken) => {
        if (!taken || dateTouched.current || !mounted.current) return
        if (taken.date > localDate(new Date())) return
        setForm((f) => ({ ...f, date: taken.date, time: taken.time, offset: taken.offset }))
        setDateFromPhoto(true)
      })
    }
    return added
  }

  const removePhoto = (id: string) =>
    change((f) => {
      const photos = f.photos.filter((p) => p.id !== id)
      return { ...f, photos, coverPhotoId: f.coverPhotoId === id ? (photos[0]?.id ?? null) : f.coverPhotoId }
    })

  const onPaste = (event: ClipboardEvent) => {
    if (busy) return
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'))
    if (files.length === 0) return
    event.preventDefault()
    addFiles(files)
  }

  const coverPhoto = form.photos.find((p) => p.id === form.coverPhotoId) ?? form.photos[0]

  // The photo the measuring tool opens: the cover, else the first one this browser can draw.
  const drawable = (p: FormPhoto) => p.kind === 'existing' || !isHeic(p.type)
  const measurable =
    form.photos.find((p) => p.id === (form.coverPhotoId ?? form.photos[0]?.id) && drawable(p)) ??
    form.photos.find(drawable)

  const startMeasuring = (field: string, label: string) => {
    if (!measurable) return
    setMeasuring({
      target: { field, label, suggestCurve: CURVED.test(field) },
      image: measurable.kind === 'new' ? measurable.file : measurable.displayUrl,
      photoId: measurable.id,
    })
  }

  /** A value from the measuring tool: written into its field as the engine rounds it, marked photo-measured. */
  const applyMeasured = (field: string, m: MeasuredValue, photoId: string | undefined) => {
    const mark = (valueIn: number): PhotoMeasurement => ({
      field,
      valueIn,
      uncertaintyIn: m.uncertaintyIn,
      ...(photoId ? { photoId } : {}),
      mode: m.mode,
      reference: m.reference,
    })
    if (field.startsWith('quick.')) {
      const quickField = field as QuickField
      let text: string
      let valueIn: number
      if (units === 'metric') {
        const cm = Math.round(inchesToCm(m.exactIn) * 10) / 10
        text = String(cm)
        valueIn = toCanonical(cm, 'metric', 'length')
      } else {
        // To the eighth, as a tape is read and as the card will show it (docs/scoring.md, "How values are shown").
        valueIn = Math.round(m.exactIn * 8) / 8
        text = quickText(valueIn, 'imperial', quickField)
      }
      clearErrors(field)
      change((f) => ({
        ...f,
        quick: { ...f.quick, [quickField]: text },
        photoMeasured: { ...f.photoMeasured, [field]: mark(valueIn) },
        aiEstimated: withoutFields(f.aiEstimated, [field]),
      }))
      return
    }
    // A chart entry: inches as the engine rounds them (1/8 or 1/16), or centimetres whose inches are rounded so.
    const unit = chart?.unit ?? 'eighths'
    const per = UNITS_PER_INCH[unit]
    const cm = Math.round(inchesToCm(m.exactIn) * 10) / 10
    const inches = units === 'metric' ? cm / CM_PER_INCH : m.exactIn
    const valueIn = Math.round(inches * per) / per
    clearErrors(field)
    change((f) => ({
      ...f,
      sheet: setSheetField(f.sheet, field, units === 'metric' ? String(cm) : formatInches(valueIn, unit)),
      photoMeasured: { ...f.photoMeasured, [field]: mark(roundCanonical(valueIn)) },
      aiEstimated: withoutFields(f.aiEstimated, [field]),
    }))
  }

  // Opened from the measuring tool's 'Record a measurement': the photo is added and its value (or the tool) waits.
  const started = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (started.current) return
    started.current = true
    if (props.initialPhoto) {
      const blob = props.initialPhoto
      const file =
        blob instanceof File
          ? blob
          : new File([blob], `photo.${blob.type === 'image/png' ? 'png' : 'jpg'}`, { type: blob.type || 'image/jpeg' })
      const added = addFiles([file])
      const photoId = added?.[0]?.id
      if (props.initialMeasured) applyMeasured('quick.lengthIn', props.initialMeasured, photoId)
      else if (props.initialReference && photoId) {
        setMeasuring({ target: { field: 'quick.lengthIn', label: 'Length', suggestCurve: true }, image: file, photoId })
      }
    } else if (props.startWith) {
      const button = props.startWith === 'camera' ? cameraButton.current : uploadButton.current
      button?.focus()
      const input = props.startWith === 'camera' ? cameraInput.current : fileInput.current
      try {
        input?.click()
      } catch {
        // No user gesture left: the focused button opens it with one tap.
      }
    }
  }, [])

  // ---- measurements ---------------------------------------------------------------------------------------

  const sheetValue: SheetState = { category: form.category, system: form.system, form: form.sheet }
  const onSheetChange = (update: (sheet: SheetState) => SheetState) => {
    dirty.current = true
    setForm((f) => {
      const before: SheetState = { category: f.category, system: f.system, form: f.sheet }
      const next = update(before)
      const changed = changedSheetFields(f.sheet, next.form)
      if (changed.length > 0) queueMicrotask(() => clearErrors(...changed))
      const photoMeasured = { ...f.photoMeasured }
      for (const field of changed) delete photoMeasured[field]
      const aiEstimated = withoutFields(f.aiEstimated, changed)
      return { ...f, category: next.category, system: next.system, sheet: next.form, photoMeasured, aiEstimated }
    })
  }

  const onQuickChange = (field: QuickField, value: string) => {
    clearErrors(field)
    change((f) => {
      const photoMeasured = { ...f.photoMeasured }
      delete photoMeasured[field]
      return {
        ...f,
        quick: { ...f.quick, [field]: value },
        photoMeasured,
        aiEstimated: withoutFields(f.aiEstimated, [field]),
      }
    })
  }

  const noteFor = (field: string, unitSystem = units) => {
    const pm = form.photoMeasured[field]
    if (pm) return `${formatUncertainty(pm.uncertaintyIn, unitSystem)} · photo-measured`
    return form.aiEstimated[field] ? 'AI estimate from the photo · check it' : undefined
  }

  const measureButton = (field: string, label: string) =>
    measurable ? (
      <Button
        variant="outline"
        size="icon"
        className="size-9 shrink-0 sm:size-10"
        aria-label={`Measure ${label} on photo`}
        title="Measure on photo"
        disabled={busy}
        onClick={() => startMeasuring(field, label)}
      >
        <Ruler className="size-4" aria-hidden="true" />
      </Button>
    ) : null

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when what the add-ons show changes
  const fieldExtras = useMemo(
    () => ({
      idPrefix: 'add',
      units,
      addon: (field: CalculatorField) => (field.quantity === 'length' ? measureButton(field.id, field.label) : null),
      note: (id: string) => noteFor(id),
      // Metric: the inches (or pounds) each entry is read as, under it.
      hint: (id: string) => {
        if (units !== 'metric' || !chart) return undefined
        const found = entryAt(chart, form.sheet, id)
        return found ? engineValueText(found.text, chart, found.quantity) : undefined
      },
    }),
    [measurable, form.photoMeasured, form.aiEstimated, form.sheet, chart, busy, units],
  )

  const quickFields = species ? quickFieldsFor(species, form.category) : []
  const estimate = species && kind === 'fish' ? fishEstimate(form, species, units) : undefined

  // ---- details --------------------------------------------------------------------------------------------

  const onDetailsChange = (patch: Partial<MeasurementFormState>, field: DetailsField) => {
    if (field === 'date') {
      dateTouched.current = true
      setDateFromPhoto(false)
    }
    if (field === 'visibility' || field === 'precision') settingsTouched.current = true
    clearErrors(field, ...(field === 'lat' || field === 'lon' ? ['lat', 'lon'] : []))
    change((f) => ({ ...f, ...patch }))
  }

  // ---- save -----------------------------------------------------------------------------------------------

  const showErrors = (next: FormErrors) => {
    setErrors(next)
    setFocusErrors((n) => n + 1)
  }

  const entry = phase.kind === 'syncing' ? entries.find((e) => e.id === phase.id) : undefined

  // The outbox refused the draft (the server said 400): back to the form, the message next to its field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: showErrors only sets state
  useEffect(() => {
    if (phase.kind !== 'syncing' || entry?.state !== 'failed') return
    setPhase({ kind: 'editing' })
    showErrors(serverMessageErrors(entry.error ?? 'The server refused this measurement.', kind ?? 'quick'))
  }, [phase, entry, kind])

  const save = async () => {
    if (busy) return
    const built = buildMeasurementInput(form, { units, now: new Date() })
    if (!built.ok) {
      showErrors(built.errors)
      return
    }
    setErrors({})
    if (mode === 'edit' && measurement) await saveEdit(measurement, built.input)
    else await saveCreate(built.input)
  }

  const saveCreate = async (input: Parameters<typeof toCreateInput>[1]) => {
    const id = measurementId.current
    setPhase({ kind: 'storing' })
    let synced: Promise<boolean>
    try {
      const photos = form.photos.flatMap((p) => (p.kind === 'new' ? [{ id: p.id, file: p.file, name: p.name }] : []))
      synced = (await enqueueMeasurement({ input: toCreateInput(id, input), photos })).synced
    } catch {
      setPhase({ kind: 'editing' })
      showErrors({
        form: 'This device could not keep the measurement (its storage is full or blocked). Nothing was saved; everything you entered is still here.',
      })
      return
    }
    rememberSpecies(form.speciesId)
    dirty.current = false
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

  const saveEdit = async (current: Measurement, input: Parameters<typeof toCreateInput>[1]) => {
    if (!navigator.onLine) {
      showErrors({
        form: 'You are offline. Changes to a saved measurement need a connection: keep this open and save again when you are back online.',
      })
      return
    }
    const fresh = form.photos.flatMap((p) => (p.kind === 'new' && !uploaded.current.has(p.id) ? [p] : []))
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
      dirty.current = false
      rememberSpecies(form.speciesId)
      toast({ title: 'Measurement updated' })
      onClose()
    } catch (error) {
      if (!mounted.current) return
      setPhase({ kind: 'editing' })
      showErrors(saveErrors(error, kind ?? 'quick'))
    }
  }

  // ---- layout ---------------------------------------------------------------------------------------------

  const progress =
    phase.kind === 'uploading'
      ? phase.progress
      : phase.kind === 'syncing'
        ? photoShares(
            form.photos.filter((p) => p.kind === 'new').map((p) => p.id),
            entry?.progress ?? 0,
          )
        : undefined

  const general = GENERAL_ERRORS.flatMap((field) => (errors[field] ? [errors[field]] : []))

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a scroll container named for when it takes the focus; the fieldset is inside */}
      <div
        ref={body}
        onPaste={onPaste}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-inset sm:px-6"
        data-testid="add-measurement-body"
        // While saving every field is disabled: the body itself takes the focus, so it can still be scrolled.
        role="group"
        aria-label="Measurement"
        tabIndex={busy ? 0 : undefined}
      >
        <fieldset disabled={busy} className="grid gap-8">
          <PhotosSection
            photos={form.photos}
            coverPhotoId={form.coverPhotoId}
            errors={[...photoErrors, ...(errors.photos ? [errors.photos] : [])]}
            progress={progress}
            disabled={busy}
            cameraInput={cameraInput}
            fileInput={fileInput}
            cameraButton={cameraButton}
            uploadButton={uploadButton}
            onFiles={addFiles}
            onRemove={removePhoto}
            onCover={(id) => change((f) => ({ ...f, coverPhotoId: id }))}
          >
            {coverPhoto ? (
              <PhotoAnalysisSection
                photo={coverPhoto}
                photoIds={form.photos.map((p) => p.id)}
                units={units}
                disabled={busy}
                canMeasure={measurable !== undefined}
                onMeasure={() => {
                  const target = measureTarget(form)
                  startMeasuring(target.field, target.label)
                }}
                onUploaded={(id) => uploaded.current.add(id)}
                fillable={(analysis, withSpecies) => fillableSuggestions(form, analysis, withSpecies)}
                onAccept={(analysis, keys) => {
                  const applied = applySuggestions(form, analysis, keys, units)
                  setErrors({})
                  change(() => applied.form)
                  return applied.filled
                }}
              />
            ) : null}
          </PhotosSection>

          <section aria-labelledby="add-species-title" className="grid gap-4">
            <h3 id="add-species-title" className="text-lg font-bold text-stone-900">
              Species
            </h3>
            <SpeciesCombobox
              id="add-species"
              value={species}
              error={errors.species}
              onOpenChange={(open) => {
                listOpen.current = open
              }}
              onChange={(picked) => {
                setErrors({})
                change((f) => withSpecies(f, picked))
              }}
            />
            {species && kind === 'fish' && (species.fishFormulas?.length ?? 0) > 1 ? (
              <SelectField
                id="add-formula"
                label="Weight formula"
                value={form.category}
                placeholder="Formula"
                options={categoryOptions(species)}
                onValueChange={(value) => change((f) => ({ ...f, category: value }))}
              />
            ) : null}
          </section>

          {species ? (
            <section aria-labelledby="add-values-title" className="grid gap-4">
              <div>
                <h3 id="add-values-title" className="text-lg font-bold text-stone-900">
                  Measurements
                </h3>
                {kind === 'chart' && units === 'metric' ? (
                  <p className="text-sm text-stone-700">
                    Type centimetres, e.g. <span className="font-mono">61.5</span>. Record books score in inches: each
                    value is converted and rounded as the book reads it, shown under it. Leave a missing point blank.
                    {measurable ? ' The ruler beside a field measures it on your photo.' : ''}
                  </p>
                ) : kind === 'chart' ? (
                  <p className="text-sm text-stone-700">
                    Record-book charts are read in inches: <span className="font-mono">24 2/8</span>,{' '}
                    <span className="font-mono">24-2</span>, <span className="font-mono">24.25</span> and{' '}
                    <span className="font-mono">24¼</span> all work. Leave a missing point blank.
                    {measurable ? ' The ruler beside a field measures it on your photo.' : ''}
                  </p>
                ) : measurable ? (
                  <p className="text-sm text-stone-700">The ruler beside a field measures it on your photo.</p>
                ) : null}
              </div>
              {general.length > 0 ? (
                <div
                  role="alert"
                  tabIndex={-1}
                  data-error-anchor
                  className="grid gap-1 rounded-lg bg-red-50 px-3 py-2 outline-none"
                >
                  {general.map((message) => (
                    <p key={message} className="text-sm font-medium text-red-800">
                      {message}
                    </p>
                  ))}
                </div>
              ) : null}
              {kind === 'chart' ? (
                <CalculatorFieldsProvider value={fieldExtras}>
                  <CalculatorSheet
                    species={species}
                    categories={categoryOptions(species)}
                    value={sheetValue}
                    onChange={onSheetChange}
                    layout="dialog"
                    extraErrors={errors}
                  />
                </CalculatorFieldsProvider>
              ) : (
                <QuickFields
                  species={species}
                  fields={quickFields}
                  values={form.quick}
                  units={units}
                  errors={errors}
                  notes={Object.fromEntries(quickFields.map((f) => [f, noteFor(f)]))}
                  addon={(field, label) => measureButton(field, label)}
                  estimate={estimate}
                  onChange={onQuickChange}
                />
              )}
            </section>
          ) : general.length > 0 ? (
            <div role="alert" tabIndex={-1} data-error-anchor className="rounded-lg bg-red-50 px-3 py-2 outline-none">
              {general.map((message) => (
                <p key={message} className="text-sm font-medium text-red-800">
                  {message}
                </p>
              ))}
            </div>
          ) : null}

          <DetailsSection
            form={form}
            method={method}
            errors={errors}
            today={today}
            dateFromPhoto={dateFromPhoto}
            disabled={busy}
            onChange={onDetailsChange}
          />
        </fieldset>
      </div>

      <footer className="border-t border-stone-200 bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:rounded-b-2xl sm:px-6">
        {phase.kind === 'syncing' ? (
          <SyncStatus
            progress={entry?.progress ?? 0}
            waiting={entry?.state === 'waiting' && (entry.progress ?? 0) === 0}
            stalled={phase.stalled === true && entry?.state !== 'uploading'}
            onClose={onClose}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <LiveScore form={form} species={species} estimate={estimate} units={units} />
            <div className="ml-auto flex gap-2">
              <Button variant="outline" onClick={onClose} disabled={phase.kind === 'uploading'}>
                Cancel
              </Button>
              <Button onClick={() => void save()} disabled={busy}>
                {busy ? 'Saving...' : mode === 'edit' ? 'Save changes' : 'Save'}
              </Button>
            </div>
          </div>
        )}
      </footer>

      {measuring ? (
        <MeasuringToolDialog
          open
          onOpenChange={(open) => {
            if (!open) setMeasuring(null)
          }}
          image={measuring.image}
          target={measuring.target}
          {...(props.initialReference ? { initialReference: props.initialReference } : {})}
          onMeasured={(m) => {
            applyMeasured(measuring.target.field, m, measuring.photoId)
            setMeasuring(null)
          }}
        />
      ) : null}
    </>
  )
}

/** While the outbox sends a new measurement: one bar, and a way to leave it to finish in the background. */
type SyncProps = { progress: number; waiting: boolean; stalled: boolean; onClose: () => void }

function SyncStatus({ progress, waiting, stalled, onClose }: SyncProps) {
  const percent = Math.round(progress * 100)
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold text-stone-900" aria-live="polite">
          {stalled
            ? 'Saved on this device. Waiting to sync: it will upload by itself when the server can be reached.'
            : waiting
              ? 'Saved on this device. Uploading...'
              : `Uploading... ${percent}%`}
        </p>
        <Button variant="outline" size="sm" className="ml-auto" onClick={onClose}>
          Close — it will finish in the background
        </Button>
      </div>
      <div
        hidden={stalled}
        role="progressbar"
        aria-label="Upload of the measurement"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-pine-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** The marks without the fields named (typed over, measured on the photo). */
function withoutFields(marks: Record<string, true>, fields: readonly string[]): Record<string, true> {
  if (!fields.some((field) => field in marks)) return marks
  const next = { ...marks }
  for (const field of fields) delete next[field]
  return next
}

/** The outbox's progress of a whole entry, shown per photo: photos go up in order. */
function photoShares(ids: string[], progress: number): Record<string, number> {
  return Object.fromEntries(ids.map((id, i) => [id, Math.max(0, Math.min(1, progress * ids.length - i))]))
}

/** A save that failed → messages by field: server issues, its message, or a plain word about the connection. */
function saveErrors(error: unknown, kind: 'chart' | 'fish' | 'quick'): FormErrors {
  if (error instanceof NetworkError) {
    return { form: 'No connection to the server. Nothing was lost: save again when you are back online.' }
  }
  if (error instanceof ApiError) {
    const fields = error.issues?.length ? issuesToErrors(error.issues, kind) : {}
    if (Object.keys(fields).length > 0) return fields
    if (error.serverMessage) return serverMessageErrors(error.serverMessage, kind)
    return { form: `The server could not save it (${error.status}). Everything you entered is still here.` }
  }
  return { form: 'Something went wrong. Everything you entered is still here: try again.' }
}

/** The server's one-line message (`takenAt: Date taken cannot be in the future`) → the field it names. */
function serverMessageErrors(message: string, kind: 'chart' | 'fish' | 'quick'): FormErrors {
  const match = /^([A-Za-z][\w.]*): (.+)$/.exec(message)
  if (match?.[1] && match[2]) return { [fieldForIssue(match[1], kind)]: match[2] }
  return { form: message }
}
