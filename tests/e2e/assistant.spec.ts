import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { CM_PER_IN, QUARTER_DIAMETER_IN } from '../../src/shared/measuring/index.ts'
import {
  CHAT_FAILURE_MESSAGE,
  CHAT_GREETING,
  type ChatReply,
  type ChatRequest,
} from '../../src/shared/schemas/assistant.ts'
import type { Measurement } from '../../src/shared/schemas/measurements.ts'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { SPECIES } from '../../src/shared/species/catalogue.ts'
import { look, SCREENSHOT_DIR } from './support/look.ts'
import { type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'
import { measuringPhoto } from './support/test-photos.ts'

// The Hunting Assistant as a member uses it: the assistant button opens the panel with the greeting; three
// questions get the built-in assistant's answers (a record minimum, a fish weight the scoring engine computes, the
// member's own biggest bass recorded first); Enter sends, Shift+Enter starts a new line, a blank question is
// ignored, the input waits while a reply is pending; a failed request shows the chat failure message; the conversation
// survives navigation and a reload; Escape closes and gives the focus back. Then, in the add dialog of this server
// (no AI service configured), 'Analyze photo' says it is not set up and opens the measuring tool instead.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const member = (name: string, last: string): NewMember => ({
  email: `${name.toLowerCase()}-${stamp}@fieldmark.test`,
  password: `${name}-password-2026`,
  firstName: name,
  lastName: `${last}${stamp % 10_000}`,
})

async function newMember(browser: Browser, who: NewMember) {
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAdmin(admin.request)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signUpApprovedMember(page, admin.request, who)
  await adminContext.close()
  return page
}

const fish = (lengthIn: number, girthIn: number) => ({
  system: 'fish',
  category: 'length-girth-800',
  measurements: { lengthIn, girthIn },
})

