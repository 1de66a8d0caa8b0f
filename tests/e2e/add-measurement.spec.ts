import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from '../../playwright.config.ts'
import type { Measurement, MeasurementPage } from '../../src/shared/schemas/measurements.ts'
import { WORKED_EXAMPLES } from '../support/worked-examples.ts'
import { look } from './support/look.ts'
import { chooseTwoEnds } from './support/measuring-tool.ts'
import { signInAdmin, signUpApprovedMember } from './support/members.ts'
import { openNewMeasurement, pickSpecies } from './support/new-measurement.ts'
import { CARD_LONG_ENDS, FISH_ENDS, FISH_LENGTH_IN, measuringPhoto, PHOTO } from './support/test-photos.ts'

// The add-measurement dialog: a member records a whitetail from its score sheet (docs/scoring-rules.md §1.2's
// worked example, so the score is known), a largemouth bass measured on a generated photo with a credit card in
// it (known geometry: 100 px per inch, a 15 in fish), and tries bad input. What was saved is read back through
// the API. The member is the e2e admin, who is approved and passes no gate; another spec may have created that
// account already in this run, so sign in first and sign up only if needed.

const signInMember = (page: Page) => signInAdmin(page.request)

const worked = WORKED_EXAMPLES.find((e) => e.sheet.category === 'whitetail-typical' && e.sheet.system === 'bc')
if (!worked) throw new Error('the whitetail worked example is missing')

type SideValues = Record<string, string | number | (string | number)[]>

/** A calculator entry by its field id (`insideSpread`, `right.G2`): the dialog's ids are `add-{field}`. */
const entry = (dialog: Locator, field: string) => dialog.locator(`[id="add-${field}"]`)

async function findSaved(page: Page, caption: string, timeout?: number): Promise<Measurement> {
  let found: Measurement | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/measurements?limit=50')
        if (!res.ok()) return undefined
        const list = (await res.json()) as MeasurementPage
        found = list.items.find((m) => m.caption === caption)
        return found?.id
      },
      { timeout },
    )
    .toBeTruthy()
  if (!found) throw new Error(`no measurement captioned ${caption}`)
  return found
}

type Point = { x: number; y: number }

async function clickOnPhoto(page: Page, tool: Locator, p: Point) {
  const box = await tool.locator('svg[role="application"] > image').boundingBox()
  if (!box) throw new Error('the photo is not shown')
  await page.mouse.click(box.x + (p.x * box.width) / PHOTO.width, box.y + (p.y * box.height) / PHOTO.height)
}

async function addTestPhoto(dialog: Locator) {
  await dialog.getByTestId('add-photo-input').setInputFiles({
    name: 'bass-with-card.jpg',
    mimeType: 'image/jpeg',
    buffer: await measuringPhoto(),
  })
  await expect(dialog.getByRole('img', { name: 'bass-with-card.jpg (cover)' })).toBeVisible()
}

/**
 * In the measuring tool opened on the test photo: calibrate on the two ends of the card's long side, measure the
 * fish straight.
 */
async function measureFishStraight(page: Page, title: string) {
  const tool = page.getByRole('dialog', { name: title })
  await expect(tool.locator('svg[role="application"] > image')).toBeVisible()
  await expect(tool.getByRole('radio', { name: /Credit Card/ })).toBeChecked()
  await chooseTwoEnds(tool)
  await clickOnPhoto(page, tool, CARD_LONG_ENDS[0])
  await clickOnPhoto(page, tool, CARD_LONG_ENDS[1])
  await expect(tool.getByText('2 of 2 ends marked')).toBeVisible()
  await tool.getByRole('button', { name: 'Continue' }).click()
  await tool.getByRole('radio', { name: /Straight/ }).check()
  await tool.getByRole('button', { name: 'Fit' }).click()
  await clickOnPhoto(page, tool, FISH_ENDS[0])
  await clickOnPhoto(page, tool, FISH_ENDS[1])
  await tool.getByRole('button', { name: 'Use this value' }).click()
  await expect(tool).toBeHidden()
}

