import { randomUUID } from 'node:crypto'
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import type { LeaderboardRow, TopSpecies } from '../../src/shared/schemas/achievements.ts'
import { WHITETAIL_RACK } from '../support/worked-examples.ts'
import { look } from './support/look.ts'
import { type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'
import { CARD, FISH_LENGTH_IN, measuringPhoto } from './support/test-photos.ts'

// Achievements and leaderboards with two members. Harper starts with nothing earned, records three public
// catches (a trophy largemouth, a smallmouth measured on a photo, a walleye) and sees four achievements earned and
// the Bass Slam in progress. Riley, a rival, records a whitetail trophy taken last year and two bass. The boards
// then change with the filters: the trophy count with the period, the smallmouth leaders with the evidence, and the
// species board with the species; Back undoes a filter; a row opens the member's profile. Other specs' members
// share the server, so the boards are checked by these members' rows, not by their whole contents.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const member = (name: string, last: string): NewMember => ({
  email: `${name.toLowerCase()}-${stamp}@fieldmark.test`,
  password: `${name}-password-2026`,
  firstName: name,
  lastName: `${last}${stamp % 10_000}`,
})
const HARPER = member('Harper', 'Hunt')
const RILEY = member('Riley', 'Rival')
const fullName = (who: NewMember) => `${who.firstName} ${who.lastName}`

const DAY = 24 * 60 * 60 * 1000

async function newMember(browser: Browser, who: NewMember, admin: Page) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signUpApprovedMember(page, admin.request, who)
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string }
  return { context, page, id: me.id }
}

type Catch = {
  speciesId: string
  sheet?: { system: string; category: string; measurements: Record<string, unknown> }
  quick?: Record<string, number>
  takenAt?: Date
  photo?: boolean
}

