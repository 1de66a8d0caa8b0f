import { expect, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { type NewMember, signInAdmin, signUpApprovedMember } from './support/members.ts'

// Where sign-in sends a member afterwards (?next=…) and how they sign out, in Chromium: a crafted `next` never
// leaves Fieldmark, and another site can neither pick the page after sign-in nor sign the member out.

const stamp = Date.now().toString(36)
const member: NewMember = {
  email: `returning-${stamp}@fieldmark.test`,
  password: 'Returning-password-2026',
  firstName: 'Rhea',
  lastName: 'Return',
}
const ATTACKER = 'http://evil.example'

/** Every request the page makes to the attacker's host, answered by a stub so nothing leaves the machine. */
async function watchAttacker(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.route('http://evil.example/**', (route) => {
    seen.push(route.request().url())
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Phish</title><h1>Phished</h1>' })
  })
  return seen
}

/** Waits until the page shows `pathname` on Fieldmark; a page elsewhere fails in seconds, not at the test timeout. */
function waitForOurPage(page: Page, pathname: string) {
  return page.waitForURL((url) => url.origin === E2E.baseURL && url.pathname === pathname, { timeout: 10_000 })
}

async function signInOnPage(page: Page) {
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('after sign-in, next goes to a page of ours and never to another site; sign-out cannot be forged', async ({
  browser,
}) => {
  const admin = await browser.newContext()
  await signInAdmin(admin.request)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const attackerRequests = await watchAttacker(page)
  await signUpApprovedMember(page, admin.request, member)

  // Signing out from the avatar menu ends the session with a POST, then opens the landing page.
  await page.goto('/')
  await page.getByRole('button', { name: 'Account menu' }).click()
  const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout')
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  expect((await logout).method()).toBe('POST')
  await expect(page.getByRole('button', { name: 'Request Access' }).first()).toBeVisible()
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)

  // The phishing link: a tab between the slashes, which browsers drop, so '/\t/evil.example' reads '//evil.example'.
  await page.goto('/sign-in?next=%2F%09%2Fevil.example%2Fphish')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await look(page, 'sign-in-redirect-01-crafted-next')
  await signInOnPage(page)
  await waitForOurPage(page, '/')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(E2E.baseURL)
  await look(page, 'sign-in-redirect-02-home-after-crafted-next')

  // Signed in, /sign-in passes `next` on at once: the same rule applies there.
  for (const next of [
    '%2F%09%2Fevil.example',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    'https%3A%2F%2Fevil.example',
  ]) {
    await page.goto(`/sign-in?next=${next}`)
    await waitForOurPage(page, '/')
  }

  // A page on another site links to GET /api/logout: following it keeps the member signed in.
  await page.route(`${ATTACKER}/logout-trap`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Trap</title><a href="${E2E.baseURL}/api/logout">Win a prize</a>`,
    }),
  )
  await page.goto(`${ATTACKER}/logout-trap`)
  await page.getByRole('link', { name: 'Win a prize' }).click()
  await waitForOurPage(page, '/')
  expect((await page.request.get('/api/auth/user')).status()).toBe(200)

  // A plain next of ours is kept.
  await page.request.post('/api/logout', { headers: { origin: E2E.baseURL } })
  await page.goto('/sign-in?next=%2Fmeasurements')
  await signInOnPage(page)
  await waitForOurPage(page, '/measurements')
  await look(page, 'sign-in-redirect-03-next-kept')

  expect(attackerRequests.filter((url) => !url.endsWith('/logout-trap'))).toEqual([])
  await context.close()
  await admin.close()
})

test('single sign-on that came back refused or found the provider down is explained on the sign-in page', async ({
  page,
}) => {
  // An OpenID sign-in whose address already has an account is refused (it never joins it): the page says what to do.
  await page.goto('/sign-in?error=account_not_linked')
  await expect(page.getByText(/An account with this e-mail exists: sign in with your password/)).toBeVisible()
  await expect(page.getByLabel('Password')).toBeVisible()
  await look(page, 'sign-in-sso-01-account-exists')

  await page.goto('/sign-in?error=provider_unavailable')
  await expect(page.getByText(/Single sign-on is not answering right now/)).toBeVisible()
  await look(page, 'sign-in-sso-02-provider-down')
})
