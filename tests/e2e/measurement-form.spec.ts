import { expect, test } from '@playwright/test'
import { signInAdmin } from './support/members.ts'
import { openNewMeasurement, pickSpecies } from './support/new-measurement.ts'
import { measuringPhoto } from './support/test-photos.ts'

// The measurement form's edges: Escape, a draft the outbox refuses, AI suggestions, an edit the server refuses.

test.use({ serviceWorkers: 'block' })

test('Escape: closes an untouched form, not one edited (even back to empty), not while the species list is open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAdmin(page.request)
  let dialog = await openNewMeasurement(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  dialog = await openNewMeasurement(page)
  const combobox = dialog.getByRole('combobox', { name: 'Species' })
  await combobox.click()
  await expect(dialog.getByRole('listbox', { name: 'Species' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('listbox', { name: 'Species' })).toBeHidden()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  dialog = await openNewMeasurement(page)
  const caption = dialog.getByLabel('Caption (optional)')
  await caption.fill('x')
  await caption.fill('')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('the outbox refuses the draft: back to the form, the message at its field, focused; typing clears it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAdmin(page.request)
  const dialog = await openNewMeasurement(page)
  await pickSpecies(dialog, 'mallard', 'Mallard')
  await dialog.getByRole('textbox', { name: 'Weight (lb)' }).fill('2.5')
  const lat = dialog.getByLabel('Latitude (optional)')
  await lat.fill('45')
  await dialog.getByLabel('Longitude (optional)').fill('-110')
  await dialog.getByLabel('Caption (optional)').fill(`E2E refused ${Date.now()}`)
  await page.route('**/api/measurements', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'BAD', message: 'location.lat: Latitude is not allowed here' } }),
        })
      : route.continue(),
  )
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(lat).toHaveAccessibleDescription('Latitude is not allowed here')
  await expect(lat).toBeFocused()
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled()
  await expect(dialog.getByRole('textbox', { name: 'Weight (lb)' })).toHaveValue('2.5')
  await lat.fill('44')
  await expect(lat).not.toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
})

test('AI suggestions fill the species and sizes, marked until typed over; the method follows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAdmin(page.request)
  await page.route('**/api/ai/status', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ assistant: 'built-in', photoAnalysis: true }),
    }),
  )
  await page.route('**/api/photos/*/analysis', (route) => {
    const photoId = /photos\/([^/]+)\/analysis/.exec(route.request().url())?.[1] ?? ''
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        id: '0b7f9c2e-3d41-4e5a-8b6c-7d8e9f0a1b22',
        photoId,
        species: { id: 'largemouth-bass', name: 'Largemouth Bass', modelLabel: 'largemouth bass', confidence: 0.87 },
        category: 'Freshwater Fish',
        referenceObject: { visible: true, kind: 'credit-card' },
        estimates: { lengthIn: 21.7, girthIn: 15.1, weightLbs: 6.234 },
        score: 6.19,
        scoreSource: 'engine',
        trophyClass: 'standard',
        notes: null,
        model: 'vision-test',
        createdAt: '2026-11-22T10:00:00.000Z',
      }),
    })
  })
  const dialog = await openNewMeasurement(page)
  await dialog.getByTestId('add-photo-input').setInputFiles({
    name: 'bass.jpg',
    mimeType: 'image/jpeg',
    buffer: await measuringPhoto(),
  })
  await dialog.getByRole('button', { name: 'Analyze photo' }).click()
  await expect(dialog.getByTestId('analysis-suggestions')).toBeVisible()
  await dialog.getByRole('button', { name: 'Use selected' }).click()
  await expect(dialog.getByRole('combobox', { name: 'Species' })).toHaveValue('Largemouth Bass')
  await expect(dialog.getByRole('textbox', { name: 'Length (in)' })).toHaveValue('21 6/8')
  await expect(dialog.getByRole('textbox', { name: 'Girth (in)' })).toHaveValue('15 1/8')
  await expect(dialog.getByText('AI estimate from the photo · check it')).toHaveCount(2)
  await expect(dialog.getByText(/^Filled from the AI suggestions: the species \(Largemouth Bass\)/)).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Photo-measured' })).toBeChecked()
  await expect(dialog.getByTestId('fish-estimate')).toContainText('lb')
  await expect(dialog.getByTestId('add-live-score')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Girth (in)' }).fill('15')
  await expect(dialog.getByText('AI estimate from the photo · check it')).toHaveCount(1)
  await dialog.getByRole('textbox', { name: 'Length (in)' }).fill('21')
  await expect(dialog.getByText('AI estimate from the photo · check it')).toHaveCount(0)
  await expect(dialog.getByRole('radio', { name: 'Tape' })).toBeChecked()
})

test('editing: a refused change says so at its field, and saving again after a fix works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAdmin(page.request)
  const caption = `E2E to edit ${Date.now()}`
  const dialog = await openNewMeasurement(page)
  await pickSpecies(dialog, 'mallard', 'Mallard')
  await dialog.getByRole('textbox', { name: 'Weight (lb)' }).fill('3')
  await dialog.getByLabel('Caption (optional)').fill(caption)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()
  let id = ''
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/measurements?limit=50')).json()) as {
        items: { id: string; caption: string | null }[]
      }
      id = list.items.find((m) => m.caption === caption)?.id ?? ''
      return id
    })
    .not.toBe('')
  await page.goto(`/measurements/${id}`)
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit measurement' })
  await expect(edit.getByRole('textbox', { name: 'Weight (lb)' })).toHaveValue('3')
  // An untouched edit closes with Escape.
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()
  await page.getByRole('button', { name: 'Edit' }).click()
  await edit.getByLabel('Notes (optional)').fill('Refused note')
  let refuse = true
  await page.route(`**/api/measurements/${id}`, (route) =>
    route.request().method() === 'PATCH' && refuse
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'BAD', issues: [{ path: 'notes', message: 'Notes are refused' }] } }),
        })
      : route.continue(),
  )
  await edit.getByRole('button', { name: 'Save changes' }).click()
  const notes = edit.getByLabel('Notes (optional)')
  await expect(notes).toHaveAccessibleDescription('Notes are refused')
  await expect(notes).toBeFocused()
  refuse = false
  await notes.fill('Accepted note')
  await expect(notes).not.toHaveAttribute('aria-invalid', 'true')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Measurement updated', { exact: true })).toBeVisible()
  const saved = (await (await page.request.get(`/api/measurements/${id}`)).json()) as { notes: string }
  expect(saved.notes).toBe('Accepted note')
})
