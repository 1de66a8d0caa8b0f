import { createFormControl } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type UpdateMeasurement, UpdateMeasurementSchema } from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { buildMeasurementInput } from './build-input.ts'
import { clearFieldErrors, editForm, showFormErrors } from './form-edit.ts'
import { emptyForm, type MeasurementFormState, sheetToForm, withQuickText, withSpecies } from './form-state.ts'
import {
  errorPath,
  formErrors,
  generalMessages,
  type MeasurementFormContext,
  MeasurementFormValuesSchema,
  measurementFormSchema,
  measurementResolver,
} from './form-values.ts'

// The form in react-hook-form: its resolver maps the values to the API's input exactly as buildMeasurementInput
// does, its messages come back by the same field keys, and editing a field clears its message and no other.

const NOW = new Date(2026, 10, 22, 15, 30, 0)
const imperial = { units: 'imperial' as const, now: NOW }

function formFor(id: string, patch: Partial<MeasurementFormState> = {}): MeasurementFormState {
  const species = getSpecies(id)
  if (!species) throw new Error(`no species ${id}`)
  return { ...withSpecies(emptyForm(DEFAULT_SETTINGS, NOW), species), ...patch }
}

const whitetail = WORKED_EXAMPLES.find((e) => e.sheet.category === 'whitetail-typical')
if (!whitetail) throw new Error('no whitetail worked example')

const quick = (length: string, girth = '') => ({
  'quick.lengthIn': length,
  'quick.girthIn': girth,
  'quick.widthIn': '',
  'quick.weightLbs': '',
})

/** A form control as the dialog makes it, outside React; subscribing marks it mounted, as rendering does. */
function control(values: MeasurementFormState) {
  const form = createFormControl<MeasurementFormState, MeasurementFormContext, UpdateMeasurement>({
    defaultValues: values,
    resolver: measurementResolver,
    context: { units: 'imperial' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  form.subscribe({ formState: { values: true }, callback: () => {} })
  return form
}

async function submit(form: ReturnType<typeof control>) {
  let saved: UpdateMeasurement | undefined
  await form.handleSubmit((input) => {
    saved = input
  })()
  return { saved, errors: formErrors(form.control._formState.errors) }
}

describe('the form values schema', () => {
  it('takes the empty form and a stored one', () => {
    expect(MeasurementFormValuesSchema.safeParse(emptyForm(DEFAULT_SETTINGS, NOW)).success).toBe(true)
    const sheet = sheetToForm(whitetail.sheet.measurements)
    expect(MeasurementFormValuesSchema.safeParse(formFor('whitetail-deer', { sheet })).success).toBe(true)
  })

  it('maps a valid form to the same input as buildMeasurementInput, which the API schema takes', () => {
    const form = formFor('whitetail-deer', { sheet: sheetToForm(whitetail.sheet.measurements), caption: ' Opening ' })
    const parsed = measurementFormSchema(imperial).safeParse(form)
    const built = buildMeasurementInput(form, imperial)
    if (!parsed.success || !built.ok) throw new Error('expected a valid form')
    expect(parsed.data).toEqual(built.input)
    expect(UpdateMeasurementSchema.safeParse(parsed.data).success).toBe(true)
  })

  it("puts each of buildMeasurementInput's messages at its field's error path, general ones under root", () => {
    const form = formFor('largemouth-bass', { quick: quick('-12', 'twelve'), date: '2027-01-01' })
    const parsed = measurementFormSchema(imperial).safeParse(form)
    if (parsed.success) throw new Error('expected errors')
    expect(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['quick.lengthIn', 'Length cannot be negative'],
      ['quick.girthIn', 'Girth must be a number of inches, e.g. 17 3/16 or 17.2'],
      ['date', 'Date taken cannot be in the future'],
    ])
    expect(errorPath('quick')).toBe('root.quick')
    expect(errorPath('right.abnormal.1')).toBe('right.abnormal.1')
  })
})

describe('the resolver in react-hook-form', () => {
  it('hands the API input to the save, checked with the date of the save', async () => {
    const form = control(formFor('mallard', { quick: { ...quick(''), 'quick.weightLbs': '3' } }))
    const { saved, errors } = await submit(form)
    expect(errors).toEqual({})
    expect(saved).toMatchObject({ speciesId: 'mallard', quick: { weightLbs: 3 }, method: 'tape' })
  })

  it('shows the messages by the keys build-input.ts gives them, general ones too', async () => {
    const form = control(formFor('mallard', { lat: '45' }))
    const { saved, errors } = await submit(form)
    expect(saved).toBeUndefined()
    expect(errors).toEqual({
      quick: 'Enter at least one measurement',
      lon: 'Enter both latitude and longitude, or neither',
    })
    expect(generalMessages(errors)).toEqual(['Enter at least one measurement'])
  })

  it('keeps chart entries and list entries apart (right.abnormal.1 is not right.abnormal)', async () => {
    const sheet = sheetToForm({ ...whitetail.sheet.measurements, right: { F: '400', abnormal: ['3', 'x'] } })
    const form = control(formFor('whitetail-deer', { sheet }))
    const { errors } = await submit(form)
    expect(errors['right.F']).toBe('Must be at most 240 inches')
    expect(errors['right.abnormal.1']).toMatch(/./)
    expect(Object.keys(errors).every((key) => !key.startsWith('root'))).toBe(true)
  })

  it('says a value of the wrong shape failed as a save does, instead of saving nothing silently', async () => {
    const broken = { ...formFor('mallard'), photos: [{ id: 'a', kind: 'new' }] } as unknown as MeasurementFormState
    const { saved, errors } = await submit(control(broken))
    expect(saved).toBeUndefined()
    expect(errors).toEqual({ form: 'Something went wrong. Everything you entered is still here: try again.' })
  })
})

describe('editing the form', () => {
  it('clears the message of the field edited and the general ones, and leaves the others', async () => {
    const form = control(formFor('largemouth-bass', { quick: quick('-12', 'twelve') }))
    await submit(form)
    showFormErrors(form, { ...formErrors(form.control._formState.errors), form: 'No connection to the server.' })
    editForm(form, (values) => withQuickText(values, 'quick.lengthIn', '18'))
    clearFieldErrors(form, ['quick.lengthIn'])
    expect(formErrors(form.control._formState.errors)).toEqual({
      'quick.girthIn': 'Girth must be a number of inches, e.g. 17 3/16 or 17.2',
    })
    expect(form.getValues('quick')['quick.lengthIn']).toBe('18')
  })

  it('writes only the values a change replaced, marked as touched by the member', () => {
    const form = control(formFor('mallard'))
    editForm(form, (values) => ({ ...values, caption: 'Dawn' }))
    expect(form.getValues('caption')).toBe('Dawn')
    expect(Object.keys(form.control._formState.touchedFields)).toEqual(['caption'])
    form.setValue('visibility', 'public')
    expect(form.getFieldState('visibility').isTouched).toBe(false)
  })

  it('shows messages from the server in place of those there', async () => {
    const form = control(formFor('largemouth-bass', { quick: quick('-12') }))
    await submit(form)
    showFormErrors(form, { date: 'Date taken cannot be in the future' })
    expect(formErrors(form.control._formState.errors)).toEqual({ date: 'Date taken cannot be in the future' })
  })
})
