import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { applyHomography, CARD_PLANE_IN, type Point } from '../../src/shared/measuring/index.ts'
import type { MeasurementPage } from '../../src/shared/schemas/measurements.ts'
import {
  encodePhoto,
  NO_CARD_SCENES,
  planePointAt,
  type RenderedPhoto,
  renderScene,
  TEST_SCENES,
} from '../support/rendered-photos.ts'
import { look } from './support/look.ts'
import { signInAdmin } from './support/members.ts'

// Measuring on the card's plane (docs/measuring.md): rendered photos of known truth (tests/support/rendered-photos.ts),
// the camera at an angle. The tool finds the card's four corners in a Web Worker, the fish is measured through the
// card's homography, and the two-point figure is shown beside it; without a card, the member marks four corners by
// hand. The member is the e2e admin (see measuring-tool.spec.ts), who is signed in or signed up as needed.

/** A card lying beside a fish on grass, the camera tilted 30°: the card found, the fish 18 in. */
const WITH_CARD = 'tilt30-bottom-left-silver-grass'
/** A fish on a deck, the camera tilted 25°, no card: the member marks one's corners where it would lie. */
const WITHOUT_CARD = 'no-card-deck-fish-tilt25'

const NO_CARD_TEXT = 'No card found in this photo. Mark its four corners, or mark two ends instead.'

function rendered(name: string): RenderedPhoto {
  const named = [...TEST_SCENES, ...NO_CARD_SCENES].find((s) => s.name === name)
  if (!named) throw new Error(`no scene ${name}`)
  return renderScene(named.scene)
}

/** Where an image pixel is on the screen now: from the photo's box on screen, whatever the zoom and pan. */
async function onScreen(dialog: Locator, photo: RenderedPhoto, p: Point): Promise<Point> {
  const box = await dialog.locator('svg[role="application"] > image').boundingBox()
  if (!box) throw new Error('the photo is not shown')
  return { x: box.x + (p.x * box.width) / photo.raster.width, y: box.y + (p.y * box.height) / photo.raster.height }
}

/** '18 in (45.7 cm)', '17 7/8 in' → inches: the first length in the text. */
function inches(text: string): number {
  const match = /(\d+)(?: (\d)\/(\d))? in\b/.exec(text)
  if (!match) throw new Error(`no length in '${text}'`)
  return Number(match[1]) + (match[2] ? Number(match[2]) / Number(match[3]) : 0)
}

/** The tool's live region, saying exactly this. */
const said = (dialog: Locator, text: string | RegExp) =>
  dialog.getByRole('status').filter({ hasText: typeof text === 'string' ? new RegExp(`^${text}$`) : text })

const withinPercent = (value: number, expected: number, percent: number) =>
  Math.abs(value - expected) <= (expected * percent) / 100