test('a member records a typical whitetail from its score sheet and the server scores it 152 4/8', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  const dialog = await openNewMeasurement(page)
  await look(page, 'add-measurement-01-empty')

  await pickSpecies(dialog, 'whitetail', 'Whitetail Deer')
  await expect(dialog.getByRole('group', { name: /score chart/ })).toBeVisible()

  // The worked example exactly as the sheet writes it: spread, both sides' rows, abnormal points.
  const m = worked.sheet.measurements as Record<string, string | SideValues>
  await entry(dialog, 'insideSpread').fill(String(m.insideSpread))
  for (const side of ['right', 'left'] as const) {
    const values = m[side] as SideValues
    for (const [key, value] of Object.entries(values)) {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) {
          await dialog.getByRole('button', { name: `Add ${side} abnormal point` }).click()
          await entry(dialog, `${side}.${key}.${i}`).fill(String(item))
        }
      } else {
        await entry(dialog, `${side}.${key}`).fill(String(value))
      }
    }
  }
  await expect(dialog.getByTestId('add-live-score')).toHaveText(`${worked.expected.scoreText} B&C`)

  // With a photo, each length has 'Measure on photo'; a value measured there is marked, and typing over it by
  // hand removes the mark (the 15 in fish stands in for a main beam).
  await addTestPhoto(dialog)
  const beam = entry(dialog, 'right.F')
  await dialog.getByRole('button', { name: /^Measure Right F \(.+\) on photo$/ }).click()
  await measureFishStraight(page, 'Measure Right F (Length of main beam)')
  await expect(beam).toHaveValue(/^1[45] \d\/8$/)
  await expect(dialog.getByText(/^Right F Length of main beam: ± .+ in · photo-measured$/)).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Photo-measured' })).toBeChecked()
  await page.setViewportSize({ width: 390, height: 844 })
  await beam.scrollIntoViewIfNeeded()
  await dialog.getByRole('table').screenshot({ path: 'tests/e2e/screenshots/add-measurement-02b-chart-phone.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await beam.fill(String((m.right as SideValues).F))
  await expect(dialog.getByText(/photo-measured$/)).toHaveCount(0)
  await expect(dialog.getByRole('radio', { name: 'Tape' })).toBeChecked()
  await expect(dialog.getByTestId('add-live-score')).toHaveText(`${worked.expected.scoreText} B&C`)
  await dialog.getByLabel('Caption (optional)').fill('E2E whitetail from the sheet')
  await look(page, 'add-measurement-02-whitetail')

  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()

  const saved = await findSaved(page, 'E2E whitetail from the sheet')
  expect(saved.speciesId).toBe('whitetail-deer')
  expect(saved.score).toBe(worked.expected.score)
  expect(saved.scoreText).toBe(worked.expected.scoreText)
  expect(saved.sheet?.category).toBe('whitetail-typical')
  expect(saved.method).toBe('tape')
  expect(saved.evidence).toBe('self-reported')
  expect(saved.visibility).toBe('private')
  expect(saved.photos).toHaveLength(1)
  expect(saved.photoMeasurements).toEqual([])
})

