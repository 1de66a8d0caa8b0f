import type { MeasuredValue, MeasuringTarget } from '#client/features/measuring/index.ts'
import { CM_PER_INCH, inchesToCm, roundCanonical, toCanonical } from '#client/lib/units.ts'
import type { Point } from '#shared/measuring/index.ts'
import type { PhotoMeasurement, PixelPoint, UnitSystem } from '#shared/schemas/measurements.ts'
import { formatInches, UNITS_PER_INCH } from '#shared/scoring/index.ts'
import {
  type FormPhoto,
  formChart,
  type MeasurementFormState,
  type QuickField,
  quickText,
  setSheetField,
  withoutFields,
} from './form-state.ts'
import { isHeic } from './photo-files.ts'

// The measuring tool and the form: which photo it opens, and a value it measured written into its field.

/** What the measuring tool is opened on: the field it measures, and the photo. */
export type MeasuringSession = { target: MeasuringTarget; image: Blob | string; photoId: string }

/** Main beams, tines, points and a fish's length bend: the tool starts in Curve mode for them. */
const CURVED = /^(?:(?:right|left)\.(?:F|E|C|G\d|F\d|abnormal|crown)(?:\.|$)|quick\.lengthIn$)/

const drawable = (p: FormPhoto) => p.kind === 'existing' || !isHeic(p.type)

/** The photo the measuring tool opens: the cover, else the first one this browser can draw. */
export function measurablePhoto(photos: readonly FormPhoto[], coverPhotoId: string | null): FormPhoto | undefined {
  return photos.find((p) => p.id === (coverPhotoId ?? photos[0]?.id) && drawable(p)) ?? photos.find(drawable)
}

/** The tool opened on a photo for one field. */
export function measuringSession(photo: FormPhoto, field: string, label: string): MeasuringSession {
  return {
    target: { field, label, suggestCurve: CURVED.test(field) },
    image: photo.kind === 'new' ? photo.file : photo.displayUrl,
    photoId: photo.id,
  }
}

const pixel = (p: Point): PixelPoint => [p.x, p.y]

/**
 * Where a value came from, as the API stores it: the method, the reference (with a card's corners), the path. The
 * geometry goes unrounded, in the photo's natural pixels: the server measures a plane value again from it on save.
 */
export function photoMeasurement(field: string, valueIn: number, m: MeasuredValue, photoId?: string): PhotoMeasurement {
  const { corners, cornerErrorPx, ...reference } = m.reference
  return {
    field,
    valueIn,
    uncertaintyIn: m.uncertaintyIn,
    ...(photoId ? { photoId } : {}),
    mode: m.mode,
    method: m.method,
    reference: {
      ...reference,
      ...(corners ? { corners: corners.map(pixel) } : {}),
      ...(cornerErrorPx !== undefined ? { cornerErrorPx } : {}),
    },
    ...(m.points.length >= 2 ? { points: m.points.map(pixel) } : {}),
  }
}

/** A value from the measuring tool: written into its field as the engine rounds it, marked photo-measured. */
export function withMeasuredValue(
  form: MeasurementFormState,
  field: string,
  m: MeasuredValue,
  photoId: string | undefined,
  units: UnitSystem,
): MeasurementFormState {
  const mark = (valueIn: number) => photoMeasurement(field, valueIn, m, photoId)
  const aiEstimated = withoutFields(form.aiEstimated, [field])
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
    const quick = { ...form.quick, [quickField]: text }
    return { ...form, quick, photoMeasured: { ...form.photoMeasured, [field]: mark(valueIn) }, aiEstimated }
  }
  // A chart entry: inches as the engine rounds them (1/8 or 1/16), or centimetres whose inches are rounded so.
  const unit = formChart(form)?.unit ?? 'eighths'
  const per = UNITS_PER_INCH[unit]
  const cm = Math.round(inchesToCm(m.exactIn) * 10) / 10
  const inches = units === 'metric' ? cm / CM_PER_INCH : m.exactIn
  const valueIn = Math.round(inches * per) / per
  return {
    ...form,
    sheet: setSheetField(form.sheet, field, units === 'metric' ? String(cm) : formatInches(valueIn, unit)),
    photoMeasured: { ...form.photoMeasured, [field]: mark(roundCanonical(valueIn)) },
    aiEstimated,
  }
}