/** A public measurement through the API; with `photo`, its length measured on the test photo (photo-measured). */
async function record(page: Page, c: Catch): Promise<{ evidence: string; trophyClass: string; score: number | null }> {
  let photo: Record<string, unknown> = { method: 'tape' }
  if (c.photo) {
    const photoId = randomUUID()
    const upload = await page.request.post(`/api/photos?id=${photoId}`, {
      headers: origin,
      multipart: { file: { name: 'catch.jpg', mimeType: 'image/jpeg', buffer: await measuringPhoto() } },
    })
    expect(upload.status(), await upload.text()).toBe(201)
    photo = {
      method: 'photo',
      photoIds: [photoId],
      photoMeasurements: [
        {
          field: 'lengthIn',
          valueIn: FISH_LENGTH_IN,
          uncertaintyIn: 0.125,
          photoId,
          mode: 'straight',
          reference: { kind: 'credit-card', lengthIn: 3.37, pixels: CARD.width },
        },
      ],
    }
  }
  const res = await page.request.post('/api/measurements', {
    headers: origin,
    data: {
      id: randomUUID(),
      speciesId: c.speciesId,
      ...(c.sheet ? { sheet: c.sheet } : {}),
      ...(c.quick ? { quick: c.quick } : {}),
      takenAt: (c.takenAt ?? new Date(Date.now() - 60_000)).toISOString(),
      visibility: 'public',
      ...photo,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return res.json()
}

const fish = (lengthIn: number, girthIn: number) => ({
  system: 'fish',
  category: 'length-girth-800',
  measurements: { lengthIn, girthIn },
})

/** Picks an option of one of the page's labelled selects (Radix Select: a combobox and a listbox). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('combobox', { name: label })).toContainText(option)
}

const board = (page: Page) => page.getByRole('tabpanel')
const rowOf = (page: Page, who: NewMember): Locator =>
  board(page)
    .getByTestId('leaderboard-row')
    .filter({ hasText: fullName(who) })

async function apiJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

test('members earn achievements by recording catches, and the leaderboards change with the filters', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAdmin(admin.request)
  const harper = await newMember(browser, HARPER, admin)
  const riley = await newMember(browser, RILEY, admin)
  const page = harper.page

  // Nothing earned yet: every active achievement is available.
  await page.goto('/achievements')
  await expect(page.getByRole('heading', { name: 'Achievements', level: 1 })).toBeVisible()
  await expect(page.getByText('No achievements earned yet')).toBeVisible()
  await expect(page.getByTestId('figure-achievements-earned')).toContainText('0')
  await expect(page.getByTestId('figure-completion-rate')).toContainText('0%')
  const catalogue = await apiJson<{ id: string; isActive: boolean }[]>(page, '/api/achievements')
  const active = catalogue.filter((a) => a.isActive).length
  await expect(page.getByRole('tab', { name: 'Earned (0)' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: `Available (${active})` })).toBeVisible()

  // Harper's catches: a largemouth of 8.67 lb (trophy class: 80 % of the 10 lb trophy weight), a smallmouth measured
  // on the photo against a credit card (photo-measured), and a walleye by tape.
  expect((await record(page, { speciesId: 'largemouth-bass', sheet: fish(24, 17) })).trophyClass).toBe('trophy')
  const smallmouth = await record(page, { speciesId: 'smallmouth-bass', sheet: fish(FISH_LENGTH_IN, 11), photo: true })
  expect(smallmouth.evidence).toBe('photo-measured')
  await record(page, { speciesId: 'walleye', quick: { lengthIn: 22 } })

  // Riley: a whitetail trophy taken more than a year ago, and two bass bigger than Harper's smallmouth (self-reported).
  const whitetail = await record(riley.page, {
    speciesId: 'whitetail-deer',
    sheet: { system: 'bc', category: 'whitetail-typical', measurements: WHITETAIL_RACK },
    takenAt: new Date(Date.now() - 400 * DAY),
  })
  expect(whitetail.trophyClass).toBe('trophy')
  await record(riley.page, { speciesId: 'largemouth-bass', sheet: fish(22, 16) })
  await record(riley.page, { speciesId: 'smallmouth-bass', sheet: fish(18, 13) })

  // Earned at the moment each catch was saved: First Measurement, First Trophy, Photo Proof, Branching Out (3 species).
  await page.reload()
  const earned = ['First Measurement', 'First Trophy', 'Photo Proof', 'Branching Out']
  const earnedList = page.getByRole('list', { name: 'Earned achievements' })
  for (const name of earned) await expect(earnedList.getByRole('article', { name, exact: true })).toBeVisible()
  const mine = await apiJson<{ achievement: { points: number } }[]>(page, '/api/user/achievements')
  expect(mine).toHaveLength(earned.length)
  const points = mine.reduce((sum, e) => sum + e.achievement.points, 0)
  await expect(page.getByTestId('figure-achievements-earned')).toContainText(String(earned.length))
  await expect(page.getByTestId('figure-total-points')).toContainText(String(points))
  await expect(page.getByTestId('figure-completion-rate')).toContainText(
    `${Math.round((earned.length / active) * 100)}%`,
  )
  const firstTrophy = earnedList.getByRole('article', { name: 'First Trophy', exact: true })
  await expect(firstTrophy).toContainText('+30 pts')
  await expect(firstTrophy).toContainText(/Earned \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}/)
  await expect(firstTrophy.locator('[data-tier]')).toHaveText('Bronze')
  await expect(page.getByRole('tab', { name: `Earned (${earned.length})` })).toHaveAttribute('aria-selected', 'true')
  await look(page, 'achievements-01-earned')

  // In Progress: the Bass Slam has two of its three bass, shown as 2 / 3, a bar and 67 %.
  await page.getByRole('tab', { name: 'In Progress' }).click()
  await expect(page).toHaveURL(/\/achievements\?tab=in-progress$/)
  const slam = page.getByRole('article', { name: 'Bass Slam', exact: true })
  await expect(slam).toContainText('2 / 3')
  await expect(slam).toContainText('67% complete')
  const bar = slam.getByRole('progressbar', { name: 'Bass Slam progress' })
  await expect(bar).toHaveAttribute('aria-valuenow', '2')
  await expect(bar).toHaveAttribute('aria-valuemax', '3')
  await expect(page.getByRole('article', { name: 'First Trophy', exact: true })).toHaveCount(0)
  await look(page, 'achievements-02-in-progress')

  // Available: what is left, with its category and target; the arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'In Progress' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: `Available (${active - earned.length})` })).toBeFocused()
  await expect(page).toHaveURL(/\?tab=available$/)
  const available = page.getByRole('article', { name: 'Bass Slam', exact: true })
  await expect(available).toContainText('Species diversity')
  await expect(available).toContainText('Target value')
  await expect(available.locator('[data-tier]')).toHaveText('Silver')

  // The leaderboards: Top Achievers first. Harper (4 achievements) is ahead of Riley (3).
  await page.goto('/leaderboards')
  await expect(page.getByRole('heading', { name: 'Leaderboards', level: 1 })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Achievement Points' })).toHaveAttribute('aria-selected', 'true')
  await expect(board(page).getByRole('heading', { name: 'Top Achievers' })).toBeVisible()
  const rileyPoints = (
    await apiJson<{ achievement: { points: number } }[]>(riley.page, '/api/user/achievements')
  ).reduce((sum, e) => sum + e.achievement.points, 0)
  const pointsBoard = await apiJson<LeaderboardRow[]>(page, '/api/leaderboards/points?period=all-time')
  const rankOn = (rows: LeaderboardRow[], id: string) => rows.find((r) => r.user.id === id)?.rank
  // Ahead of Riley, whether both are in the top 10 or below it (then the viewer's own row shows Harper's rank).
  const harperRank = rankOn(pointsBoard, harper.id)
  if (harperRank !== undefined) {
    await expect(rowOf(page, HARPER)).toContainText(`${points}points`)
    await expect(rowOf(page, HARPER).getByText('You', { exact: true })).toBeVisible()
  } else {
    await expect(board(page).getByRole('region', { name: 'Your rank' })).toContainText(fullName(HARPER))
  }
  if (rankOn(pointsBoard, riley.id) !== undefined) {
    await expect(rowOf(page, RILEY)).toContainText(`${rileyPoints}points`)
    expect(harperRank ?? Number.POSITIVE_INFINITY).toBeLessThan(rankOn(pointsBoard, riley.id) ?? 0)
  }

  // The footer figures are those of the lists the page reads.
  const trophyBoard = await apiJson<LeaderboardRow[]>(page, '/api/leaderboards/trophies?period=all-time&species=all')
  const topSpecies = await apiJson<TopSpecies[]>(page, '/api/leaderboards/top-species')
  const stats = page.getByRole('region', { name: 'Leaderboard statistics' })
  await expect(stats.getByRole('definition').nth(0)).toHaveText(String(pointsBoard.length))
  await expect(stats.getByRole('definition').nth(1)).toHaveText(
    String(trophyBoard.reduce((sum, r) => sum + r.value, 0)),
  )
  await expect(stats.getByRole('definition').nth(2)).toHaveText(String(topSpecies.length))
  await look(page, 'leaderboards-01-points')

  // Trophy Count: Riley's whitetail counts All Time, but it was taken last year, so not This Year; Harper's bass does.
  await page.getByRole('tab', { name: 'Trophy Count' }).click()
  await expect(page).toHaveURL(/\/leaderboards\?board=trophies$/)
  await expect(rowOf(page, RILEY)).toContainText('1trophy')
  await expect(rowOf(page, RILEY)).toContainText('3 public measurements · 1 trophy')
  await expect(rowOf(page, HARPER)).toContainText('1trophy')
  await choose(page, 'Time Period', 'This Year')
  await expect(page).toHaveURL(/period=this-year/)
  await expect(rowOf(page, HARPER)).toBeVisible()
  await expect(rowOf(page, RILEY)).toHaveCount(0)
  // Back returns to All Time.
  await page.goBack()
  await expect(page).toHaveURL(/\/leaderboards\?board=trophies$/)
  await expect(page.getByRole('combobox', { name: 'Time Period' })).toContainText('All Time')
  await expect(rowOf(page, RILEY)).toBeVisible()

  // Species Leaders asks for a species; the Species Filter offers those with counted measurements.
  await page.getByRole('tab', { name: 'Species Leaders' }).click()
  await expect(board(page).getByText('Select a species to see its leaders')).toBeVisible()
  await choose(
    page,
    'Species Filter',
    `Smallmouth Bass (${topSpecies.find((s) => s.species === 'smallmouth-bass')?.count})`,
  )
  await expect(board(page).getByRole('heading', { name: 'Smallmouth Bass Leaders' })).toBeVisible()
  // By weight: Riley's 18 × 13² ÷ 800 = 3.80 lb ahead of Harper's 15 × 11² ÷ 800 = 2.27 lb.
  await expect(rowOf(page, RILEY)).toContainText('3.80 lb')
  await expect(rowOf(page, HARPER)).toContainText('2.27 lb')
  const rileyRank = Number(await rowOf(page, RILEY).locator('[data-rank]').getAttribute('data-rank'))
  const harperOnSpecies = Number(await rowOf(page, HARPER).locator('[data-rank]').getAttribute('data-rank'))
  expect(rileyRank).toBeLessThan(harperOnSpecies)
  await look(page, 'leaderboards-02-species')

  // Photo-measured or better: Riley's self-reported bass no longer counts; Harper's photo-measured one does.
  await choose(page, 'Evidence', 'Photo-measured or better')
  await expect(page).toHaveURL(/evidence=photo-measured/)
  await expect(rowOf(page, HARPER)).toContainText('2.27 lb')
  await expect(rowOf(page, RILEY)).toHaveCount(0)
  // Community verified or better: nobody's smallmouth has been checked by the community.
  await choose(page, 'Evidence', 'Community verified or better')
  await expect(board(page).getByText('No data yet')).toBeVisible()
  await look(page, 'leaderboards-03-no-data')

  // Another species: the largemouth leaders, where Harper's 8.67 lb trophy is ahead of Riley's 7.04 lb.
  await choose(page, 'Evidence', 'Any evidence')
  await choose(
    page,
    'Species Filter',
    `Largemouth Bass (${topSpecies.find((s) => s.species === 'largemouth-bass')?.count})`,
  )
  await expect(page).toHaveURL(/species=largemouth-bass/)
  await expect(rowOf(page, HARPER)).toContainText('8.67 lb')
  await expect(rowOf(page, RILEY)).toContainText('7.04 lb')

  // A row opens the member's profile.
  await rowOf(page, RILEY).click()
  await expect(page).toHaveURL(`/profile/${riley.id}`)
  await expect(page.getByRole('heading', { name: fullName(RILEY), level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/species=largemouth-bass/)
  await expect(board(page).getByRole('heading', { name: 'Largemouth Bass Leaders' })).toBeVisible()

  await Promise.all([harper.context.close(), riley.context.close(), adminContext.close()])
})
