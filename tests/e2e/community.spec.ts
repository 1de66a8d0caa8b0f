import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { chooseTwoEnds } from './support/measuring-tool.ts'
import { memberNamed, type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'
import { postBass } from './support/posts.ts'
import { CARD, CARD_LONG_ENDS, FISH_ENDS, FISH_LENGTH_IN, PHOTO } from './support/test-photos.ts'

// The community with three members in their own browser contexts: A follows B, B posts a bass, A likes
// and comments and B sees the notifications arrive live; A checks the size on the photo with the measuring tool
// and confirms, a third member confirms, and the post shows Community verified; B reports a comment and the admin
// hides it, after which nobody but its author and the admin sees it.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const member = (first: string, last: string) => memberNamed(first, last, stamp)
const A = member('Avery', 'Archer')
const B = member('Blake', 'Bowman')
const C = member('Casey', 'Caster')

type Point = { x: number; y: number }

async function newMember(
  browser: Browser,
  who: NewMember,
  admin: Page,
): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signUpApprovedMember(page, admin.request, who)
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string }
  return { context, page, id: me.id }
}

/** B's catch: the generated bass photo (15 in, a credit card beside it), posted publicly through the API. */
const postBBass = (page: Page) =>
  postBass(page, {
    lengthIn: FISH_LENGTH_IN,
    girthIn: 12,
    caption: 'Big girl from the north cove',
    location: { region: 'Minnesota', precision: 'region' },
  })

/** Where an image pixel is on the screen now, from the photo's box in the measuring tool. */
async function onScreen(tool: Locator, p: Point): Promise<Point> {
  const box = await tool.locator('svg[role="application"] > image').boundingBox()
  if (!box) throw new Error('the photo is not shown')
  return { x: box.x + (p.x * box.width) / PHOTO.width, y: box.y + (p.y * box.height) / PHOTO.height }
}

async function clickAt(page: Page, tool: Locator, p: Point) {
  const s = await onScreen(tool, p)
  await page.mouse.click(s.x, s.y)
}

