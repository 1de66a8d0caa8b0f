import { type RefObject, useEffect } from 'react'
import { type SetValueConfig, useFormContext, useFormState } from 'react-hook-form'
import type { UpdateMeasurement } from '#shared/schemas/measurements.ts'
import type { FormErrors } from './build-input.ts'
import type { MeasurementFormState } from './form-state.ts'
import {
  errorPath,
  formErrors,
  GENERAL_ERRORS,
  type MeasurementFormContext,
  type MeasurementFormMethods,
} from './form-values.ts'

// Writing to the form. Every change the member makes goes through editForm, so react-hook-form marks it touched
// (and dirty): "touched" is what the member changed, which the close guard and the defaults from settings and
// from a photo's capture time read. Values set for the member (those defaults) use setValue alone.

type Methods = Pick<MeasurementFormMethods, 'getValues' | 'setValue' | 'setError' | 'clearErrors' | 'getFieldState'>

const MEMBER_EDIT = { shouldDirty: true, shouldTouch: true } as const

/** Applies a change of the member's: each value it replaces is written, the others are left as they are. */
export function editForm(form: Methods, change: (values: MeasurementFormState) => MeasurementFormState): void {
  const current = form.getValues()
  const next = change(current)
  // A top-level key's value is that key's path value; react-hook-form's types cannot see it for a key union.
  const setValue = form.setValue as (name: keyof MeasurementFormState, value: unknown, options: SetValueConfig) => void
  for (const key of Object.keys(next) as (keyof MeasurementFormState)[]) {
    if (next[key] !== current[key]) setValue(key, next[key], MEMBER_EDIT)
  }
}

/** A field edited: its message goes, and the general ones (they were about the form as it was). */
export function clearFieldErrors(form: Methods, fields: readonly string[]): void {
  const shown = [...fields, ...GENERAL_ERRORS].map(errorPath).filter((path) => form.getFieldState(path).error)
  if (shown.length > 0) form.clearErrors(shown)
}

/** Messages found after the resolver's (a refused save, the outbox): shown in place of those there. */
export function showFormErrors(form: Methods, errors: FormErrors): void {
  form.clearErrors()
  for (const [field, message] of Object.entries(errors)) form.setError(errorPath(field), { type: 'server', message })
}

/** The form's methods, in a section of the dialog. */
export const useMeasurementForm = (): MeasurementFormMethods =>
  useFormContext<MeasurementFormState, MeasurementFormContext, UpdateMeasurement>()

/** The messages shown, by field key (re-rendering when they change). */
export function useFormErrors(): FormErrors {
  const { errors } = useFormState<MeasurementFormState>()
  return formErrors(errors)
}

/** Each request (a save with errors) takes the focus to the first field with a message, once it is shown. */
export function useFocusFirstError(body: RefObject<HTMLElement | null>, request: number): void {
  useEffect(() => {
    if (request === 0) return
    const first = body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]')
    first?.scrollIntoView({ block: 'center' })
    first?.focus({ preventScroll: true })
  }, [body, request])
}
