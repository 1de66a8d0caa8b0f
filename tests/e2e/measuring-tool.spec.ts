import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import type { MeasurementPage } from '../../src/shared/schemas/measurements.ts'
import { look } from './support/look.ts'
import { chooseTwoEnds } from './support/measuring-tool.ts'
import { signInAdmin } from './support/members.ts'
import {
  ARC_LENGTH_IN,
  arcPoints,
  CARD,
  CARD_LONG_ENDS,
  FISH_ENDS,
  FISH_LENGTH_IN,
  measuringPhoto,
  PHOTO,
} from './support/test-photos.ts'

// The photo measuring tool as the dashboard's calibration panel opens it (docs/architecture.md §1): a generated
// photo of known geometry (a 337 px credit card, so 100 px per inch; a 15 in bass; a bent stick of known arc
// length), calibrated on the two ends of the card's long side (the 'Two ends' choice, the camera square to the
// card; measuring-plane.spec.ts covers the default, its four corners), measured straight and along a curve, on a
// desktop with a mouse and on a phone by touch (tap, the loupe, pinch). The member is the e2e admin, who is
// approved and passes no gate; another spec may have created that account already in this run, so sign in first
// and sign up only if needed.

const signInMember = (page: Page) => signInAdmin(page.request)

type Point = { x: number; y: number }

/** Where an image pixel is on the screen now: from the photo's box on screen, whatever the zoom and pan. */
async function onScreen(dialog: Locator, p: Point): Promise<Point> {
  const box = await dialog.locator('svg[role="application"] > image').boundingBox()
  if (!box) throw new Error('the photo is not shown')
  return { x: box.x + (p.x * box.width) / PHOTO.width, y: box.y + (p.y * box.height) / PHOTO.height }
}

async function clickAt(page: Page, dialog: Locator, p: Point) {
  const s = await onScreen(dialog, p)
  await page.mouse.click(s.x, s.y)
}