test('two members follow, post, like, comment, get notified live, check a size, and an admin hides a report', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const admin = await adminContext.newPage()
  await signInAdmin(admin.request)
  const a = await newMember(browser, A, admin)
  const b = await newMember(browser, B, admin)
  const c = await newMember(browser, C, admin)

  // A follows B on B's profile; the follower count changes at once.
  await a.page.goto(`/profile/${b.id}`)
  await expect(a.page.getByRole('heading', { name: `${B.firstName} ${B.lastName}`, level: 1 })).toBeVisible()
  await a.page.getByRole('button', { name: 'Follow', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Unfollow' })).toBeVisible()
  await expect(a.page.getByRole('link', { name: '1 followers' })).toBeVisible()
  await look(a.page, 'community-01-profile')

  // B waits on the dashboard; then B posts.
  await b.page.goto('/')
  const bell = b.page.getByRole('button', { name: /^Notifications/ })
  // The follow is waiting already.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  const postId = await postBBass(b.page)
  // B's first catch earns the First Measurement achievement, told in the bell at once.
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 })

  // A's Following tab shows B's post; A likes it and comments.
  await a.page.goto('/community?tab=following')
  const post = a.page.getByTestId('post-card').filter({ hasText: 'Big girl from the north cove' })
  await expect(post).toBeVisible()
  await expect(post.getByText('Minnesota')).toBeVisible()
  const like = post.getByRole('button', { name: /^Like,/ })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveAccessibleName(/^Like, 1 like/)
  await post.getByRole('button', { name: /^Comments,/ }).click()
  const composer = post.getByRole('textbox', { name: 'Write a comment' })
  await composer.fill('What a fish! <script>window.pwned = true</script>')
  await post.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(post.getByText('What a fish! <script>window.pwned = true</script>')).toBeVisible()
  expect(await a.page.evaluate(() => (globalThis as unknown as { pwned?: boolean }).pwned)).toBeUndefined()
  await look(a.page, 'community-02-feed')

  // B sees the like and the comment arrive live (no reload): the badge counts the unread groups; the panel names them.
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread', { timeout: 15_000 })
  await bell.click()
  const panel = b.page.getByRole('region', { name: 'Notifications' })
  await expect(panel.getByText(`${A.firstName} liked your Largemouth Bass`)).toBeVisible()
  await expect(panel.getByText(`${A.firstName} commented on your Largemouth Bass`)).toBeVisible()
  await expect(panel.getByText(`${A.firstName} started following you`)).toBeVisible()
  await expect(panel.getByText('You earned First Measurement')).toBeVisible()
  await look(b.page, 'community-03-notifications')
  await panel.getByRole('button', { name: 'Mark all read' }).click()
  await expect(bell).toHaveAccessibleName('Notifications')
  await b.page.keyboard.press('Escape')

  // A checks the size on the photo: the two ends of the card's long side as reference, snout to tail, then Confirmed.
  await a.page.goto(`/measurements/${postId}#size-check`)
  const checks = a.page.locator('#size-check')
  await checks.getByRole('button', { name: 'Check size' }).click()
  const form = a.page.getByRole('dialog', { name: 'Check the size' })
  await form.getByRole('button', { name: 'Measure on the photo' }).click()
  const tool = a.page.getByRole('dialog', { name: 'Measure Length' })
  await expect(tool.getByRole('heading', { name: /Reference/ })).toBeVisible()
  await chooseTwoEnds(tool)
  const cardCentre = await onScreen(tool, { x: CARD.x + CARD.width / 2, y: CARD.y + CARD.height / 2 })
  await a.page.mouse.move(cardCentre.x, cardCentre.y)
  await a.page.mouse.wheel(0, -300)
  await expect
    .poll(async () => (await tool.locator('svg[role="application"] > image').boundingBox())?.width ?? 0)
    .toBeGreaterThan(1300)
  await clickAt(a.page, tool, CARD_LONG_ENDS[0])
  await clickAt(a.page, tool, CARD_LONG_ENDS[1])
  await expect(tool.getByText('2 of 2 ends marked')).toBeVisible()
  await tool.getByRole('button', { name: 'Continue' }).click()
  await tool.getByRole('button', { name: 'Fit' }).click()
  await clickAt(a.page, tool, FISH_ENDS[0])
  await clickAt(a.page, tool, FISH_ENDS[1])
  await expect(tool.getByRole('heading', { name: /Result/ })).toBeVisible()
  await tool.getByRole('button', { name: 'Use this value' }).click()
  await expect(form.getByRole('region', { name: 'Your estimate and the reported value' })).toContainText('15')
  await form.getByRole('radio', { name: /^Confirmed/ }).check()
  await form.getByRole('textbox', { name: /Note/ }).fill('Card on the dock, snout to tail')
  await form.getByRole('button', { name: 'Save verdict' }).click()
  await expect(form).toBeHidden()
  await expect(checks.getByText('1 confirmed · 0 plausible · 0 disputed')).toBeVisible()
  await expect(checks.getByText('Unverified', { exact: true })).toBeVisible()

  // A third member confirms (through the API, with the same kind of estimate); the post is community verified.
  const third = await c.page.request.put(`/api/measurements/${postId}/size-check`, {
    headers: origin,
    data: {
      verdict: 'confirmed',
      estimate: {
        field: 'length',
        label: 'Length',
        value: 15.05,
        unit: 'in',
        uncertainty: 0.125,
        source: 'photo-tool',
      },
      note: 'Measured against the card as well',
    },
  })
  expect(third.status(), await third.text()).toBe(200)
  await a.page.reload()
  await expect(checks.getByText('Community verified', { exact: true }).first()).toBeVisible()
  await expect(checks.getByText('2 confirmed · 0 plausible · 0 disputed')).toBeVisible()
  await look(a.page, 'community-04-size-check')
  await a.page.goto('/community')
  await expect(post.getByText('Community verified')).toBeVisible()

  // C comments something abusive; B reports it; the admin hides it from the Reports section.
  const abuse = await c.page.request.post(`/api/measurements/${postId}/comments`, {
    headers: origin,
    data: { body: 'Fake catch, this guy lies about everything' },
  })
  expect(abuse.status(), await abuse.text()).toBe(201)
  await b.page.goto(`/measurements/${postId}`)
  const comment = b.page.getByRole('listitem').filter({ hasText: 'Fake catch, this guy lies about everything' })
  await expect(comment).toBeVisible()
  await comment.getByRole('button', { name: `Report ${C.firstName} ${C.lastName}'s comment` }).click()
  const report = b.page.getByRole('dialog', { name: /Report/ })
  await report.getByRole('radio', { name: 'Harassment or abuse' }).check()
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(b.page.getByText('Report sent', { exact: true })).toBeVisible()

  await admin.goto('/admin')
  await admin.getByRole('tab', { name: /Reports/ }).click()
  const card = admin.getByRole('article').filter({ hasText: 'Fake catch, this guy lies about everything' })
  await expect(card).toBeVisible()
  await look(admin, 'community-05-admin-reports')
  await card.getByRole('button', { name: /^Hide/ }).click()
  await admin
    .getByRole('alertdialog', { name: 'Hide this comment?' })
    .getByRole('button', { name: 'Hide comment' })
    .click()
  await expect(admin.getByText('Content hidden', { exact: true })).toBeVisible()

  // Gone for A and B; still there, marked hidden, for its author.
  await a.page.goto(`/measurements/${postId}`)
  await expect(a.page.getByText('What a fish!')).toBeVisible()
  await expect(a.page.getByText('Fake catch, this guy lies about everything')).toHaveCount(0)
  await b.page.reload()
  await expect(b.page.getByText('What a fish!')).toBeVisible()
  await expect(b.page.getByText('Fake catch, this guy lies about everything')).toHaveCount(0)
  await c.page.goto(`/measurements/${postId}`)
  await expect(c.page.getByText('Fake catch, this guy lies about everything')).toBeVisible()

  await Promise.all([a.context.close(), b.context.close(), c.context.close(), adminContext.close()])
})