/** A largemouth bass through the API, weighed by the engine from its length and girth. */
async function recordBass(page: Page, lengthIn: number, girthIn: number): Promise<Measurement> {
  const res = await page.request.post('/api/measurements', {
    headers: origin,
    data: {
      id: randomUUID(),
      speciesId: 'largemouth-bass',
      sheet: fish(lengthIn, girthIn),
      takenAt: new Date(Date.now() - 60_000).toISOString(),
      method: 'tape',
      visibility: 'private',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return res.json()
}

/** A weight as the collection's cards write it (the assistant writes the member's records so): '8.31 lb'. */
function pounds(weightLbs: number | null): string {
  expect(weightLbs).not.toBeNull()
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(weightLbs ?? 0)} lb`
}

/** What the server answers a question, asked through the API (the member's own session). */
async function askApi(page: Page, body: ChatRequest): Promise<ChatReply> {
  const res = await page.request.post('/api/chat', { headers: origin, data: body })
  expect(res.status(), await res.text()).toBe(200)
  return res.json()
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Hunting Assistant' })
const logOf = (page: Page) => panelOf(page).getByRole('log')
const inputOf = (page: Page) => panelOf(page).getByRole('textbox', { name: 'Ask the Hunting Assistant' })
const userMessages = (page: Page) => logOf(page).getByTestId('chat-message-user')
const replies = (page: Page) => logOf(page).getByTestId('chat-message-assistant')

/** Types a question and sends it with Enter; the reply is the next assistant message. */
async function ask(page: Page, question: string): Promise<Locator> {
  const before = await replies(page).count()
  await inputOf(page).fill(question)
  await inputOf(page).press('Enter')
  await expect(userMessages(page).last()).toContainText(question)
  await expect(replies(page)).toHaveCount(before + 1, { timeout: 20_000 })
  return replies(page).nth(before)
}

test('a member asks the Hunting Assistant about records, a fish weight and their own biggest bass', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const page = await newMember(browser, member('Avery', 'Asker'))

  // Two bass recorded first: the assistant must name the heavier one.
  const small = await recordBass(page, 17, 12)
  const big = await recordBass(page, 23, 17)
  expect(big.summary.weightLbs ?? 0).toBeGreaterThan(small.summary.weightLbs ?? 0)

  await page.goto('/')
  const button = page.getByRole('button', { name: 'Open Hunting Assistant' })
  await expect(button).toBeVisible()
  await look(page, 'assistant-00-button')
  // The button covers no page: in the header on a desktop, at the right end of the bottom bar on a phone.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open Hunting Assistant' })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  const inBar = page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'Open Hunting Assistant' })
  await expect(inBar).toBeVisible()
  const fab = await inBar.boundingBox()
  expect(fab && fab.x + fab.width).toBeGreaterThan(390 - 20)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Opening: the panel with its greeting, the focus in the question, about 384 × 500 px on a desktop.
  await button.click()
  const panel = panelOf(page)
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Hunting Assistant' })).toBeVisible()
  await expect(logOf(page)).toHaveAttribute('aria-live', 'polite')
  await expect(replies(page).first()).toContainText(CHAT_GREETING)
  await expect(inputOf(page)).toBeFocused()
  const box = await panel.boundingBox()
  expect(box?.width).toBeCloseTo(384, -1)
  expect(box?.height).toBeCloseTo(500, -1)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40) // at the bottom right
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800 - 40)

  // A blank question is ignored; Shift+Enter starts a new line instead of sending.
  const send = panel.getByRole('button', { name: 'Send' })
  await inputOf(page).press('Enter')
  await inputOf(page).fill('   \n  ')
  await expect(send).toBeDisabled()
  await inputOf(page).press('Enter')
  await expect(userMessages(page)).toHaveCount(0)
  await inputOf(page).fill('')
  await inputOf(page).pressSequentially('first line')
  await inputOf(page).press('Shift+Enter')
  await inputOf(page).pressSequentially('second line')
  await expect(inputOf(page)).toHaveValue('first line\nsecond line')
  await expect(userMessages(page)).toHaveCount(0)

  // 1. A record minimum, from the built-in knowledge.
  const minimum = await ask(page, 'What is the Boone and Crockett minimum for whitetail?')
  await expect(minimum).toContainText('170')
  await expect(inputOf(page)).toHaveValue('')
  await expect(inputOf(page)).toBeFocused()

  // A follow-up works because the earlier turns go with it (the greeting does not).
  const followUpSent = page.waitForRequest((req) => req.url().endsWith('/api/chat') && req.method() === 'POST')
  const followUp = await ask(page, 'And for Pope and Young?')
  const sent = (await followUpSent).postDataJSON() as ChatRequest
  expect(sent.message).toBe('And for Pope and Young?')
  expect(sent.history?.map((turn) => turn.role)).toEqual(['user', 'assistant'])
  expect(sent.history?.[0]?.text).toBe('What is the Boone and Crockett minimum for whitetail?')
  await expect(followUp).toContainText('125')

  // 2. A fish weight: the scoring engine's number (length × girth² ÷ 800), observed while the reply is held back.
  const weightQuestion = 'What does a 22 inch bass with a 15 inch girth weigh?'
  const engine = scoreSheet({
    system: 'fish',
    category: 'length-girth-800',
    measurements: { lengthIn: 22, girthIn: 15 },
  })
  const fromApi = await askApi(page, { message: weightQuestion })
  expect(fromApi.reply).toContain(engine.scoreText)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/chat', async (route) => {
    await held
    await route.continue()
  })
  await inputOf(page).fill(weightQuestion)
  await inputOf(page).press('Enter')
  await expect(logOf(page).getByTestId('chat-typing')).toBeVisible()
  await expect(inputOf(page)).toBeDisabled()
  await expect(send).toBeDisabled()
  release()
  await expect(logOf(page).getByTestId('chat-typing')).toHaveCount(0)
  await page.unroute('**/api/chat')
  const weight = replies(page).last()
  await expect(weight).toContainText(engine.scoreText)
  await expect(weight).toContainText((fromApi.reply.split('\n')[0] ?? '').trim())
  await expect(inputOf(page)).toBeEnabled()

  // 3. The member's own biggest bass: the heavier of the two, with a link to it.
  const biggest = await ask(page, 'What is my biggest bass?')
  const bigWeight = pounds(big.summary.weightLbs)
  await expect(biggest).toContainText(bigWeight)
  await expect(biggest).not.toContainText(pounds(small.summary.weightLbs))
  const recordLink = biggest
    .getByRole('link')
    .filter({ hasText: /measurement/i })
    .first()
  await expect(recordLink).toHaveAttribute('href', `/measurements/${big.id}`)

  await look(page, 'assistant-01-conversation')

  // On a phone: the full width, above the bottom bar, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  // What a phone shows (the full-page screenshots of look() stretch the viewport under fixed elements).
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'assistant-01-conversation-phone-screen.png') })
  const phonePanel = await panel.boundingBox()
  const quick = page.getByRole('navigation', { name: 'Quick' })
  const bar = await quick.boundingBox()
  // The panel clears the bar and its Capture button.
  const capture = await quick.getByRole('button', { name: 'Capture' }).locator('span').first().boundingBox()
  expect(phonePanel && bar && capture).toBeTruthy()
  if (phonePanel && bar && capture) {
    expect(phonePanel.y + phonePanel.height).toBeLessThanOrEqual(Math.min(bar.y, capture.y))
    expect(phonePanel.width).toBeGreaterThan(390 - 24)
    expect(phonePanel.y).toBeGreaterThanOrEqual(0)
  }
  const scrollWidth = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  )
  expect(scrollWidth).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The conversation stays for the session: another page, then a reload.
  await page.getByRole('banner').getByRole('link', { name: 'Community' }).click()
  await expect(page).toHaveURL(/\/community$/)
  await expect(panel).toBeVisible()
  await expect(userMessages(page)).toHaveCount(4)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Open Hunting Assistant' }).click()
  await expect(userMessages(page)).toHaveCount(4)
  await expect(replies(page).last()).toContainText(bigWeight)

  // A source opens the member's record in the app.
  await replies(page)
    .last()
    .getByRole('link')
    .filter({ hasText: /measurement/i })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/measurements/${big.id}$`))
  await expect(userMessages(page)).toHaveCount(4)

  // Failures: no connection, then a server error.
  await page.route('**/api/chat', (route) => route.abort())
  const offline = await ask(page, 'Is it legal to hunt on Sundays?')
  await expect(offline.getByText(CHAT_FAILURE_MESSAGE, { exact: true })).toBeVisible()
  await page.unroute('**/api/chat')
  await page.route('**/api/chat', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL"}}' }),
  )
  const broken = await ask(page, 'And on Saturdays?')
  await expect(broken.getByText(CHAT_FAILURE_MESSAGE, { exact: true })).toBeVisible()
  await page.unroute('**/api/chat')
  await expect(inputOf(page)).toBeEnabled()

  // Escape closes the panel and gives the focus back to the button.
  await inputOf(page).press('Escape')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open Hunting Assistant' })).toBeFocused()
})

