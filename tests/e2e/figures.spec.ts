import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { memberNamed, signInAdmin, signUpApprovedMember } from './support/members.ts'

// The same figure on every screen (docs/glossary.md, Figures): a member in Chicago with catches taken in earlier
// months but recorded today sees This Month equal to the chart's current month on the dashboard and on Your
// Measurements, recent cards newest by date taken, and on their profile why others see fewer; a visitor sees the
// count of what is shared with them, the same as the list below it.

const ZONE = 'America/Chicago'
const origin = { origin: E2E.baseURL }
const HOUR = 3_600_000
const DAY = 24 * HOUR
const stamp = Date.now()
const owner = memberNamed('Fern', 'Figures', stamp, 'figures-')
const visitor = memberNamed('Vic', 'Visitor', stamp, 'figures-')

type Catch = { species: string; body: object; takenAt: Date; visibility: 'public' | 'followers' | 'private' }

const fish = (category: string, lengthIn: number, girthIn: number) => ({
  sheet: { system: 'fish', category, measurements: { lengthIn, girthIn } },
  method: 'tape',
})

function catches(now: Date): Catch[] {
  const utcMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  return [
    {
      species: 'Mallard',
      body: { speciesId: 'mallard', quick: { weightLbs: 2.75 }, method: 'scale' },
      takenAt: new Date(now.getTime() - HOUR),
      visibility: 'public',
    },
    // 7 pm on the last evening of last month in Chicago: already this month in UTC.
    {
      species: 'Walleye',
      body: { speciesId: 'walleye', ...fish('length-girth-800', 24, 13) },
      takenAt: new Date(utcMonthStart + HOUR),
      visibility: 'private',
    },
    {
      species: 'Rainbow Trout',
      body: { speciesId: 'rainbow-trout', ...fish('length-girth-800', 20, 10) },
      takenAt: new Date(utcMonthStart - 45 * DAY),
      visibility: 'followers',
    },
    {
      species: 'Ring-necked Pheasant',
      body: { speciesId: 'ring-necked-pheasant', quick: { lengthIn: 33 }, method: 'tape' },
      takenAt: new Date(now.getTime() - 200 * DAY),
      visibility: 'public',
    },
    {
      species: 'Northern Pike',
      body: { speciesId: 'northern-pike', ...fish('length-girth-800', 34, 14) },
      takenAt: new Date(now.getTime() - 40 * DAY),
      visibility: 'private',
    },
  ]
}

/** The test's own month arithmetic (Intl in Chicago), independent of the app's. */
const monthIn = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(d)
const monthName = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'long', year: 'numeric' }).format(d)

/** Words of the Your Statistics labels drawn on two lines (a word broken inside); the test tsconfig has no DOM. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const labels = document.querySelectorAll('section[aria-labelledby="stats-title"] dt span:last-child')
    const broken = []
    for (const label of labels) {
      const text = label.firstChild
      if (!text || !text.textContent) continue
      let at = 0
      for (const word of text.textContent.split(' ')) {
        const range = document.createRange()
        range.setStart(text, at)
        range.setEnd(text, at + word.length)
        if (range.getClientRects().length > 1) broken.push(word)
        at += word.length + 1
      }
    }
    return broken
  })()`)
}

test('figures agree: This Month and the chart, recent cards by date taken, profile counts per viewer', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  await signInAdmin(request)
  const context = await browser.newContext({ timezoneId: ZONE })
  const page = await context.newPage()
  await signUpApprovedMember(page, request, owner)
  const ownerId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id

  const now = new Date()
  const seeds = catches(now)
  for (const seed of seeds) {
    const res = await page.request.post('/api/measurements', {
      headers: origin,
      data: {
        id: randomUUID(),
        ...seed.body,
        takenAt: seed.takenAt.toISOString(),
        visibility: seed.visibility,
        location: { region: 'Wisconsin', precision: 'region' },
        photoIds: [],
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  const thisMonth = seeds.filter((s) => monthIn(s.takenAt) === monthIn(now)).length
  const byDateTaken = [...seeds].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime()).map((s) => s.species)

  // The dashboard: the three newest by date taken (all five were recorded just now, oldest catch last).
  await page.goto('/')
  const recent = page.getByRole('region', { name: 'Recent Measurements' })
  await expect(recent.getByText('Newest by date taken')).toBeVisible()
  await expect(recent.getByTestId('measurement-card').getByRole('heading')).toHaveText(byDateTaken.slice(0, 3))

  // Its chart's current month and the caption's "this month" are one figure.
  const stats = page.getByRole('region', { name: 'Your Statistics' })
  await expect(stats.getByText(`${seeds.length} in all, ${thisMonth} this month`)).toBeAttached()
  const months = stats.getByRole('table', { name: 'Measurements per month, the last 12 months' })
  const current = months.getByRole('row', { name: monthName(now) })
  await expect(current.getByRole('cell')).toHaveText(String(thisMonth))
  await expect(months.getByRole('row')).toHaveCount(13)
  await stats.getByTestId('chart-per-month').scrollIntoViewIfNeeded()
  await expect(stats.getByTestId('chart-per-month').locator('svg').first()).toBeVisible()

  // No label breaks inside a word, at either width.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expect(stats.getByText('Total Measurements')).toBeVisible()
    expect(await brokenWords(page), `labels at ${width} px`).toEqual([])
  }
  await look(page, 'figures-01-dashboard')

  // Your Measurements: This Month is the same figure.
  await page.goto('/measurements')
  await expect(page.getByTestId('stat-total').getByRole('definition')).toHaveText(String(seeds.length))
  await expect(page.getByTestId('stat-this-month').getByRole('definition')).toHaveText(String(thisMonth))

  // The owner's profile: all five, and what followers and other members see.
  const countOf = (p: Page, label: string) =>
    p
      .getByRole('region', { name: `${owner.firstName} ${owner.lastName}` })
      .locator('dl > div')
      .filter({ has: p.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition')
  const shared = seeds.filter((s) => s.visibility === 'public').length
  const forFollowers = seeds.filter((s) => s.visibility !== 'private').length
  await page.goto(`/profile/${ownerId}`)
  await expect(countOf(page, 'Measurements')).toHaveText(String(seeds.length))
  await expect(
    page.getByText(
      `You see all ${seeds.length} of your measurements. Followers see ${forFollowers} and other members ${shared}`,
    ),
  ).toBeVisible()
  await expect(page.getByRole('list', { name: 'Measurements' }).locator(':scope > li')).toHaveCount(seeds.length)
  await look(page, 'figures-02-profile-owner')

  // Another member: the public ones, the same number in the header and in the list.
  const otherContext = await browser.newContext({ timezoneId: ZONE })
  const other = await otherContext.newPage()
  await signUpApprovedMember(other, request, visitor)
  await other.goto(`/profile/${ownerId}`)
  await expect(countOf(other, 'Measurements')).toHaveText(String(shared))
  await expect(
    other.getByText(`Counting the measurements ${owner.firstName} ${owner.lastName} shares with you.`),
  ).toBeVisible()
  await expect(other.getByRole('list', { name: 'Measurements' }).locator(':scope > li')).toHaveCount(shared)
  await look(other, 'figures-03-profile-visitor')
  await otherContext.close()
  await context.close()
})
