import { type Browser, expect, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import {
  type BrowserGlobals,
  DESKTOP,
  expectNoSidewaysScroll,
  expectWholeAtEveryWidth,
  PHONE,
  scrollToTop,
  WIDTHS,
} from './support/layout-checks.ts'
import { look } from './support/look.ts'
import { memberNamed, type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'
import { postBass } from './support/posts.ts'

// Every main screen at 390 and 1280 px, as a visitor, a member and the admin: no page scrolls sideways, no fixed
// control (the assistant's button above all) covers the page at any scroll position, one's own profile is one
// click away, the notifications list keeps its scroll to itself, and the sign-in page offers Request access.
// The specs share one server: four sign-ups here stay within its limit of five a minute.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const member = (first: string, last: string) => memberNamed(first, last, stamp)
const M = member('Morgan', 'Marsh')
const F = member('Finley', 'Ford')
const LONG_EMAIL = `a.very.long.address.for.a.hunter.who.likes.long.names.${stamp}@subdomain.example-outfitters.test`

async function newMember(browser: Browser, who: NewMember, admin: Page) {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } })
  const page = await context.newPage()
  await signUpApprovedMember(page, admin.request, who)
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string }
  return { context, page, id: me.id }
}

/** A public bass through the API; the first ones carry a photo so the cards look as members see them. */
const postNthBass = (page: Page, n: number) =>
  postBass(page, {
    lengthIn: 14 + n,
    girthIn: 11 + n / 2,
    caption: `Bass number ${n + 1} from the north cove, caught at first light on a chartreuse spinnerbait`,
    photo: n < 2,
    takenAt: new Date(Date.now() - n * 86_400_000),
    location: { region: 'Minnesota', precision: 'region' },
  })

/** Opens `path` and waits for its main heading. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForTimeout(300) // images and the second queries settle
}

/** One screen: whole at both widths while scrolling, then screenshots and axe. */
async function checkScreen(page: Page, path: string, name: string) {
  await open(page, path)
  await expectWholeAtEveryWidth(page, path)
  await look(page, `phone-layout-${name}`)
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('a visitor: the landing page, sign-in with Request access, and Check your email fit every width', async ({
  page,
}) => {
  await open(page, '/')
  // The demo card's badge leaves the measured spread readable.
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height })
    const badge = await page.getByText('Live measurement', { exact: true }).boundingBox()
    const spread = await page.locator('svg text').filter({ hasText: '52" spread' }).boundingBox()
    expect(badge && spread, 'the badge and the spread are shown').toBeTruthy()
    if (badge && spread) expect(overlaps(badge, spread), `the badge covers the spread at ${size.width}px`).toBe(false)
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await expectWholeAtEveryWidth(page, 'landing')
  await look(page, 'phone-layout-01-landing')

  // The sign-in page keeps its texts and offers Request access, which opens the request form on the landing page.
  await open(page, '/sign-in')
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
  await expect(page.getByText('Welcome back to the Fieldmark beta.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible()
  await expectWholeAtEveryWidth(page, 'sign-in')
  await look(page, 'phone-layout-02-sign-in')
  await page.getByRole('link', { name: 'Request access' }).click()
  const request = page.getByRole('dialog', { name: 'Request Beta Access' })
  await expect(request).toBeVisible()
  await expect(page).toHaveURL(`${E2E.baseURL}/`)
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await expectNoSidewaysScroll(page, `the request form at ${size.width}px`)
  }
  await look(page, 'phone-layout-03-request-access')
  await request.getByRole('button', { name: 'Close' }).click()
  await expect(request).toBeHidden()

  // Check your email with a long address: it wraps inside the card.
  await open(page, '/sign-in')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByLabel('First name').fill('Lane')
  await page.getByLabel('Last name').fill('Longname')
  await page.getByLabel('Email').fill(LONG_EMAIL)
  await page.getByLabel('Password').fill('Longname-password-2026')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const subtitle = page.getByText(`We sent a verification link to ${LONG_EMAIL}.`)
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await expectNoSidewaysScroll(page, `Check your email at ${size.width}px`)
    const card = await page.getByRole('main').locator('> div').boundingBox()
    const text = await subtitle.boundingBox()
    expect(card && text).toBeTruthy()
    if (card && text)
      expect(text.x + text.width, 'the address stays in the card').toBeLessThanOrEqual(card.x + card.width)
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await look(page, 'phone-layout-04-check-your-email')
})