test('a member records a bass measured on a photo with a credit card in it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  const dialog = await openNewMeasurement(page)

  await addTestPhoto(dialog)
  await expect(dialog.getByRole('button', { name: 'Cover photo 1' })).toHaveAttribute('aria-pressed', 'true')
  await pickSpecies(dialog, 'largemouth', 'Largemouth Bass')

  // 'Measure on photo' beside Length opens the tool on the photo: calibrate on the card, measure straight.
  await dialog.getByRole('button', { name: 'Measure Length on photo' }).click()
  await measureFishStraight(page, 'Measure Length')

  const length = dialog.getByRole('textbox', { name: 'Length (in)' })
  const typed = await length.inputValue()
  // Written in eighths, as the card and the photo measurement will show it (never '14 14/16').
  expect(typed).toMatch(/^\d+( [1-7]\/8)?$/)
  await expect(dialog.getByText(/± [\d/ ]+ in · photo-measured/)).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Girth (in)' }).fill('12')
  await expect(dialog.getByTestId('fish-estimate')).toContainText('lb')
  await expect(dialog.getByRole('radio', { name: 'Photo-measured' })).toBeChecked()
  await dialog.getByLabel('Caption (optional)').fill('E2E bass measured on the photo')
  await look(page, 'add-measurement-03-bass')

  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()

  const saved = await findSaved(page, 'E2E bass measured on the photo')
  expect(saved.speciesId).toBe('largemouth-bass')
  expect(saved.evidence).toBe('photo-measured')
  expect(saved.method).toBe('photo')
  expect(saved.photos).toHaveLength(1)
  expect(saved.coverPhotoId).toBe(saved.photos[0]?.id)
  const lengthIn = saved.summary.lengthIn ?? 0
  expect(Math.abs(lengthIn - FISH_LENGTH_IN) / FISH_LENGTH_IN, `${lengthIn} in is within 2 % of 15 in`).toBeLessThan(
    0.02,
  )
  const pm = saved.photoMeasurements[0]
  expect(pm?.field).toBe('lengthIn')
  expect(pm?.photoId).toBe(saved.photos[0]?.id)
  expect(pm?.reference.kind).toBe('credit-card')
  expect(saved.sheet?.category).toBe('length-girth-800')
  expect(saved.score).toBeGreaterThan(0)

  // Both catches of this member (the whitetail of the test before, this bass) on the dashboard and in the collection.
  await page.goto('/')
  const recent = page.getByRole('region', { name: 'Recent Measurements' })
  await expect(recent.getByRole('heading', { name: 'Largemouth Bass' }).first()).toBeVisible()
  await expect(recent.getByRole('heading', { name: 'Whitetail Deer' }).first()).toBeVisible()
  await page.goto('/measurements')
  const all = page.getByRole('region', { name: /All Measurements/ })
  await expect(all.getByRole('heading', { name: 'Largemouth Bass' }).first()).toBeVisible()
  await expect(all.getByRole('heading', { name: 'Whitetail Deer' }).first()).toBeVisible()

  // Edit from the detail page: everything prefilled, the photo kept, a change saved and scored again.
  await page.goto(`/measurements/${saved.id}`)
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit measurement' })
  await expect(edit.getByRole('combobox', { name: 'Species' })).toHaveValue('Largemouth Bass')
  await expect(edit.getByRole('textbox', { name: 'Girth (in)' })).toHaveValue('12')
  await expect(edit.getByRole('textbox', { name: 'Length (in)' })).toHaveValue(typed)
  await expect(edit.getByRole('img', { name: 'Photo 1 (cover)' })).toBeVisible()
  await expect(edit.getByText(/· photo-measured$/)).toBeVisible()
  await expect(edit.getByLabel('Caption (optional)')).toHaveValue('E2E bass measured on the photo')
  await edit.getByRole('textbox', { name: 'Girth (in)' }).fill('13')
  await edit.getByLabel('Caption (optional)').fill('E2E bass, edited')
  await look(page, 'add-measurement-05-edit')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Measurement updated', { exact: true })).toBeVisible()
  await expect(edit).toBeHidden()
  const res = await page.request.get(`/api/measurements/${saved.id}`)
  const updated = (await res.json()) as Measurement
  expect(updated.caption).toBe('E2E bass, edited')
  expect(updated.sheet?.measurements.girthIn).toBe(13)
  expect(updated.photos.map((p) => p.id)).toEqual(saved.photos.map((p) => p.id))
  expect(updated.evidence).toBe('photo-measured')
  expect(updated.score).toBeGreaterThan(saved.score ?? 0)
})

test('bad input is refused next to its field, and fixing a field clears its message', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  const dialog = await openNewMeasurement(page)

  // Saving an empty form asks for the species first, and focuses it.
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog.getByText('Choose a species')).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Species' })).toBeFocused()

  await pickSpecies(dialog, 'bass', 'Largemouth Bass')
  const length = dialog.getByRole('textbox', { name: 'Length (in)' })
  const girth = dialog.getByRole('textbox', { name: 'Girth (in)' })
  await length.fill('-12')
  await girth.fill('twelve')
  const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
  const iso = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
  await dialog.getByLabel('Date taken').fill(iso)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()

  await expect(length).toHaveAttribute('aria-invalid', 'true')
  await expect(length).toHaveAccessibleDescription(/Length cannot be negative/)
  await expect(girth).toHaveAccessibleDescription(/Girth must be a number of inches/)
  await expect(dialog.getByLabel('Date taken')).toHaveAccessibleDescription('Date taken cannot be in the future')
  await expect(length).toBeFocused()
  await look(page, 'add-measurement-04-errors')

  // Editing a field clears its message; what was typed elsewhere stays.
  await length.fill('18')
  await expect(length).not.toHaveAttribute('aria-invalid', 'true')
  await expect(girth).toHaveValue('twelve')
  await expect(girth).toHaveAttribute('aria-invalid', 'true')

  // An absurd size is refused too, and nothing was saved.
  await length.fill('900')
  await girth.fill('12')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(length).toHaveAccessibleDescription(/Length must be at most 240 in/)
  await expect(dialog).toBeVisible()

  // Use my location: a refused permission says so; granted, it fills the coordinates. The precision says who
  // sees what.
  const locate = dialog.getByRole('button', { name: 'Use my location' })
  await locate.click()
  await expect(dialog.getByText(/^Location permission was denied/)).toBeVisible()
  await page.context().grantPermissions(['geolocation'])
  await page.context().setGeolocation({ latitude: 45.12345, longitude: -110.5 })
  await locate.click()
  await expect(dialog.getByLabel('Latitude (optional)')).toHaveValue('45.12345')
  await expect(dialog.getByLabel('Longitude (optional)')).toHaveValue('-110.5')
  await expect(dialog.getByText('Others see only the region; the coordinates stay with you.')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Location shown to others' }).click()
  await page.getByRole('option', { name: 'About 1 km' }).click()
  await expect(
    dialog.getByText('Others see the coordinates rounded to about 1 km; only you see them exactly.'),
  ).toBeVisible()
})