test('the assistant says what it does not know, and gives measuring steps and reference sizes', async ({ browser }) => {
  test.setTimeout(180_000)
  const page = await newMember(browser, member('Casey', 'Curious'))
  await page.goto('/')
  await page.getByRole('button', { name: 'Open Hunting Assistant' }).click()
  await expect(panelOf(page)).toBeVisible()

  // A fish the Species Guide lacks: "I don't know that", the guide's fish instead, and no other species' facts.
  const bonefish = await ask(page, 'Where do you find bonefish?')
  await expect(bonefish).toContainText("I don't know that: bonefish is not in Fieldmark's Species Guide")
  await expect(bonefish).toContainText('The fish it covers:')
  for (const species of SPECIES) await expect(bonefish).not.toContainText(species.habitat)

  // The steps for measuring a whitetail, not the names of its chart lines.
  const steps = await ask(page, 'How do I measure a whitetail?')
  for (const step of [
    'along the outer curve',
    "at right angles to the skull's centre line",
    'from the top edge of the main beam',
    'at the smallest place',
    'nearest 1/8 inch',
    '60 days',
  ]) {
    await expect(steps).toContainText(step)
  }
  await expect(steps.getByRole('link', { name: 'Species Guide: Whitetail Deer' })).toHaveAttribute(
    'href',
    '/species-guide/whitetail-deer',
  )

  // The measuring tool's own quarter.
  const quarter = await ask(page, 'whats a quarter in mm')
  await expect(quarter).toContainText(
    `${QUARTER_DIAMETER_IN} in across (${(QUARTER_DIAMETER_IN * CM_PER_IN * 10).toFixed(2)} mm)`,
  )

  await look(page, 'assistant-03-outside-the-guide-and-steps')
  await page.setViewportSize({ width: 390, height: 844 })
  await bonefish.scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'assistant-03-bonefish-phone-screen.png') })
  await steps.scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'assistant-03-steps-phone-screen.png') })
  const scrollWidth = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  )
  expect(scrollWidth).toBeLessThanOrEqual(390)
})

test("'Analyze photo' without an AI service says so and offers the measuring tool", async ({ browser }) => {
  test.setTimeout(120_000)
  const page = await newMember(browser, member('Blake', 'Photo'))
  const status = await page.request.get('/api/ai/status')
  expect(status.status()).toBe(200)
  expect(await status.json()).toMatchObject({ photoAnalysis: false })

  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'New Measurement' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  await expect(dialog.getByRole('button', { name: 'Analyze photo' })).toHaveCount(0) // nothing to analyse yet
  await dialog.getByTestId('add-photo-input').setInputFiles({
    name: 'bass-with-card.jpg',
    mimeType: 'image/jpeg',
    buffer: await measuringPhoto(),
  })
  await expect(dialog.getByRole('img', { name: 'bass-with-card.jpg (cover)' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Analyze photo' }).click()
  const notSetUp = dialog.getByTestId('analysis-not-configured')
  await expect(notSetUp).toContainText('Photo analysis is not set up on this server.')
  await expect(dialog.getByTestId('analysis-suggestions')).toHaveCount(0) // no fake results
  await look(page, 'assistant-02-analysis-not-set-up')

  await notSetUp.getByRole('button', { name: 'Open the measuring tool' }).click()
  const tool = page.getByRole('dialog', { name: 'Measure Length' })
  await expect(tool).toBeVisible()
  await expect(tool.locator('svg[role="application"] > image')).toBeVisible()
})
