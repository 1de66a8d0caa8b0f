import { expect, type Page, test } from '@playwright/test'
import { SPECIES } from '../../src/shared/species/catalogue.ts'
import { searchSpecies } from '../../src/shared/species/search.ts'
import { look } from './support/look.ts'
import { signInAdmin } from './support/members.ts'

// A member browses the species guide, opens a species, reads where its minimums come from and scores a rack and a
// fish with the calculator. The member is the e2e admin (ADMIN_EMAILS): admins are approved and pass no gate. The access
// journey spec may have created that account already in this run, so sign in first and sign up only if needed.

const signInMember = (page: Page) => signInAdmin(page.request)

const showing = (n: number) => `Showing ${n} of ${SPECIES.length}`

// The typical whitetail worked example (docs/scoring.md): right 71 2/8, left 71 5/8, differences 2 1/8, abnormal
// 6 6/8, in the fraction forms the calculator accepts.
const RIGHT = {
  F: '24 2/8',
  'G-1': '4.5',
  'G-2': '10-2',
  'G-3': '9¾',
  'G-4': '5',
  'H-1': '4 6/8',
  'H-2': '4 2/8',
  'H-3': '4 4/8',
  'H-4': '4',
}
const LEFT = {
  F: '24 6/8',
  'G-1': '4 2/8',
  'G-2': '10 4/8',
  'G-3': '9 3/8',
  'G-4': '5 2/8',
  'H-1': '4 6/8',
  'H-2': '4 4/8',
  'H-3': '4 2/8',
  'H-4': '4 0/8',
}

async function fillSide(page: Page, side: 'Right' | 'Left', values: Record<string, string>) {
  for (const [letter, value] of Object.entries(values)) {
    await page.getByRole('textbox', { name: new RegExp(`^${side} ${letter} \\(`) }).fill(value)
  }
}

async function addAbnormal(page: Page, side: 'Right' | 'Left', value: string) {
  await page.getByRole('button', { name: `Add ${side.toLowerCase()} abnormal point` }).click()
  const inputs = page.getByRole('textbox', { name: new RegExp(`^${side} abnormal point \\d+`) })
  await inputs.last().fill(value)
}

