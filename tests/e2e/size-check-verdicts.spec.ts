import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { chooseTwoEnds } from './support/measuring-tool.ts'
import { memberNamed, type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'
import { postBass } from './support/posts.ts'
import { CARD, CARD_LONG_ENDS, FISH_ENDS, PHOTO } from './support/test-photos.ts'

// The verdicts follow the checker's own evidence: Blake reports his bass at 47 in, but the photo shows a 15 in fish.
// Avery measures it on the photo; the reported value is outside Avery's ± range, so Confirmed is disabled with the
// reason in view (at 1280 and 390 px), the server refuses it too, and Avery disputes the size instead.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const member = (first: string, last: string) => memberNamed(first, last, stamp, 'verdicts-')
const CHECKER = member('Avery', 'Archer')
const OWNER = member('Blake', 'Bowman')
const REPORTED_IN = 47

type Point = { x: number; y: number }

async function newMember(browser: Browser, who: NewMember, admin: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signUpApprovedMember(page, admin.request, who)
  return page
}

/** The owner's bass: the 15 in fish of the measuring photo, reported at 47 in, public. */
const postOverstatedBass = (page: Page) =>
  postBass(page, { lengthIn: REPORTED_IN, girthIn: 20, caption: 'Lake record, surely' })

async function onScreen(tool: Locator, p: Point): Promise<Point> {
  const box = await tool.locator('svg[role="application"] > image').boundingBox()
  if (!box) throw new Error('the photo is not shown')
  return { x: box.x + (p.x * box.width) / PHOTO.width, y: box.y + (p.y * box.height) / PHOTO.height }
}

async function clickAt(page: Page, tool: Locator, p: Point) {
  const s = await onScreen(tool, p)
  await page.mouse.click(s.x, s.y)
}

/**
 * Calibrates on the two ends of the card's long side, then measures the fish snout to tail (as in the community
 * journey).
 */
async function measureTheFish(page: Page) {
  const tool = page.getByRole('dialog', { name: 'Measure Length' })
  await expect(tool.getByRole('heading', { name: /Reference/ })).toBeVisible()
  await chooseTwoEnds(tool)
  const cardCentre = await onScreen(tool, { x: CARD.x + CARD.width / 2, y: CARD.y + CARD.height / 2 })
  await page.mouse.move(cardCentre.x, cardCentre.y)
  await page.mouse.wheel(0, -300)
  await expect
    .poll(async () => (await tool.locator('svg[role="application"] > image').boundingBox())?.width ?? 0)
    .toBeGreaterThan(1300)
  await clickAt(page, tool, CARD_LONG_ENDS[0])
  await clickAt(page, tool, CARD_LONG_ENDS[1])
  await expect(tool.getByText('2 of 2 ends marked')).toBeVisible()
  await tool.getByRole('button', { name: 'Continue' }).click()
  await tool.getByRole('button', { name: 'Fit' }).click()
  await clickAt(page, tool, FISH_ENDS[0])
  await clickAt(page, tool, FISH_ENDS[1])
  await expect(tool.getByRole('heading', { name: /Result/ })).toBeVisible()
  await tool.getByRole('button', { name: 'Use this value' }).click()
  await expect(tool).toBeHidden()
}

test('Confirmed is not offered when the checker’s own measurement is outside its ± range of the reported size', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAdmin(admin.request)
  const checker = await newMember(browser, CHECKER, admin)
  const owner = await newMember(browser, OWNER, admin)
  const postId = await postOverstatedBass(owner)

  await checker.goto(`/measurements/${postId}#size-check`)
  const checks = checker.locator('#size-check')
  await checks.getByRole('button', { name: 'Check size' }).click()
  const form = checker.getByRole('dialog', { name: 'Check the size' })
  await form.getByRole('button', { name: 'Measure on the photo' }).click()
  await measureTheFish(checker)

  const compared = form.getByRole('region', { name: 'Your estimate and the reported value' })
  await expect(compared).toContainText(`${REPORTED_IN} in`)
  await expect(compared).toContainText('68% less than reported; the reported value is outside your ± range')
  const confirmed = form.getByRole('radio', { name: /^Confirmed/ })
  await expect(confirmed).toBeDisabled()
  await expect(confirmed).toHaveAccessibleDescription(/outside your ± range.*choose Plausible or Disputed/)
  await expect(form.getByText('choose Plausible or Disputed', { exact: false })).toBeVisible()
  await expect(form.getByRole('radio', { name: /^Plausible/ })).toBeEnabled()
  await expect(form.getByRole('radio', { name: /^Disputed/ })).toBeEnabled()
  await expect(form.getByRole('button', { name: 'Save verdict' })).toBeDisabled()
  await look(checker, 'size-check-verdicts-01-confirmed-ruled-out')

  // The server holds the same rule: Confirmed with this very estimate is refused, naming the verdict.
  const estimate = { field: 'length', label: 'Length', value: 15, unit: 'in', uncertainty: 0.25, source: 'photo-tool' }
  const refused = await checker.request.put(`/api/measurements/${postId}/size-check`, {
    headers: origin,
    data: { verdict: 'confirmed', estimate, note: '' },
  })
  expect(refused.status()).toBe(400)
  const body = (await refused.json()) as { error: { message: string; issues: { path: string }[] } }
  expect(body.error.message).toMatch(/^verdict: The reported value is outside your ± range/)
  expect(body.error.issues.map((i) => i.path)).toEqual(['verdict'])

  // Disputed follows from the evidence and is saved.
  await form.getByRole('radio', { name: /^Disputed/ }).check()
  await form.getByRole('textbox', { name: /Note/ }).fill('Card on the dock: about 15 in snout to tail')
  await form.getByRole('button', { name: 'Save verdict' }).click()
  await expect(form).toBeHidden()
  await expect(checks.getByText('0 confirmed · 0 plausible · 1 disputed')).toBeVisible()
  await expect(checks.getByRole('list', { name: 'Verdicts' })).toContainText('Disputed')
  await look(checker, 'size-check-verdicts-02-disputed')
})