async function openWithPhoto(page: Page, photo: RenderedPhoto, name: string, jpeg?: Buffer) {
  await signInAdmin(page.request)
  await page.goto('/')
  await page
    .getByRole('region', { name: 'Calibration' })
    .getByRole('button', { name: /Credit Card/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Measure a photo' })
  await dialog.getByLabel('Choose a photo').setInputFiles({
    name: `${name}.jpg`,
    mimeType: 'image/jpeg',
    buffer: jpeg ?? (await encodePhoto(photo, 'jpeg')),
  })
  await expect(dialog.getByRole('heading', { name: /Reference/ })).toBeVisible()
  await expect(dialog.locator('svg[role="application"] > image')).toBeVisible()
  return dialog
}

/** The plane result: within 2 % of the truth, with the two-point figure beside it, which the angle throws off. */
async function expectPlaneResult(dialog: Locator, lengthIn: number): Promise<number> {
  await expect(dialog.getByRole('heading', { name: /Result/ })).toBeVisible()
  const result = dialog.getByTestId('measuring-result')
  await expect(result).toContainText("on the card's plane")
  const measured = inches((await result.textContent()) ?? '')
  expect(withinPercent(measured, lengthIn, 2), `${measured} in is within 2 % of ${lengthIn} in`).toBe(true)
  const comparison = dialog.getByTestId('two-point-comparison')
  await expect(comparison).toHaveText(
    /^Two ends of the card's long side alone would give \d+( \d\/8)? in \(camera assumed square\)\.$/,
  )
  const twoPoint = inches((await comparison.textContent()) ?? '')
  expect(Math.abs(twoPoint - measured), `the two-point ${twoPoint} in differs from ${measured} in`).toBeGreaterThan(0.2)
  await expect(dialog.getByText(/must lie flat on the same surface as the card/)).toBeVisible()
  return measured
}

/** The photo with a card and a fish, at desktop width. */
async function withCardAtDesktop(page: Page) {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const photo = rendered(WITH_CARD)
  const fish = photo.truth.fish
  if (!fish) throw new Error('the scene has no fish')
  return { photo, fish }
}

/** Past the reference, the fish marked from snout to tail on the whole photo. */
async function markFish(page: Page, dialog: Locator, photo: RenderedPhoto, fish: { a: Point; b: Point }) {
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Fit' }).click()
  for (const end of [fish.a, fish.b]) {
    const s = await onScreen(dialog, photo, end)
    await page.mouse.click(s.x, s.y)
  }
}

test('desktop: the card is found on a photo taken at an angle, the fish measured on its plane and saved', async ({
  page,
}) => {
  const { photo, fish } = await withCardAtDesktop(page)
  const dialog = await openWithPhoto(page, photo, WITH_CARD)

  await expect(dialog.getByText('Card found', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByText('4 of 4 corners marked')).toBeVisible()
  await expect(dialog.getByText(/^Long sides \d+ px; corners placed to ± [\d.]+ px$/)).toBeVisible()
  await look(page, 'measuring-plane-01-card-found')

  await markFish(page, dialog, photo, fish)
  const measured = await expectPlaneResult(dialog, fish.lengthIn)
  await look(page, 'measuring-plane-02-result')

  // Recorded: the server measures the plane value again from the corners and the path, and keeps how it was measured.
  await dialog.getByRole('button', { name: 'Record a measurement' }).click()
  const form = page.getByRole('dialog', { name: 'New Measurement' })
  await form.getByRole('combobox', { name: 'Species' }).fill('rainbow')
  await form.getByRole('option', { name: /^Rainbow Trout/ }).click()
  await expect(form.getByRole('textbox', { name: 'Length (in)' })).not.toHaveValue('')
  const caption = `Trout measured on the card's plane ${Date.now()}`
  await form.getByLabel('Caption (optional)').fill(caption)
  await form.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Measurement saved', { exact: true })).toBeVisible()
  const res = await page.request.get('/api/measurements?limit=50')
  const saved = ((await res.json()) as MeasurementPage).items.find((m) => m.caption === caption)
  expect(saved?.photoMeasurements[0]).toMatchObject({ method: 'plane', mode: 'straight', valueIn: measured })
  expect(saved?.photoMeasurements[0]?.reference.corners).toHaveLength(4)
  await page.goto(`/measurements/${saved?.id}`)
  const table = page.getByRole('region', { name: 'Measured on the photo' })
  await expect(table.getByText("On the card's plane (four corners)")).toBeVisible()
  await expect(table.getByText(/the camera could be at an angle/)).toBeVisible()
  await table.scrollIntoViewIfNeeded()
  await look(page, 'measuring-plane-07-saved')
})

// A phone stores a portrait or a turned shot as the sensor saw it, with an EXIF orientation; the tool shows it upright,
// and the worker, which decodes the photo itself, must find the card in the same upright pixels.
const STORED_TURNED = [
  { orientation: 6, turn: -90, how: 'on its side' },
  { orientation: 3, turn: 180, how: 'upside down' },
] as const

for (const { orientation, turn, how } of STORED_TURNED) {
  test(`desktop: a photo stored ${how} (EXIF orientation ${orientation}): the card found, the fish within 2 %`, async ({
    page,
  }) => {
    const { photo, fish } = await withCardAtDesktop(page)
    // Stored turned, with the tag that tells a viewer how to turn it back.
    const stored = await sharp(await encodePhoto(photo, 'jpeg'))
      .rotate(turn)
      .withMetadata({ orientation })
      .jpeg({ quality: 90 })
      .toBuffer()
    const dialog = await openWithPhoto(page, photo, `${WITH_CARD}-${orientation}`, stored)
    await expect(dialog.getByText('Card found', { exact: true })).toBeVisible({ timeout: 30_000 })
    await markFish(page, dialog, photo, fish)
    await expectPlaneResult(dialog, fish.lengthIn)
  })
}

/** Where a card lying on the surface would be: its corners on the plane (inches) carried into the photo. */
function cardCornersAt(photo: RenderedPhoto, at: Point): Point[] {
  const centre = planePointAt(photo.truth.scene.camera, at)
  const [x, y] = [CARD_PLANE_IN.long / 2, CARD_PLANE_IN.short / 2]
  const onPlane = [
    { x: centre.x - x, y: centre.y - y },
    { x: centre.x + x, y: centre.y - y },
    { x: centre.x + x, y: centre.y + y },
    { x: centre.x - x, y: centre.y + y },
  ]
  return onPlane.map((p) => {
    const q = applyHomography(photo.truth.homography, p)
    return { x: q.x, y: q.y }
  })
}

test('desktop: no card is found; the member marks its four corners, adjusts one, and measures', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const photo = rendered(WITHOUT_CARD)
  const fish = photo.truth.fish
  if (!fish) throw new Error('the scene has no fish')
  const dialog = await openWithPhoto(page, photo, WITHOUT_CARD)

  await expect(dialog.getByRole('complementary').getByText(NO_CARD_TEXT)).toBeVisible({ timeout: 30_000 })
  await expect(said(dialog, NO_CARD_TEXT)).toBeAttached()
  await expect(dialog.getByRole('button', { name: 'Mark two ends instead' })).toBeVisible()
  await look(page, 'measuring-plane-03-no-card')

  // Four corners of a card where one would lie, tapped in no particular order; the tool puts them around the card.
  const corners = cardCornersAt(photo, { x: 0.5 * photo.raster.width, y: 0.82 * photo.raster.height })
  for (const i of [2, 0, 3, 1]) {
    const s = await onScreen(dialog, photo, corners[i] as Point)
    await page.mouse.click(s.x, s.y)
  }
  await expect(dialog.getByText('4 of 4 corners marked')).toBeVisible()
  await expect(said(dialog, 'Corner 4 placed. All four corners are marked')).toBeAttached()

  // Drag a corner away and back by the same amount, then nudge one from the keyboard and back: nothing moves in the end.
  const first = await onScreen(dialog, photo, corners[0] as Point)
  await page.mouse.move(first.x, first.y)
  await page.mouse.down()
  await page.mouse.move(first.x + 40, first.y + 25, { steps: 4 })
  await page.mouse.up()
  await expect(said(dialog, /^Corner \d moved to \d+, \d+$/)).toBeAttached()
  await page.mouse.move(first.x + 40, first.y + 25)
  await page.mouse.down()
  await page.mouse.move(first.x, first.y, { steps: 4 })
  await page.mouse.up()
  await dialog.getByRole('application').focus()
  await page.keyboard.press('2')
  await expect(said(dialog, 'Corner 2 selected: the arrow keys move it')).toBeAttached()
  await page.keyboard.press('Shift+ArrowLeft')
  await expect(said(dialog, /^Corner 2 moved to \d+, \d+$/)).toBeAttached()
  await page.keyboard.press('Shift+ArrowRight')
  await look(page, 'measuring-plane-04-marked-by-hand')

  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Fit' }).click()
  for (const end of [fish.a, fish.b]) {
    const s = await onScreen(dialog, photo, end)
    await page.mouse.click(s.x, s.y)
  }
  await expectPlaneResult(dialog, fish.lengthIn)

  // Two ends instead: today's flow, the camera assumed square.
  await dialog.getByRole('button', { name: 'Change reference' }).click()
  await dialog.getByRole('radio', { name: /Two ends/ }).check()
  await expect(dialog.getByRole('radio', { name: /Long side/ })).toBeChecked()
  await expect(dialog.getByText('0 of 2 ends marked')).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the card is found, a corner dragged, and the fish measured by touch', async ({ page, context }) => {
    test.setTimeout(120_000)
    const photo = rendered(WITH_CARD)
    const fish = photo.truth.fish
    if (!fish) throw new Error('the scene has no fish')
    const dialog = await openWithPhoto(page, photo, WITH_CARD)
    await expect(dialog.getByText('Card found', { exact: true })).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: 'tests/e2e/screenshots/measuring-plane-05-found-phone.png' })

    // A finger on a corner drags it, the loupe showing the corner; dragged back by as much, it is where it was.
    const corner = photo.truth.cardCorners?.[1]
    if (!corner) throw new Error('the scene has no card')
    const cdp = await context.newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: Point[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at.map((p) => ({ x: p.x, y: p.y })) })
    const from = await onScreen(dialog, photo, corner)
    const to = { x: from.x + 24, y: from.y - 18 }
    for (const [a, b] of [
      [from, to],
      [to, from],
    ] as const) {
      await touch('touchStart', [a])
      await expect(dialog.getByTestId('measuring-loupe')).toBeVisible()
      for (let step = 1; step <= 4; step++) {
        await touch('touchMove', [{ x: a.x + ((b.x - a.x) * step) / 4, y: a.y + ((b.y - a.y) * step) / 4 }])
      }
      await touch('touchEnd', [])
      await expect(said(dialog, /^Corner 2 moved to \d+, \d+$/)).toBeAttached()
    }
    await expect(dialog.getByTestId('measuring-loupe')).toBeHidden()
    // Only the dragged corner is now good to a click; the other three keep the detector's placement.
    await expect(dialog.getByText(/^Long sides \d+ px; corners placed to ± [\d.]+–1\.0 px$/)).toBeVisible()

    await dialog.getByRole('button', { name: 'Continue' }).tap()
    await dialog.getByRole('button', { name: 'Fit' }).tap()
    for (const end of [fish.a, fish.b]) {
      const s = await onScreen(dialog, photo, end)
      await page.touchscreen.tap(s.x, s.y)
    }
    await expectPlaneResult(dialog, fish.lengthIn)
    await look(page, 'measuring-plane-06-phone-result')
  })
})