test('a member searches and filters the species guide, then scores a whitetail and a largemouth bass', async ({
  page,
}) => {
  // Six screenshot-and-axe stops at two widths: past the default 90 s on a busy two-core machine.
  test.setTimeout(180_000)
  await signInMember(page)

  // The guide: every species, then search and filters change the count.
  await page.goto('/species-guide')
  await expect(page.getByRole('heading', { name: 'Species Guide', level: 1 })).toBeVisible()
  await expect(page.getByText(showing(SPECIES.length))).toBeVisible()
  await expect(page.getByRole('link', { name: 'Whitetail Deer' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Boone & Crockett' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Length/Weight Formula' })).toBeVisible()
  await look(page, '12-species-guide')

  await page.getByRole('searchbox', { name: 'Search' }).fill('ELK')
  await expect(page.getByText(showing(searchSpecies(SPECIES, { query: 'elk' }).length))).toBeVisible()
  await expect(page.getByRole('link', { name: 'Rocky Mountain Elk' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('')

  await page.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: 'Big Game' }).click()
  const bigGame = searchSpecies(SPECIES, { category: 'Big Game' }).length
  await expect(page.getByText(showing(bigGame))).toBeVisible()
  await expect(page).toHaveURL(/category=Big\+Game/)
  await page.getByRole('combobox', { name: 'Difficulty' }).click()
  await page.getByRole('option', { name: 'Intermediate' }).click()
  const filtered = searchSpecies(SPECIES, { category: 'Big Game', difficulty: 'Intermediate' }).length
  expect(filtered).toBeLessThan(bigGame)
  await expect(page.getByText(showing(filtered))).toBeVisible()
  await look(page, '13-species-guide-filtered')

  // A filtered view is a link: reloading keeps it, and Back from a species returns to it.
  await page.reload()
  await expect(page.getByText(showing(filtered))).toBeVisible()
  await page.getByRole('link', { name: 'Whitetail Deer' }).click()
  await expect(page.getByRole('heading', { name: 'Whitetail Deer', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page.getByText(showing(filtered))).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search' }).fill('no such animal')
  await expect(page.getByText('No species found')).toBeVisible()
  await expect(page.getByText(showing(0))).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(page.getByText(showing(SPECIES.length))).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('')

  // The whitetail: facts, record-book minimums with the program that publishes each, and the typical chart.
  await page.getByRole('link', { name: 'Whitetail Deer' }).click()
  await expect(page).toHaveURL(/\/species-guide\/whitetail-deer$/)
  const minimums = page.getByRole('region', { name: 'Record-book minimums' })
  await expect(minimums.getByRole('rowheader', { name: 'Whitetail deer, typical', exact: true })).toBeVisible()
  await expect(minimums.getByText('B&C All-time').first()).toBeVisible()
  const minimumSources = minimums.getByRole('listitem')
  await expect(
    minimumSources.filter({
      hasText: /^B&C Awards, B&C All-time: Boone and Crockett Club — Records of North American/,
    }),
  ).toBeVisible()
  await expect(minimumSources.filter({ hasText: /^P&Y: Pope and Young Club — / })).toBeVisible()
  await page.getByText(/^Sources \(\d+\)$/).click()
  const sources = page
    .getByRole('group')
    .filter({ hasText: /^Sources/ })
    .getByRole('listitem')
  await expect(sources.filter({ hasText: /^Boone and Crockett Club — official score charts/ })).toBeVisible()
  await expect(sources.filter({ hasText: /^Pope and Young Club — / }).first()).toBeVisible()
  for (const text of await sources.allTextContents()) expect(text).not.toMatch(/\.(io|com|org|net|is)\b|§/)
  await expect(page.getByText('Enter measurements to see the score.')).toBeVisible()
  await look(page, '14-species-detail')

  await page.getByRole('textbox', { name: /^D Inside spread of main beams/ }).fill('18 4/8')
  await fillSide(page, 'Right', RIGHT)
  await fillSide(page, 'Left', LEFT)
  await addAbnormal(page, 'Right', '3 2/8')
  await addAbnormal(page, 'Right', '1 4/8')
  await addAbnormal(page, 'Left', '2')
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByText('152 4/8 B&C', { exact: true })).toBeVisible()
  const chart = page.getByRole('table', { name: /Whitetail deer, typical/ })
  const totals = chart.getByRole('row', { name: /Column totals/ })
  await expect(totals).toContainText('71 2/8')
  await expect(totals).toContainText('71 5/8')
  await expect(totals).toContainText('2 1/8')
  await expect(chart.getByRole('row', { name: /^F Length of main beam/ })).toContainText('0 4/8')
  await expect(result.getByText('Gross score (B&C)')).toBeVisible()
  await expect(result.getByText('168 1/8')).toBeVisible()
  await expect(result.getByText(/B&C All-time \(170 0\/8\): Not met/)).toBeVisible()
  await expect(result.getByText(/Pope & Young \(125 0\/8\): Meets/)).toBeVisible()
  await expect(result.getByText('Trophy', { exact: true })).toBeVisible()

  // An entry the engine cannot read gets a message and is left out; the page keeps working.
  const g2 = page.getByRole('textbox', { name: /^Right G-2 \(/ })
  await g2.fill('ten and a bit')
  await expect(page.getByText(/Right G-2 .*"ten and a bit" is not a measurement/)).toBeVisible()
  await expect(g2).toHaveAttribute('aria-invalid', 'true')
  await g2.fill('10 2/8')
  await expect(result.getByText('152 4/8 B&C', { exact: true })).toBeVisible()

  // Help for a measurement opens from its button.
  const help = page.getByRole('button', { name: 'How to measure G-2 Length of point G-2' })
  await help.click()
  await expect(help).toHaveAttribute('aria-expanded', 'true')
  await look(page, '15-species-calculator')

  // The same rack as a non-typical: abnormal points are added.
  await page.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: 'Whitetail deer, non-typical', exact: true }).click()
  await expect(result.getByText('166 0/8 B&C', { exact: true })).toBeVisible()
  await expect(result.getByText('168 1/8')).toBeVisible()
  await page.getByRole('group', { name: 'Scoring system' }).getByText('SCI', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'SCI' })).toBeChecked()
  await expect(result.getByText('SCI score')).toBeVisible()
  await expect(result.getByText('168 1/8 SCI', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Clear', exact: true }).click()
  await expect(page.getByText('Enter measurements to see the score.')).toBeVisible()

  // A fish: length and girth give the estimated weight with the ±10 % caveat.
  await page.goto('/species-guide/largemouth-bass')
  await expect(page.getByRole('heading', { name: 'Largemouth Bass', level: 1 })).toBeVisible()
  await expect(page.getByText(/about ±10%/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Length (in)' }).fill('31')
  await page.getByRole('textbox', { name: 'Girth (in)' }).fill('16')
  await expect(result.getByText('9.92 lb', { exact: true })).toBeVisible()
  await expect(result.getByText('9 lb 15 oz')).toBeVisible()
  await look(page, '16-species-fish')

  // A turkey: weight + 2 × beards + 10 × spurs = 22.5 + 2 × 10.5 + 10 × (1 2/16 + 1 1/16) = 65.375 (NWTF).
  await page.goto('/species-guide/wild-turkey')
  await page.getByRole('textbox', { name: 'Weight (lb)' }).fill('22 lb 8 oz')
  await page.getByRole('button', { name: 'Add beard' }).click()
  await page.getByRole('textbox', { name: 'Beard 1' }).fill('10 8/16')
  await page.getByRole('button', { name: 'Add beard' }).click()
  await page.getByRole('textbox', { name: 'Beard 2' }).fill('6')
  await page.getByRole('button', { name: 'Remove beard 2' }).click()
  await page.getByRole('textbox', { name: 'Right spur (in)' }).fill('1 2/16')
  await page.getByRole('textbox', { name: 'Left spur (in)' }).fill('1-1')
  await expect(result.getByText('65.3750 NWTF', { exact: true })).toBeVisible()
  await expect(result.getByText(/Kansas Trophy Turkey Award \(65\.0000\): Meets/)).toBeVisible()

  // Minimums the program's own list does not confirm say so in plain words.
  await page.goto('/species-guide/caribou')
  const caribou = page.getByRole('region', { name: 'Record-book minimums' })
  await expect(caribou.getByText('Unverified', { exact: true }).first()).toBeVisible()
  await expect(
    caribou.getByRole('listitem').filter({ hasText: "minimum not confirmed by the club's published list" }),
  ).toBeVisible()
  await expect(
    caribou.getByText(/^Unverified means the program's own published list does not confirm the value/),
  ).toBeVisible()
  await look(page, '16b-species-unverified-minimums')

  // A species without a record-book chart says so.
  await page.goto('/species-guide/ruffed-grouse')
  await expect(page.getByText('No official record-book score for the Ruffed Grouse.')).toBeVisible()
})
