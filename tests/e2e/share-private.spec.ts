import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import type { Measurement } from '../../src/shared/schemas/measurements.ts'
import { look } from './support/look.ts'
import { memberNamed, signInAdmin, signUpApprovedMember } from './support/members.ts'

// A member saves a catch (private by default) and follows the toast's View to it. Sharing it first says that the
// link would open for nobody: Cancel sends nothing; Copy anyway copies it (a visitor finds nothing there); Make it
// public changes only its visibility, then Copy link hands out a link that opens for anyone.

const member = memberNamed('Sage', 'Sharer', Date.now(), 'sharer-')
const CAPTION = 'Evening bite by the reeds'

/** The page's clipboard text (the test tsconfig has no DOM types, hence the narrow cast). */
async function readClipboard(page: Page): Promise<string> {
  type Clipboard = { clipboard: { readText: () => Promise<string> } }
  return page.evaluate(() => (navigator as unknown as Clipboard).clipboard.readText())
}

async function writeClipboard(page: Page, text: string) {
  type Clipboard = { clipboard: { writeText: (t: string) => Promise<void> } }
  await page.evaluate((t) => (navigator as unknown as Clipboard).clipboard.writeText(t), text)
}

async function noNavigatorShare(context: BrowserContext) {
  // Headless Chromium may or may not offer the share sheet: take it away so Share copies, the fallback of
  // docs/product.md §2.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
  })
}

async function saveBass(page: Page) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'New Measurement' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  const species = dialog.getByRole('combobox', { name: 'Species' })
  await species.fill('largemouth')
  await dialog.getByRole('option', { name: /^Largemouth Bass/ }).click()
  await dialog.getByRole('textbox', { name: 'Length (in)' }).fill('20')
  await dialog.getByRole('textbox', { name: 'Girth (in)' }).fill('14')
  await dialog.getByLabel('Caption (optional)').fill(CAPTION)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('sharing a private catch warns first and offers to make it public; the saved toast offers View', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const adminContext = await browser.newContext()
  await signInAdmin((await adminContext.newPage()).request)
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  await noNavigatorShare(context)
  const page = await context.newPage()
  await signUpApprovedMember(page, adminContext.request, member)

  // Saved on the server: the toast's View opens the measurement.
  await saveBass(page)
  const saved = page.getByRole('listitem').filter({ hasText: 'Measurement saved' })
  await saved.getByRole('link', { name: 'View' }).click()
  await expect(page).toHaveURL(/\/measurements\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()
  await expect(page.getByText('Private', { exact: true })).toBeVisible()
  const id = page.url().split('/').pop() as string
  const before = (await (await page.request.get(`/api/measurements/${id}`)).json()) as Measurement
  expect(before.visibility).toBe('private')

  // Share: the dialog comes first; Cancel sends nothing.
  await writeClipboard(page, 'untouched')
  await page.getByRole('button', { name: 'Share Largemouth Bass' }).click()
  const warning = page.getByRole('alertdialog', { name: 'This link won’t open for others' })
  await expect(warning).toContainText('Your Largemouth Bass is private')
  await expect(warning.getByRole('button', { name: 'Make it public' })).toBeVisible()
  await look(page, 'share-private-01-warning')
  await warning.getByRole('button', { name: 'Cancel' }).click()
  await expect(warning).toBeHidden()
  expect(await readClipboard(page)).toBe('untouched')

  // Copy Link, then Copy anyway: the link is copied, and a visitor finds nothing there.
  const shareUrl = `${E2E.baseURL}/share/${id}`
  await page.getByRole('button', { name: 'Share options for Largemouth Bass' }).click()
  await page.getByRole('menuitem', { name: 'Copy Link' }).click()
  await warning.getByRole('button', { name: 'Copy anyway' }).click()
  await expect(warning).toBeHidden()
  await expect(page.getByText('Only public measurements can be opened by others.', { exact: true })).toBeVisible()
  expect(await readClipboard(page)).toBe(shareUrl)
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto(shareUrl)
  await expect(visitor.getByRole('heading', { name: 'This measurement is private or no longer exists' })).toBeVisible()

  // Copy Link, then Make it public: only the visibility changes; Copy link hands out a link that opens.
  await writeClipboard(page, 'untouched')
  await page.getByRole('button', { name: 'Share options for Largemouth Bass' }).click()
  await page.getByRole('menuitem', { name: 'Copy Link' }).click()
  await warning.getByRole('button', { name: 'Make it public' }).click()
  const done = page.getByRole('alertdialog', { name: 'Your Largemouth Bass is public' })
  await expect(done).toBeVisible()
  expect(await readClipboard(page)).toBe('untouched')
  await look(page, 'share-private-02-public')
  await done.getByRole('button', { name: 'Copy link' }).click()
  await expect(done).toBeHidden()
  await expect(page.getByText('Anyone with the link can open this measurement.', { exact: true })).toBeVisible()
  expect(await readClipboard(page)).toBe(shareUrl)
  await expect(page.getByText('Public', { exact: true })).toBeVisible()

  const after = (await (await page.request.get(`/api/measurements/${id}`)).json()) as Measurement
  expect(after.visibility).toBe('public')
  const { visibility: _b, updatedAt: _bu, ...keptBefore } = before
  const { visibility: _a, updatedAt: _au, ...keptAfter } = after
  expect(keptAfter).toEqual(keptBefore)

  await visitor.goto(shareUrl)
  await expect(visitor.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()
  await expect(visitor.getByText(CAPTION)).toBeVisible()

  // Public now: Share copies at once, without asking.
  await page.getByRole('button', { name: 'Share Largemouth Bass' }).click()
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(await readClipboard(page)).toContain(shareUrl)
})