test('a member: every screen whole at both widths, the own profile one click away, the notifications list', async ({
  browser,
}) => {
  test.setTimeout(480_000) // eleven screens, each scanned, screenshotted and checked by axe at two widths
  const adminContext = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } })
  const admin = await adminContext.newPage()
  await signInAdmin(admin.request)
  const m = await newMember(browser, M, admin)
  const f = await newMember(browser, F, admin)

  // Enough for every page to scroll: M's catches, F's catches, and F following, liking and commenting on M's.
  const mine: string[] = []
  for (let n = 0; n < 8; n++) mine.push(await postNthBass(m.page, n))
  for (let n = 0; n < 3; n++) await postNthBass(f.page, n + 3)
  expect((await f.page.request.put(`/api/follows/${m.id}`, { headers: origin })).ok()).toBe(true)
  for (const [i, id] of mine.entries()) {
    expect((await f.page.request.put(`/api/measurements/${id}/like`, { headers: origin })).ok()).toBe(true)
    if (i % 2 === 0) {
      const comment = await f.page.request.post(`/api/measurements/${id}/comments`, {
        headers: origin,
        data: { body: `Nice one, Morgan! That is bass ${i + 1}.` },
      })
      expect(comment.ok(), await comment.text()).toBe(true)
    }
  }

  const page = m.page
  const screens: [string, string][] = [
    ['/', '10-dashboard'],
    ['/measurements', '11-measurements'],
    [`/measurements/${mine[0]}`, '12-measurement'],
    ['/community', '13-community'],
    [`/profile/${f.id}`, '14-profile'],
    ['/leaderboards', '15-leaderboards'],
    ['/achievements', '16-achievements'],
    ['/species-guide', '17-species-guide'],
    ['/species-guide/largemouth-bass', '18-species'],
    ['/settings', '19-settings'],
  ]
  for (const [path, name] of screens) await checkScreen(page, path, name)

  // One's own profile: one click in the desktop header, and in the account menu at both widths.
  const ownProfile = `${E2E.baseURL}/profile/${m.id}`
  await open(page, '/')
  await page.getByRole('banner').getByRole('link', { name: 'My Profile' }).click()
  await expect(page).toHaveURL(ownProfile)
  await expect(page.getByRole('heading', { name: `${M.firstName} ${M.lastName}`, level: 1 })).toBeVisible()
  for (const size of WIDTHS) {
    await open(page, '/')
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'My Profile' }).click()
    await expect(page, `the account menu at ${size.width}px`).toHaveURL(ownProfile)
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await checkScreen(page, `/profile/${m.id}`, '20-own-profile')

  // The assistant's button sits in the header on wide screens and in the bottom bar on phones.
  await open(page, '/')
  const assistant = page.getByRole('button', { name: 'Open Hunting Assistant' })
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open Hunting Assistant' })).toBeVisible()
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height })
  await expect(
    page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'Open Hunting Assistant' }),
  ).toBeVisible()
  await assistant.click()
  await expect(page.getByRole('dialog', { name: 'Hunting Assistant' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(assistant).toBeFocused()
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })

  // The notifications list: scrolling past its end leaves the page behind it where it was.
  for (const size of WIDTHS) {
    await open(page, '/')
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollBy({ top: 300, behavior: 'instant' }))
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const panel = page.getByRole('region', { name: 'Notifications' })
    const list = panel.getByRole('list')
    await expect(list.getByRole('listitem').first()).toBeVisible()
    const overscroll = await list.evaluate(
      (el) => (globalThis as unknown as BrowserGlobals).getComputedStyle(el).overscrollBehaviorY,
    )
    expect(overscroll).toBe('contain')
    const sizes = await list.evaluate((el: { scrollHeight: number; clientHeight: number; scrollTop: number }) => {
      el.scrollTop = el.scrollHeight
      return { scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }
    })
    expect(sizes.scrollHeight, 'the list is long enough to scroll').toBeGreaterThan(sizes.clientHeight)
    const before = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollY)
    expect(before, 'the page behind can scroll').toBeGreaterThan(0)
    const box = await list.boundingBox()
    if (!box) throw new Error('the list is not shown')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, 800)
    await page.waitForTimeout(400)
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollY), size.name).toBe(before)
    await page.mouse.wheel(0, -200)
    await page.waitForTimeout(300)
    expect(await list.evaluate((el: { scrollTop: number }) => el.scrollTop), 'the list itself scrolls').toBeLessThan(
      sizes.scrollHeight - sizes.clientHeight,
    )
    await expectNoSidewaysScroll(page, `notifications at ${size.width}px`)
    await scrollToTop(page)
  }
  await look(page, 'phone-layout-21-notifications')
  await page.keyboard.press('Escape')

  await m.context.close()
  await f.context.close()
  await adminContext.close()
})

test('the admin: the admin screens fit a phone as cards, and nothing covers their buttons', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } })
  const page = await context.newPage()
  await signInAdmin(page.request)
  // Three requests waiting, one reviewed with a note (the first test's long address waits as an account).
  const ids: string[] = []
  for (const [i, name] of ['Riley', 'Sawyer', 'Quinn', 'Emerson'].entries()) {
    const res = await page.request.post('/api/beta-access-request', {
      headers: origin,
      data: {
        email: `${name.toLowerCase()}.with.a.rather.long.address-${stamp}@fieldmark.test`,
        firstName: name,
        lastName: 'Applicant',
        huntingExperience: 'intermediate',
        location: 'Northern Minnesota, near the Boundary Waters',
        reason: i % 2 ? 'I measure every buck I take and want the scores to match the record books.' : undefined,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    ids.push(((await res.json()) as { id: string }).id)
  }
  const reviewed = await page.request.post(`/api/admin/beta-requests/${ids[3]}/review`, {
    headers: origin,
    data: { status: 'approved', reviewNotes: 'Known to the team from the spring turkey season; welcome aboard.' },
  })
  expect(reviewed.ok(), await reviewed.text()).toBe(true)

  await open(page, '/admin')
  await expect(page.getByRole('button', { name: 'Approve Riley Applicant' })).toBeVisible()
  await expectWholeAtEveryWidth(page, '/admin')
  // On a phone every request's buttons, status and notes are on screen.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height })
  for (const target of [
    page.getByRole('button', { name: 'Approve Quinn Applicant' }),
    page.getByRole('button', { name: 'Deny Quinn Applicant' }),
    page
      .getByRole('region', { name: 'Previously Reviewed' })
      .getByRole('row')
      .filter({ hasText: 'Emerson Applicant' })
      .getByText('Approved', { exact: true }),
    page.getByText('Known to the team from the spring turkey season', { exact: false }),
  ]) {
    await target.scrollIntoViewIfNeeded()
    const box = await target.boundingBox()
    expect(box, 'shown').toBeTruthy()
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await look(page, 'phone-layout-30-admin')

  await page.getByRole('tab', { name: /Reports/ }).click()
  await expectWholeAtEveryWidth(page, '/admin reports')
  await look(page, 'phone-layout-31-admin-reports')
  await context.close()
})