/** A small JPEG whose EXIF says it was taken on 1 May 2024 at 14:33:10, two hours east of UTC. */
function photoWithCaptureTime(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a6b3a' } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: '2024:05:01 14:33:10', OffsetTimeOriginal: '+02:00' } })
    .toBuffer()
}

// This file is type-checked without the DOM library: what the browser-side callbacks touch, declared here.
type DomGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): void } }
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown
  ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown
  DragEvent: new (type: string, init: Record<string, unknown>) => unknown
}
type Target = { dispatchEvent(event: unknown): boolean }

test('photos: Take Photo opens the camera at once, the capture date fills Date taken; paste, drop, cover, remove', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  await page.goto('/')

  // The hero's Take Photo opens the dialog and, with the same tap, the camera's file chooser.
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('region', { name: 'Measure Your Trophy' }).getByRole('button', { name: 'Take Photo' }).click()
  const camera = await chooser
  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  await expect(dialog.getByRole('button', { name: 'Take Photo' })).toBeFocused()
  expect(await camera.element().getAttribute('capture')).toBe('environment')
  await camera.setFiles({ name: 'IMG_0501.jpg', mimeType: 'image/jpeg', buffer: await photoWithCaptureTime() })
  await expect(dialog.getByRole('img', { name: 'IMG_0501.jpg (cover)' })).toBeVisible()
  await expect(dialog.getByLabel('Date taken')).toHaveValue('2024-05-01')
  await expect(dialog.getByText("From the photo's capture time.")).toBeVisible()

  // A pasted image is added; a dropped text file is refused with a message beside the photos.
  const body = dialog.getByTestId('add-measurement-body')
  await body.evaluate((el: Target) => {
    const g = globalThis as unknown as DomGlobals
    const data = new g.DataTransfer()
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    )
    data.items.add(new g.File([png], 'pasted.png', { type: 'image/png' }))
    el.dispatchEvent(new g.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(dialog.getByRole('img', { name: 'pasted.png' })).toBeVisible()
  await dialog.getByText('or drag photos here').evaluate((el: Target) => {
    const g = globalThis as unknown as DomGlobals
    const data = new g.DataTransfer()
    data.items.add(new g.File(['not a photo'], 'notes.txt', { type: 'text/plain' }))
    el.dispatchEvent(new g.DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
  })
  await expect(dialog.getByText('notes.txt is not a photo: use a JPEG, PNG, WebP or HEIC image')).toBeVisible()

  // One cover: choosing the second makes it the cover; removing the first keeps the second.
  await dialog.getByRole('button', { name: 'Cover photo 2' }).click()
  await expect(dialog.getByRole('button', { name: 'Cover photo 2' })).toHaveAttribute('aria-pressed', 'true')
  await expect(dialog.getByRole('button', { name: 'Cover photo 1' })).toHaveAttribute('aria-pressed', 'false')
  await look(page, 'add-measurement-06-photos')
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click()
  await expect(dialog.getByRole('img')).toHaveCount(1)
  await expect(dialog.getByRole('img', { name: 'pasted.png (cover)' })).toBeVisible()

  // Escape does not throw away what was added; Cancel closes.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

const origin = { origin: E2E.baseURL }

/** A new member who types centimetres, verified, approved by the admin and past the alpha gate. */
async function approvedMember(page: Page, adminRequest: APIRequestContext) {
  await signInAdmin(adminRequest)
  await signUpApprovedMember(page, adminRequest, {
    email: `metric-${Date.now()}@fieldmark.test`,
    password: 'Metric-password-42',
    firstName: 'Mette',
    lastName: 'Metric',
  })
}

test('a metric member types centimetres: the sheet shows and stores the inches the book reads', async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  // The admin must exist (another spec, or the first test here, created it); sign it in on its own context.
  await signInMember(page)
  const adminRequest = await playwright.request.newContext({ baseURL: E2E.baseURL })
  await page.context().clearCookies()
  await approvedMember(page, adminRequest)
  const settings = await page.request.put('/api/settings', {
    headers: origin,
    data: { units: 'metric', defaultVisibility: 'followers', defaultLocationPrecision: 'hidden' },
  })
  expect(settings.ok(), await settings.text()).toBe(true)

  const dialog = await openNewMeasurement(page)
  await pickSpecies(dialog, 'whitetail', 'Whitetail Deer')
  await expect(dialog.getByText(/^Type centimetres/)).toBeVisible()
  await expect(entry(dialog, 'insideSpread')).toHaveAccessibleName('D Inside spread of main beams (cm)')
  // The worked example in centimetres (to 0.01 cm), each shown as the inches it is read as.
  const cm = (inches: string | number) => {
    const text = String(inches)
    const match = /^(\d+)(?: (\d)\/8)?$/.exec(text)
    const value = match ? Number(match[1]) + Number(match[2] ?? 0) / 8 : Number(text)
    return (Math.round(value * 2.54 * 100) / 100).toString()
  }
  const m = worked.sheet.measurements as Record<string, string | SideValues>
  await entry(dialog, 'insideSpread').fill(cm(String(m.insideSpread)))
  await expect(dialog.getByText('= 18 4/8 in')).toBeVisible()
  for (const side of ['right', 'left'] as const) {
    for (const [key, value] of Object.entries(m[side] as SideValues)) {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) {
          await dialog.getByRole('button', { name: `Add ${side} abnormal point` }).click()
          await entry(dialog, `${side}.${key}.${i}`).fill(cm(item))
        }
      } else {
        await entry(dialog, `${side}.${key}`).fill(cm(value))
      }
    }
  }
  await expect(dialog.getByTestId('add-live-score')).toHaveText(`${worked.expected.scoreText} B&C`)
  await expect(entry(dialog, 'right.F')).toHaveAccessibleDescription('= 24 2/8 in')
  // The member's defaults: followers, location hidden.
  await expect(dialog.getByRole('radio', { name: /Followers/ })).toBeChecked()
  await expect(dialog.getByText('Others see no location at all; only you see it.')).toBeVisible()
  await dialog.getByLabel('Caption (optional)').fill('E2E metric whitetail')
  await look(page, 'add-measurement-07-metric')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()

  const saved = await findSaved(page, 'E2E metric whitetail')
  expect(saved.score).toBe(worked.expected.score)
  expect((saved.sheet?.measurements.right as Record<string, unknown> | undefined)?.F).toBe('24 2/8')
  expect(saved.visibility).toBe('followers')
  expect(saved.location.precision).toBe('hidden')

  // Quick values too: a mallard's length in centimetres, with the inches under it.
  const again = await openNewMeasurement(page)
  await pickSpecies(again, 'mallard', 'Mallard')
  const length = again.getByRole('textbox', { name: 'Length (cm)' })
  await length.fill('60,96')
  await expect(length).toHaveAccessibleDescription('= 24 in')
  await again.getByRole('textbox', { name: 'Weight (kg)' }).fill('1.2')
  await again.getByLabel('Caption (optional)').fill('E2E metric mallard')
  await again.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()
  const mallard = await findSaved(page, 'E2E metric mallard')
  expect(mallard.quick?.lengthIn).toBe(24)
  expect(mallard.quick?.weightLbs).toBeCloseTo(1.2 / 0.45359237, 3)
  await adminRequest.dispose()
})

test.describe('when the server cannot be reached', () => {
  // Without the service worker, the page's own requests are the ones routed here.
  test.use({ serviceWorkers: 'block' })

  test('saving keeps the draft on the device, says it waits, and the outbox sends it later', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInMember(page)
    const dialog = await openNewMeasurement(page)
    await pickSpecies(dialog, 'mallard', 'Mallard')
    await dialog.getByRole('textbox', { name: 'Weight (lb)' }).fill('2.75')
    await dialog.getByLabel('Caption (optional)').fill('E2E mallard through a dropped connection')

    // The browser says it is online, but the measurement's POST never gets an answer.
    await page.route('**/api/measurements', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog.getByText(/^Saved on this device\. Waiting to sync/)).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'Weight (lb)' })).toBeDisabled()
    await look(page, 'add-measurement-08-waiting')
    await dialog.getByRole('button', { name: 'Close — it will finish in the background' }).click()
    await expect(dialog).toBeHidden()

    // The connection comes back: the outbox sends it by itself. Its retries are due 5 s and then 30 s after the
    // failure; on a busy machine the screenshots above can outlast the first, which then fails too.
    await page.unroute('**/api/measurements')
    const saved = await findSaved(page, 'E2E mallard through a dropped connection', 45_000)
    expect(saved.quick?.weightLbs).toBe(2.75)
  })
})