/** '15 in (38.1 cm)', '15 1/8 in (38.4 cm)' → inches. */
async function resultInches(dialog: Locator): Promise<number> {
  const text = (await dialog.getByTestId('measuring-result').textContent()) ?? ''
  const match = /(\d+)(?: (\d)\/(\d))? in \(/.exec(text) ?? /(?:^|\D)()(\d)\/(\d) in \(/.exec(text)
  if (!match) throw new Error(`no length in '${text}'`)
  return Number(match[1] || 0) + (match[2] ? Number(match[2]) / Number(match[3]) : 0)
}

const withinPercent = (value: number, expected: number, percent: number) =>
  Math.abs(value - expected) <= (expected * percent) / 100

async function openFromCalibration(page: Page) {
  await page.goto('/')
  const panel = page.getByRole('region', { name: 'Calibration' })
  await panel.getByRole('button', { name: /Credit Card/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Measure a photo' })
  await expect(dialog.getByRole('heading', { name: 'Add the photo to measure' })).toBeVisible()
  return dialog
}

async function uploadPhoto(dialog: Locator) {
  await dialog.getByLabel('Choose a photo').setInputFiles({
    name: 'bass-with-card.jpg',
    mimeType: 'image/jpeg',
    buffer: await measuringPhoto(),
  })
  await expect(dialog.getByRole('heading', { name: /Reference/ })).toBeVisible()
  await expect(dialog.locator('svg[role="application"] > image')).toBeVisible()
}

test('a member measures a bass and a bent stick on a photo with a credit card, with a mouse', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  const dialog = await openFromCalibration(page)
  await look(page, 'measuring-tool-01-photo')
  await uploadPhoto(dialog)
  await chooseTwoEnds(dialog) // the card and its long side are chosen, nothing marked

  // Zoom in on the card with the wheel, then mark the ends of its long side.
  const cardCentre = await onScreen(dialog, { x: CARD.x + CARD.width / 2, y: CARD.y + CARD.height / 2 })
  await page.mouse.move(cardCentre.x, cardCentre.y)
  await page.mouse.wheel(0, -300)
  await expect
    .poll(async () => (await dialog.locator('svg[role="application"] > image').boundingBox())?.width ?? 0)
    .toBeGreaterThan(1300)
  await clickAt(page, dialog, CARD_LONG_ENDS[0])
  await expect(dialog.getByRole('status').filter({ hasText: 'Reference end 1 placed' })).toBeAttached()
  await clickAt(page, dialog, CARD_LONG_ENDS[1])
  await expect(dialog.getByText('2 of 2 ends marked')).toBeVisible()
  const scale = dialog.getByText(/px across: [\d.]+ px per inch/)
  const ppi = Number(/([\d.]+) px per inch/.exec((await scale.textContent()) ?? '')?.[1])
  expect(Math.abs(ppi - 100)).toBeLessThan(1)
  await look(page, 'measuring-tool-02-reference')

  // Straight: snout to tail, at the whole photo's scale.
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: /Measure$/ })).toBeVisible()
  await dialog.getByRole('button', { name: 'Fit' }).click()
  await clickAt(page, dialog, FISH_ENDS[0])
  await clickAt(page, dialog, FISH_ENDS[1])
  await expect(dialog.getByRole('heading', { name: /Result/ })).toBeVisible()
  const fish = await resultInches(dialog)
  expect(withinPercent(fish, FISH_LENGTH_IN, 2), `${fish} in is within 2 % of ${FISH_LENGTH_IN} in`).toBe(true)
  await expect(dialog.getByTestId('measuring-result')).toContainText(/± 1\/8 in \(± 0\.\d cm\)/)
  await expect(dialog.getByText(/reference and the subject lie in the same plane/)).toBeVisible()
  // Opened from the dashboard, no form field waits for the value: 'Record a measurement' starts a new one.
  await expect(dialog.getByRole('button', { name: 'Use this value' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Record a measurement' })).toBeVisible()
  await look(page, 'measuring-tool-03-straight-result')

  // Curve: nine points along the stick, then Done.
  await dialog.getByRole('button', { name: 'Measure again' }).click()
  await dialog.getByRole('radio', { name: /Curve/ }).check()
  for (const p of arcPoints(9)) await clickAt(page, dialog, p)
  await expect(dialog.getByText(/9 points marked/)).toBeVisible()
  await look(page, 'measuring-tool-04-curve')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog.getByText('Length along the curve')).toBeVisible()
  const stick = await resultInches(dialog)
  expect(withinPercent(stick, ARC_LENGTH_IN, 2), `${stick} in is within 2 % of ${ARC_LENGTH_IN} in`).toBe(true)

  // Zoom with the buttons, place a point, undo it; then the keyboard alone: Enter, an arrow, Backspace.
  await dialog.getByRole('button', { name: 'Measure again' }).click()
  await dialog.getByRole('radio', { name: /Straight/ }).check()
  await dialog.getByRole('button', { name: 'Zoom in' }).click()
  await dialog.getByRole('button', { name: 'Zoom in' }).click()
  await clickAt(page, dialog, { x: 1000, y: 750 })
  await expect(dialog.getByText('1 point marked')).toBeVisible()
  await dialog.getByRole('button', { name: 'Undo' }).click()
  await expect(dialog.getByText('0 points marked')).toBeVisible()
  const photo = dialog.getByRole('application')
  await photo.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('1 point marked')).toBeVisible()
  await page.keyboard.press('Shift+ArrowRight')
  await expect(dialog.getByRole('status').filter({ hasText: /^Moved to/ })).toBeAttached()
  await page.keyboard.press('Backspace')
  await expect(dialog.getByText('0 points marked')).toBeVisible()

  // A custom reference in centimetres over the same marked segment: the card's long side is 8.56 cm.
  await dialog.getByRole('button', { name: 'Back to reference' }).click()
  await dialog.getByRole('radio', { name: /Custom/ }).check()
  const length = dialog.getByLabel('Reference length')
  await length.fill('0')
  await expect(dialog.getByText('The length must be greater than 0')).toBeVisible()
  await expect(length).toHaveAttribute('aria-invalid', 'true')
  await length.fill('300')
  await dialog.getByLabel('Unit').selectOption('cm')
  await expect(dialog.getByText('The length must be at most 100 in (254 cm)')).toBeVisible()
  await length.fill('8.56')
  await expect(dialog.getByText(/px across: 100\.\d px per inch/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Fit' }).click()
  for (const end of FISH_ENDS) await clickAt(page, dialog, end)
  const again = await resultInches(dialog)
  expect(withinPercent(again, FISH_LENGTH_IN, 2), `${again} in is within 2 % of ${FISH_LENGTH_IN} in`).toBe(true)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

/** What the page functions below use of the browser (this file is typechecked without the DOM library). */
type BrowserGlobals = {
  DataTransfer: new () => { items: { add(file: File): void } }
  ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean }) => Event
  document: { dispatchEvent(event: Event): boolean }
}

test('the tool takes a photo dropped or pasted, and refuses a file that is not one', async ({ page }) => {
  await signInMember(page)
  const dialog = await openFromCalibration(page)
  const dropZone = dialog.getByRole('region', { name: 'Add the photo to measure' })
  const dropped = await page.evaluateHandle(() => {
    const { DataTransfer } = globalThis as unknown as BrowserGlobals
    const transfer = new DataTransfer()
    transfer.items.add(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }))
    return transfer
  })
  await dropZone.dispatchEvent('drop', { dataTransfer: dropped })
  await expect(dialog.getByRole('alert')).toHaveText(
    'That file is not a photo. Choose a JPEG, PNG, WebP or HEIC image.',
  )

  const base64 = (await measuringPhoto()).toString('base64')
  await page.evaluate((data) => {
    const { DataTransfer, ClipboardEvent, document } = globalThis as unknown as BrowserGlobals
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], 'pasted.jpg', { type: 'image/jpeg' }))
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
  }, base64)
  await expect(dialog.getByRole('heading', { name: /Reference/ })).toBeVisible()
  await chooseTwoEnds(dialog)
  await expect(dialog.getByText('0 of 2 ends marked')).toBeVisible()
  await dialog.getByRole('button', { name: 'Change photo' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add the photo to measure' })).toBeVisible()
})

