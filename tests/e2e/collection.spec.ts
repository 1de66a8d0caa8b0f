import { randomUUID } from 'node:crypto'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from '../../playwright.config.ts'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { look } from './support/look.ts'
import { signInAdmin, signUpApprovedMember } from './support/members.ts'

// The collection pages: a member with a seeded collection sees the dashboard's recent cards and
// statistics, /measurements with its five cards, Recent Activity and infinite scroll, a measurement's detail;
// shares (clipboard), edits and deletes; switches to metric; and a visitor opens the public share page.

const member = {
  email: `collector-${Date.now()}@fieldmark.test`,
  password: 'Collector-password-42',
  firstName: 'Cora',
  lastName: 'Collector',
}
const origin = { origin: E2E.baseURL }

async function uploadPhoto(page: Page, color: { r: number; g: number; b: number }): Promise<string> {
  const id = randomUUID()
  const buffer = await sharp({ create: { width: 960, height: 720, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="960" height="720"><rect x="180" y="300" width="600" height="140" rx="70" fill="#e5e7eb"/><rect x="120" y="560" width="720" height="40" fill="#fbbf24"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer()
  const res = await page.request.post(`/api/photos?id=${id}`, {
    headers: origin,
    multipart: { file: { name: 'catch.jpg', mimeType: 'image/jpeg', buffer } },
  })
  expect(res.status(), await res.text()).toBe(201)
  return id
}

type Seed = {
  speciesId: string
  sheet?: { system: string; category: string; measurements: Record<string, unknown> }
  quick?: Record<string, number>
  method: 'tape' | 'scale' | 'photo'
  daysAgo: number
  visibility: 'private' | 'followers' | 'public'
  caption?: string
  photo?: { r: number; g: number; b: number }
}

const side = (scale: number) => ({
  F: 24.5 * scale,
  G1: 4.5 * scale,
  G2: 10.5 * scale,
  G3: 9.5 * scale,
  G4: 5 * scale,
  H1: 4.75 * scale,
  H2: 4.25 * scale,
  H3: 4.5 * scale,
  H4: 4 * scale,
})
const whitetail = (scale: number, spread: number) => ({
  system: 'bc',
  category: 'whitetail-typical',
  measurements: { insideSpread: spread, right: side(scale), left: side(scale) },
})
const bass = (lengthIn: number, girthIn: number) => ({
  system: 'fish',
  category: 'length-girth-800',
  measurements: { lengthIn, girthIn },
})

// 20 older fish and birds first (created first, so they are listed last), then the three the dashboard shows.
const SEEDS: Seed[] = [
  ...Array.from({ length: 20 }, (_, i): Seed => {
    if (i % 4 === 3)
      return {
        speciesId: 'mallard',
        quick: { weightLbs: 2.5 + i / 10 },
        method: 'scale',
        daysAgo: 40 + i,
        visibility: 'private',
      }
    const speciesId = ['walleye', 'rainbow-trout', 'northern-pike'][i % 3] ?? 'walleye'
    return {
      speciesId,
      sheet: {
        system: 'fish',
        category: 'length-girth-800',
        measurements: { lengthIn: 18 + i / 2, girthIn: 9 + i / 4 },
      },
      method: 'tape',
      daysAgo: 40 + i * 9,
      visibility: 'private',
    }
  }),
  { speciesId: 'whitetail-deer', sheet: whitetail(0.9, 17), method: 'tape', daysAgo: 12, visibility: 'private' },
  {
    speciesId: 'largemouth-bass',
    sheet: bass(22, 15.625),
    method: 'tape',
    daysAgo: 3,
    visibility: 'public',
    caption: 'Dawn on the lake',
    photo: { r: 46, g: 94, b: 78 },
  },
  {
    speciesId: 'whitetail-deer',
    sheet: whitetail(1.1, 20),
    method: 'tape',
    daysAgo: 1,
    visibility: 'public',
    caption: 'Opening morning buck',
    photo: { r: 120, g: 92, b: 60 },
  },
]

async function seedCollection(page: Page) {
  const created: { id: string; seed: Seed; trophyClass: string }[] = []
  for (const seed of SEEDS) {
    const photoIds = seed.photo ? [await uploadPhoto(page, seed.photo)] : []
    const id = randomUUID()
    const res = await page.request.post('/api/measurements', {
      headers: origin,
      data: {
        id,
        speciesId: seed.speciesId,
        ...(seed.sheet ? { sheet: seed.sheet } : {}),
        ...(seed.quick ? { quick: seed.quick } : {}),
        method: seed.method,
        takenAt: new Date(Date.now() - seed.daysAgo * 86_400_000).toISOString(),
        visibility: seed.visibility,
        ...(seed.caption ? { caption: seed.caption } : {}),
        location: { region: 'Northern Minnesota', lat: 47.123456, lon: -93.654321, precision: 'region' },
        photoIds,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    const body = (await res.json()) as { trophyClass: string }
    created.push({ id, seed, trophyClass: body.trophyClass })
  }
  return created
}

/** The trophy class the engine gives a seed: the test's own expectation, independent of the server. */
function expectedClass(seed: Seed): string {
  if (!seed.sheet) return 'standard'
  return scoreSheet(seed.sheet, { trophyWeightLbs: getSpecies(seed.speciesId)?.trophyWeightLbs }).trophyClass
}

/** The page's clipboard text (the test tsconfig has no DOM types, hence the narrow cast). */
function readClipboard(page: Page): Promise<string> {
  type Clipboard = { clipboard: { readText: () => Promise<string> } }
  return page.evaluate(() => (navigator as unknown as Clipboard).clipboard.readText())
}

async function noNavigatorShare(context: BrowserContext) {
  // Headless Chromium may or may not offer the share sheet: take it away so Share copies, the fallback of
  // docs/product.md §2.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
  })
}

test('a member browses, shares, edits and deletes measurements; a visitor opens a public share page', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  await signInAdmin(request)
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  await noNavigatorShare(context)
  const page = await context.newPage()
  await signUpApprovedMember(page, request, member)

  // An empty collection first: the empty states.
  await page.goto('/measurements')
  await expect(page.getByRole('heading', { name: 'Your Measurements', level: 1 })).toBeVisible()
  await expect(page.getByText('No measurements yet')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Take First Measurement' })).toBeVisible()
  await look(page, 'collection-01-empty')

  const created = await seedCollection(page)
  const classes = SEEDS.map(expectedClass)
  expect(created.map((c) => c.trophyClass)).toEqual(classes)
  const trophies = classes.filter((c) => c === 'trophy' || c === 'record').length
  const records = classes.filter((c) => c === 'record').length
  expect(records, 'the seed has a record').toBeGreaterThan(0)
  const species = new Set(SEEDS.map((s) => s.speciesId)).size
  const buck = created.at(-1)
  const fish = created.at(-2)
  const privateBuck = created.at(-3)
  if (!buck || !fish || !privateBuck) throw new Error('seed missing')

  // The dashboard: 3 recent cards, newest first, and the statistics with both charts.
  await page.goto('/')
  const recent = page.getByRole('region', { name: 'Recent Measurements' })
  await expect(recent.getByTestId('measurement-card')).toHaveCount(3)
  await expect(recent.getByTestId('measurement-card').first().getByRole('heading')).toHaveText('Whitetail Deer')
  await expect(recent.getByText('1 day ago')).toBeVisible()
  await expect(recent.getByText('3 days ago')).toBeVisible()
  await expect(recent.getByText('1 week ago')).toBeVisible()
  const bassCard = recent.getByTestId('measurement-card').nth(1)
  await expect(bassCard.getByText('22 in', { exact: true })).toBeVisible()
  await expect(bassCard.getByText(/ lb \(est\.\)$/)).toBeVisible()
  const stats = page.getByRole('region', { name: 'Your Statistics' })
  await expect(stats.getByText('Total Measurements')).toBeVisible()
  await expect(stats.getByRole('definition').first()).toHaveText(String(SEEDS.length))
  await expect(stats.getByText('Personal Bests', { exact: true })).toBeVisible()
  await expect(stats.getByText('Species Recorded')).toBeVisible()
  // The drawings (recharts) load when the charts scroll into view; their tables are there from the start.
  await expect(stats.getByRole('table', { name: 'Best score per species' })).toBeAttached()
  await stats.getByTestId('chart-per-month').scrollIntoViewIfNeeded()
  await expect(stats.getByTestId('chart-per-month').locator('svg').first()).toBeVisible()
  await expect(stats.getByTestId('chart-best-scores').locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expect(stats.getByTestId('chart-best-weights').locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expect(stats.getByRole('table', { name: 'Measurements per month, the last 12 months' })).toBeAttached()
  await look(page, 'collection-02-dashboard')

  // /measurements: the five cards, Recent Activity, All Measurements with infinite scroll past 20.
  await page.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/measurements$/)
  await expect(page.getByTestId('stat-total').getByRole('definition')).toHaveText(String(SEEDS.length))
  await expect(page.getByTestId('stat-trophies').getByRole('definition')).toHaveText(String(trophies))
  await expect(page.getByTestId('stat-records').getByRole('definition')).toHaveText(String(records))
  await expect(page.getByTestId('stat-species').getByRole('definition')).toHaveText(String(species))
  // This Month: taken in the current calendar month on the browser's clock (the same zone as this process).
  const now = new Date()
  const thisMonth = SEEDS.filter((seed) => {
    const taken = new Date(now.getTime() - seed.daysAgo * 86_400_000)
    return taken.getFullYear() === now.getFullYear() && taken.getMonth() === now.getMonth()
  }).length
  await expect(page.getByTestId('stat-this-month').getByRole('definition')).toHaveText(String(thisMonth))
  const activity = page.getByRole('region', { name: 'Recent Activity' })
  await expect(activity.getByText('Latest 3')).toBeVisible()
  await expect(activity.getByRole('link')).toHaveCount(3)
  await expect(page.getByText(`${SEEDS.length} total`)).toBeVisible()
  const all = page.getByRole('list', { name: 'All Measurements' })
  await expect(all.getByTestId('measurement-card')).toHaveCount(20)
  await look(page, 'collection-03-measurements')
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
  await expect(all.getByTestId('measurement-card')).toHaveCount(SEEDS.length)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  // Share from a card: no share sheet, so the text is copied with the toast of docs/product.md §2.
  const firstCard = all.getByTestId('measurement-card').first()
  await firstCard.getByRole('button', { name: 'Share Whitetail Deer' }).click()
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible()
  await expect(page.getByText('Share link copied to your clipboard', { exact: true })).toBeVisible()
  const shared = await readClipboard(page)
  expect(shared.startsWith('Check out my Whitetail Deer - ')).toBe(true)
  expect(shared).toContain(`${E2E.baseURL}/share/${buck.id}`)

  // The menu: Copy Link copies the share page's address.
  await firstCard.getByRole('button', { name: 'Share options for Whitetail Deer' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View Details',
    'Copy Link',
    'Share on Facebook',
    'Share on Twitter',
    'Share on Instagram',
    'More Options',
  ])
  await look(page, 'collection-04-share-menu')
  await menu.getByRole('menuitem', { name: 'Copy Link' }).click()
  expect(await readClipboard(page)).toBe(`${E2E.baseURL}/share/${buck.id}`)

  // Twitter and Facebook open their share windows (answered here: no request leaves the machine).
  await context.route(/^https:\/\/(twitter\.com|www\.facebook\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>shared</title>' }),
  )
  await firstCard.getByRole('button', { name: 'Share options for Whitetail Deer' }).click()
  const [tweet] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Share on Twitter' }).click(),
  ])
  const tweetUrl = new URL(tweet.url())
  expect(tweetUrl.origin + tweetUrl.pathname).toBe('https://twitter.com/intent/tweet')
  expect(tweetUrl.searchParams.get('text')).toMatch(/^Check out my Whitetail Deer - /)
  expect(tweetUrl.searchParams.get('url')).toBe(`${E2E.baseURL}/share/${buck.id}`)
  await tweet.close()
  await firstCard.getByRole('button', { name: 'Share options for Whitetail Deer' }).click()
  const [facebook] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Share on Facebook' }).click(),
  ])
  expect(facebook.url()).toBe(
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${E2E.baseURL}/share/${buck.id}`)}`,
  )
  await facebook.close()

  // Instagram has no web share: the caption is copied.
  await firstCard.getByRole('button', { name: 'Share options for Whitetail Deer' }).click()
  await page.getByRole('menuitem', { name: 'Share on Instagram' }).click()
  await expect(page.getByText('Caption copied', { exact: true })).toBeVisible()
  expect(await readClipboard(page)).toMatch(
    /^Check out my Whitetail Deer - [\s\S]*Opening morning buck[\s\S]*#whitetaildeer/,
  )

  // A private measurement's menu says its link opens only for its owner.
  const privateCard = all.getByTestId('measurement-card').nth(2)
  await privateCard.getByRole('button', { name: 'Share options for Whitetail Deer' }).click()
  await expect(page.getByRole('menu').getByText('Only public measurements can be opened by others.')).toBeVisible()
  await page.keyboard.press('Escape')

  // Details of the bass: photo, score, the breakdown, record books, evidence and location.
  await page.goto(`/measurements/${fish.id}`)
  await expect(page.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Largemouth Bass, photo 1 of 1' })).toBeVisible()
  await expect(page.getByText('Line-by-line breakdown')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Record books' })).toBeVisible()
  await expect(page.getByText('Self-reported').first()).toBeVisible()
  await expect(page.getByText('Northern Minnesota')).toBeVisible()
  await expect(page.getByText('Dawn on the lake')).toBeVisible()
  await look(page, 'collection-05-detail')

  // Edit the caption through the dialog: the detail shows it at once.
  await page.getByRole('button', { name: 'Edit' }).click()
  const editor = page.getByRole('dialog', { name: 'Edit measurement' })
  await expect(editor).toBeVisible()
  await expect(editor.getByLabel('Caption')).toHaveValue('Dawn on the lake')
  await editor.getByLabel('Caption').fill('Sunrise on Lake Vermilion')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Measurement updated', { exact: true })).toBeVisible()
  await expect(editor).toBeHidden()
  await expect(page.getByText('Sunrise on Lake Vermilion')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()

  // Delete the private buck, with a confirmation.
  await page.goto(`/measurements/${privateBuck.id}`)
  await page.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this measurement?' })
  await expect(confirm).toBeVisible()
  await look(page, 'collection-06-delete-confirm')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/measurements$/)
  await expect(page.getByText('Measurement deleted', { exact: true })).toBeVisible()
  await expect(page.getByText(`${SEEDS.length - 1} total`)).toBeVisible()
  expect((await page.request.get(`/api/measurements/${privateBuck.id}`)).status()).toBe(404)
  await page.goto(`/measurements/${privateBuck.id}`)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()

  // Settings: metric, and the cards show centimetres.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await page.getByRole('radio', { name: /Metric/ }).check()
  await look(page, 'collection-07-settings')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible()
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'Recent Measurements' }).getByText('55.9 cm', { exact: true }),
  ).toBeVisible()

  // A visitor, signed out: the public bass opens with Request Access; the private one does not.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`/share/${fish.id}`)
  await expect(visitorPage.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()
  await expect(visitorPage.getByText('Cora measured')).toBeVisible()
  await expect(visitorPage.getByText('Northern Minnesota')).toBeVisible()
  await expect(visitorPage.getByText('47.1')).toHaveCount(0)
  await expect(visitorPage.getByRole('button', { name: 'Request Access' })).toBeVisible()
  await expect(visitorPage).toHaveTitle(/Cora's Largemouth Bass/)
  await look(visitorPage, 'collection-08-share-page')
  await visitorPage.getByRole('button', { name: 'Request Access' }).click()
  await expect(visitorPage.getByRole('dialog').getByRole('heading', { name: 'Request Beta Access' })).toBeVisible()
  await visitorPage.keyboard.press('Escape')
  const privateOne = created[0]
  if (!privateOne) throw new Error('seed missing')
  await visitorPage.goto(`/share/${privateOne.id}`)
  await expect(
    visitorPage.getByRole('heading', { name: 'This measurement is private or no longer exists' }),
  ).toBeVisible()
  await look(visitorPage, 'collection-09-share-not-found')
  await visitor.close()
  await context.close()
})
