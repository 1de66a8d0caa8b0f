import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { type MeasuredValue, MeasuringToolDialog } from '#client/features/measuring/index.ts'
import type { ReferenceKind } from '#shared/measuring/index.ts'
import {
  DEFAULT_SETTINGS,
  type Measurement,
  type Settings,
  type UpdateMeasurement,
} from '#shared/schemas/measurements.ts'
import { useSettings } from '../api.ts'
import type { DialogGuard } from '../components/add-measurement-dialog.tsx'
import { DetailsSection } from './details-section.tsx'
import { useFocusFirstError } from './form-edit.ts'
import { FormFooter } from './form-footer.tsx'
import { emptyForm, formFromMeasurement, type MeasurementFormState } from './form-state.ts'
import { type MeasurementFormContext, type MeasurementFormMethods, measurementResolver } from './form-values.ts'
import { PhotosPanel } from './photos-panel.tsx'
import { photoProgress } from './save-state.ts'
import { SpeciesPanel } from './species-panel.tsx'
import { useMeasuring, useStartWithPhoto } from './use-measuring.ts'
import { usePhotoFiles } from './use-photo-files.ts'
import { useSaveMeasurement } from './use-save-measurement.ts'
import { ValuesPanel } from './values-panel.tsx'

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

/**
 * The add/edit measurement form inside the dialog (loaded with it). react-hook-form holds the values, what the
 * member touched and the messages (form-values.ts); each section reads the part it shows.
 */
export default function MeasurementForm(props: Props) {
  const { mode, measurement, onClose } = props
  const settingsQuery = useSettings()
  const units = (settingsQuery.data ?? DEFAULT_SETTINGS).units
  const form = useMeasurementFormState(mode, measurement, settingsQuery.data)
  const saving = useSaveMeasurement({ form, mode, measurement, onClose })
  const files = usePhotoFiles(form, mode, saving.busy)
  const measuring = useMeasuring(form, units)
  useStartWithPhoto(props, files, measuring)
  const { session } = measuring
  const body = useRef<HTMLDivElement>(null)
  useFocusFirstError(body, saving.focusRequest)

  // Escape closes the dialog only when nothing would be lost and no list is open.
  const listOpen = useRef(false)
  const edited = Object.keys(form.formState.touchedFields).length > 0
  useImperativeHandle(props.guard, () => ({ canClose: () => !listOpen.current && !edited && !saving.busy }), [
    edited,
    saving.busy,
  ])

  return (
    <FormProvider {...form}>
      {/* biome-ignore lint/a11y/useSemanticElements: a scroll container named for when it takes the focus; the fieldset is inside */}
      <div
        ref={body}
        onPaste={files.paste}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-inset sm:px-6"
        data-testid="add-measurement-body"
        // While saving every field is disabled: the body itself takes the focus, so it can still be scrolled.
        role="group"
        aria-label="Measurement"
        tabIndex={saving.busy ? 0 : undefined}
      >
        <fieldset disabled={saving.busy} className="grid gap-8">
          <PhotosPanel
            files={files}
            measuring={measuring}
            units={units}
            busy={saving.busy}
            progress={(photos) => photoProgress(saving.phase, photos, saving.entry?.progress)}
            startWith={props.initialPhoto ? null : props.startWith}
            onUploaded={saving.markUploaded}
          />
          <SpeciesPanel
            onListOpenChange={(open) => {
              listOpen.current = open
            }}
          />
          <ValuesPanel units={units} busy={saving.busy} measuring={measuring} />
          <DetailsSection busy={saving.busy} dateFromPhoto={files.dateFromPhoto} />
        </fieldset>
      </div>

      <FormFooter mode={mode} units={units} saving={saving} onClose={onClose} />

      {session ? (
        <MeasuringToolDialog
          open
          onOpenChange={(open) => {
            if (!open) measuring.close()
          }}
          image={session.image}
          target={session.target}
          {...(props.initialReference ? { initialReference: props.initialReference } : {})}
          onMeasured={(m) => {
            measuring.apply(session.target.field, m, session.photoId)
            measuring.close()
          }}
        />
      ) : null}
    </FormProvider>
  )
}

/**
 * The form's react-hook-form state: a stored measurement, or an empty one with the member's defaults. Messages
 * appear on saving only and go when their field is edited (form-edit.ts), never while typing.
 */
function useMeasurementFormState(
  mode: 'create' | 'edit',
  measurement: Measurement | undefined,
  settings: Settings | undefined,
): MeasurementFormMethods {
  const [defaultValues] = useState<MeasurementFormState>(() =>
    measurement
      ? formFromMeasurement(measurement, settings ?? DEFAULT_SETTINGS)
      : emptyForm(settings ?? DEFAULT_SETTINGS, new Date()),
  )
  const form = useForm<MeasurementFormState, MeasurementFormContext, UpdateMeasurement>({
    defaultValues,
    resolver: measurementResolver,
    context: { units: (settings ?? DEFAULT_SETTINGS).units },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { getFieldState, setValue } = form

  // Settings that arrive after the form opened still give the defaults, until the member changes them.
  useEffect(() => {
    if (!settings || mode === 'edit') return
    if (getFieldState('visibility').isTouched || getFieldState('precision').isTouched) return
    setValue('visibility', settings.defaultVisibility)
    setValue('precision', settings.defaultLocationPrecision)
  }, [settings, mode, getFieldState, setValue])
  return form
}