/** Touches held down through the DevTools protocol, so the loupe can be seen before the finger lifts. */
async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p) => ({ x: p.x, y: p.y })) })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a member measures the bass by touch: pinch to zoom, the loupe, taps', async ({ page, context }) => {
    await signInMember(page)
    const dialog = await openFromCalibration(page)
    await uploadPhoto(dialog)
    await chooseTwoEnds(dialog)
    const cdp = await context.newCDPSession(page)

    // Pinch out around the card, bringing it to the middle of the photo as the fingers spread.
    const from = await onScreen(dialog, { x: CARD.x + CARD.width / 2, y: CARD.y + CARD.height / 2 })
    const svgBox = await dialog.getByRole('application').boundingBox()
    if (!svgBox) throw new Error('no viewport')
    const to = { x: svgBox.x + svgBox.width / 2, y: svgBox.y + svgBox.height / 2 }
    const before = (await dialog.locator('svg[role="application"] > image').boundingBox())?.width ?? 0
    const fingers = (t: number) => {
      const mid = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }
      const spread = 15 + 30 * t
      return [
        { x: mid.x - spread, y: mid.y },
        { x: mid.x + spread, y: mid.y },
      ]
    }
    await touch(cdp, 'touchStart', fingers(0))
    for (let step = 1; step <= 8; step++) await touch(cdp, 'touchMove', fingers(step / 8))
    await touch(cdp, 'touchEnd', [])
    const after = (await dialog.locator('svg[role="application"] > image').boundingBox())?.width ?? 0
    expect(after / before).toBeGreaterThan(2)
    await expect(dialog.getByText('0 of 2 ends marked')).toBeVisible() // a pinch marks nothing

    // Hold a finger on the card's first end: the loupe shows; lifting it places the point.
    const first = await onScreen(dialog, CARD_LONG_ENDS[0])
    await touch(cdp, 'touchStart', [first])
    await expect(dialog.getByTestId('measuring-loupe')).toBeVisible()
    await page.screenshot({ path: 'tests/e2e/screenshots/measuring-tool-05-loupe-phone.png' })
    await touch(cdp, 'touchEnd', [])
    await expect(dialog.getByTestId('measuring-loupe')).toBeHidden()
    await expect(dialog.getByText('1 of 2 ends marked')).toBeVisible()
    const second = await onScreen(dialog, CARD_LONG_ENDS[1])
    await page.touchscreen.tap(second.x, second.y)
    await expect(dialog.getByText('2 of 2 ends marked')).toBeVisible()
    const ppi = Number(/([\d.]+) px per inch/.exec((await dialog.getByText(/px per inch/).textContent()) ?? '')?.[1])
    expect(Math.abs(ppi - 100)).toBeLessThan(1.5)

    await dialog.getByRole('button', { name: 'Continue' }).tap()
    await dialog.getByRole('button', { name: 'Fit' }).tap()
    for (const end of FISH_ENDS) {
      const s = await onScreen(dialog, end)
      await page.touchscreen.tap(s.x, s.y)
    }
    await expect(dialog.getByRole('heading', { name: /Result/ })).toBeVisible()
    const fish = await resultInches(dialog)
    expect(withinPercent(fish, FISH_LENGTH_IN, 2), `${fish} in is within 2 % of ${FISH_LENGTH_IN} in`).toBe(true)
    await look(page, 'measuring-tool-06-phone-result')
  })
})

