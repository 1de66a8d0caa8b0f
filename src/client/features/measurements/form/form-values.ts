import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, FieldPath, Resolver, UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import {
  LOCATION_PRECISIONS,
  METHODS,
  type PhotoMeasurement,
  PhotoMeasurementSchema,
  type UnitSystem,
  type UpdateMeasurement,
  VISIBILITIES,
} from '#shared/schemas/measurements.ts'
import { SYSTEMS } from '#shared/scoring/index.ts'
import { type BuildContext, buildMeasurementInput, type FormErrors } from './build-input.ts'
import type { MeasurementFormState } from './form-state.ts'

// The form as react-hook-form holds it: text as typed (form-state.ts), which the API's schema cannot check. Its
// resolver checks the shape of those values, then maps them to the API's input with buildMeasurementInput, whose
// messages become react-hook-form's errors; a save that passes hands the API's input to handleSubmit.

export type MeasurementFormContext = { units: UnitSystem }
export type MeasurementFormMethods = UseFormReturn<MeasurementFormState, MeasurementFormContext, UpdateMeasurement>

const texts = z.record(z.string(), z.string())
const textLists = z.record(z.string(), z.array(z.string()))
const side = z.object({ rows: texts, lists: textLists })

// The form holds photo measurements as the tool made them or the API sent them: always with their method, so the
// schema's default for values stored before the method existed is not part of the form's own type.
const PhotoMeasuredSchema = z.record(z.string(), PhotoMeasurementSchema) as z.ZodType<
  Record<string, PhotoMeasurement>,
  Record<string, PhotoMeasurement>
>

const FormPhotoSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('new'), file: z.instanceof(Blob), name: z.string(), type: z.string() }),
  z.object({
    id: z.string(),
    kind: z.literal('existing'),
    name: z.string(),
    thumbUrl: z.string(),
    displayUrl: z.string(),
  }),
])

/** The shape of the form's values; what they must say to be saved is buildMeasurementInput's to check. */
export const MeasurementFormValuesSchema = z.object({
  photos: z.array(FormPhotoSchema),
  coverPhotoId: z.string().nullable(),
  speciesId: z.string(),
  category: z.string(),
  system: z.enum(SYSTEMS).optional(),
  sheet: z.object({ single: texts, singleLists: textLists, right: side, left: side }),
  quick: z.object({
    'quick.lengthIn': z.string(),
    'quick.girthIn': z.string(),
    'quick.widthIn': z.string(),
    'quick.weightLbs': z.string(),
  }),
  photoMeasured: PhotoMeasuredSchema,
  aiEstimated: z.record(z.string(), z.literal(true)),
  ai: z.object({ analysisId: z.string(), photoId: z.string() }).nullable(),
  date: z.string(),
  time: z.string(),
  offset: z.string().nullable(),
  method: z.enum(METHODS),
  methodChosen: z.boolean(),
  caption: z.string(),
  notes: z.string(),
  visibility: z.enum(VISIBILITIES),
  region: z.string(),
  lat: z.string(),
  lon: z.string(),
  precision: z.enum(LOCATION_PRECISIONS),
})

/** The form's values → the API's input, or each message at its field's error path. */
export function measurementFormSchema(ctx: BuildContext) {
  return MeasurementFormValuesSchema.transform((values, issues): UpdateMeasurement => {
    const built = buildMeasurementInput(values, ctx)
    if (built.ok) return built.input
    for (const [field, message] of Object.entries(built.errors)) {
      issues.addIssue({ code: 'custom', message, input: values, path: errorPath(field).split('.') })
    }
    return z.NEVER
  })
}

/** A value of the wrong shape is a bug, not the member's: said in the words a failed save uses. */
const SHAPE_ERROR = 'Something went wrong. Everything you entered is still here: try again.'

/** The resolver of the form: the member's units from the form's context, and the date of the save as 'now'. */
export const measurementResolver: Resolver<MeasurementFormState, MeasurementFormContext, UpdateMeasurement> = (
  values,
  context,
  options,
) => {
  const schema = measurementFormSchema({ units: context?.units ?? 'imperial', now: new Date() })
  return zodResolver(schema, { error: () => SHAPE_ERROR })(values, context, options)
}

// ---- errors ---------------------------------------------------------------------------------------------------

/** Messages about the form as a whole (keys of build-input.ts), shown together above the measurements. */
export const GENERAL_ERRORS = ['form', 'sheet', 'quick', 'category'] as const

/**
 * Where react-hook-form keeps the message of a field key (`right.G2`, `quick.lengthIn`, `date`): at that path, and
 * general ones under `root`, so that `quick` never holds `quick.lengthIn` and clearing one leaves the other.
 */
export function errorPath(key: string): FieldPath<MeasurementFormState> {
  const general = (GENERAL_ERRORS as readonly string[]).includes(key)
  // Field keys name what the member sees (a chart entry), not always a path of the values: typed as one.
  return (general ? `root.${key}` : key) as FieldPath<MeasurementFormState>
}

/** The types of the messages buildMeasurementInput and the server give; any other is the shape's (SHAPE_ERROR). */
const FIELD_ERROR_TYPES = new Set(['custom', 'server'])

/** react-hook-form's nested errors → one message by field key, as build-input.ts names them. */
export function formErrors(errors: FieldErrors): FormErrors {
  const found: FormErrors = {}
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return
    const { message, type } = node as { message?: unknown; type?: unknown }
    if (typeof message === 'string' && path) {
      const key = typeof type === 'string' && !FIELD_ERROR_TYPES.has(type) ? 'form' : path.replace(/^root\./, '')
      found[key] ??= message
    }
    for (const [name, child] of Object.entries(node)) {
      if (name !== 'ref' && name !== 'message' && name !== 'type' && name !== 'types') {
        visit(child, path ? `${path}.${name}` : name)
      }
    }
  }
  visit(errors, '')
  return found
}

/** The general messages shown, in a fixed order. */
export function generalMessages(errors: FormErrors): string[] {
  return GENERAL_ERRORS.flatMap((field) => (errors[field] ? [errors[field]] : []))
}