test('Record a measurement hands the photo and the measured length to a new measurement', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInMember(page)
  const tool = await openFromCalibration(page)
  await uploadPhoto(tool)
  await chooseTwoEnds(tool)
  await clickAt(page, tool, CARD_LONG_ENDS[0])
  await clickAt(page, tool, CARD_LONG_ENDS[1])
  await tool.getByRole('button', { name: 'Continue' }).click()
  await tool.getByRole('button', { name: 'Fit' }).click()
  for (const end of FISH_ENDS) await clickAt(page, tool, end)
  const measured = await resultInches(tool)
  await tool.getByRole('button', { name: 'Record a measurement' }).click()

  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  await expect(dialog.getByRole('heading', { name: 'Photos' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cover photo 1' })).toBeVisible()
  const species = dialog.getByRole('combobox', { name: 'Species' })
  await species.fill('largemouth')
  await dialog.getByRole('option', { name: /^Largemouth Bass/ }).click()
  const length = dialog.getByRole('textbox', { name: 'Length (in)' })
  await expect(length).not.toHaveValue('')
  await expect(dialog.getByText(/± [\d/ ]+ in · photo-measured/)).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Girth (in)' }).fill('12')
  const caption = `Bass recorded from the calibration panel ${Date.now()}`
  await dialog.getByLabel('Caption (optional)').fill(caption)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()

  const res = await page.request.get('/api/measurements?limit=50')
  const saved = ((await res.json()) as MeasurementPage).items.find((m) => m.caption === caption)
  expect(saved?.evidence).toBe('photo-measured')
  expect(saved?.photos).toHaveLength(1)
  expect(saved?.summary.lengthIn).toBe(measured)
  expect(withinPercent(saved?.summary.lengthIn ?? 0, FISH_LENGTH_IN, 2)).toBe(true)
  await page.goto('/measurements')
  await expect(page.getByRole('heading', { name: 'Your Measurements' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Largemouth Bass' }).first()).toBeVisible()
})
