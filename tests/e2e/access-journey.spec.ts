import { expect, type Page, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { firstLink, waitForMail } from './support/outbox.ts'

// The whole access journey of a new member, as docs/product.md §2 and §4 describe it, in one browser session per
// person: the applicant, and the admin who approves them.

const stamp = Date.now().toString(36)
const applicant = {
  email: `hunter-${stamp}@fieldmark.test`,
  firstName: 'Hattie',
  lastName: 'Brooks',
  password: 'Antler-season-2026',
}
const admin = { email: E2E.adminEmail, firstName: 'Wade', lastName: 'Warden', password: 'Warden-password-77' }

async function createAccount(page: Page, who: typeof applicant) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Beta Login' }).click()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByLabel('First name').fill(who.firstName)
  await page.getByLabel('Last name').fill(who.lastName)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
}

async function verifyFromOutbox(page: Page, email: string) {
  const mail = await waitForMail(E2E.dataDir, email, /Verify your Fieldmark e-mail/)
  await page.goto(firstLink(mail, `${E2E.baseURL}/api/identity/verify-email`))
}

test('a visitor requests access, signs up, is approved by an admin, passes the gate and reaches the app', async ({
  browser,
}) => {
  const visitorContext = await browser.newContext()
  const page = await visitorContext.newPage()

  // Landing page, signed out.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Measure Your Trophy', level: 1 })).toBeVisible()
  await expect(page.getByText('BETA', { exact: true }).first()).toBeVisible()
  await look(page, '01-landing')

  // Request Access: a validation error first, then a valid request.
  await page.getByRole('button', { name: 'Request Access' }).first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Request Beta Access' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(dialog.getByText('Email is required')).toBeVisible()
  await expect(dialog.getByText('First name is required')).toBeVisible()
  await expect(dialog.getByText('Please select your experience level')).toBeVisible()
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible()
  await look(page, '02-request-dialog-errors')
  await dialog.getByLabel('Email').fill(applicant.email)
  await expect(dialog.getByText('Please enter a valid email')).toBeHidden() // editing clears that field's error
  await dialog.getByLabel('First name').fill(applicant.firstName)
  await dialog.getByLabel('Last name').fill(applicant.lastName)
  await dialog.getByRole('combobox', { name: 'Hunting experience' }).click()
  await page.getByRole('option', { name: 'Advanced (11-20 years)' }).click()
  await dialog.getByLabel('Location').fill('Montana')
  await dialog.getByLabel(/Why do you want to join/).fill('Elk every fall, walleye every spring.')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(dialog.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
  await expect(page.getByText('Request submitted successfully', { exact: true })).toBeVisible()
  await look(page, '03-request-submitted')
  await dialog.getByRole('button', { name: 'Got it' }).click()
  await expect(dialog).toBeHidden()

  // Create the account and verify the e-mail from the outbox: the request is still pending.
  await createAccount(page, applicant)
  await verifyFromOutbox(page, applicant.email)
  await expect(page.getByRole('heading', { name: 'Access Pending Review' })).toBeVisible()
  await expect(page.getByText(`${applicant.firstName} ${applicant.lastName}`)).toBeVisible()
  await expect(page.getByText(applicant.email)).toBeVisible()
  await look(page, '04-pending-review')

  // The admin (listed in ADMIN_EMAILS) signs up, verifies, and approves the request in /admin.
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await createAccount(adminPage, admin)
  await verifyFromOutbox(adminPage, admin.email)
  await adminPage.goto('/admin')
  await expect(adminPage.getByRole('heading', { name: 'Beta Access Admin' })).toBeVisible()
  const applicantName = `${applicant.firstName} ${applicant.lastName}`
  await expect(adminPage.getByText(applicant.email).first()).toBeVisible()
  await look(adminPage, '05-admin')
  await adminPage.getByRole('button', { name: `Approve ${applicantName}` }).click()
  const review = adminPage.getByRole('dialog')
  await review.getByLabel(/Review Notes/).fill('Welcome aboard.')
  await look(adminPage, '06-admin-review-dialog')
  await review.getByRole('button', { name: 'Approve Request' }).click()
  await expect(adminPage.getByText('Request reviewed', { exact: true })).toBeVisible()
  await expect(review).toBeHidden()
  await expect(
    adminPage.getByRole('region', { name: 'Previously Reviewed' }).getByText('Welcome aboard.'),
  ).toBeVisible()
  const approvalMail = await waitForMail(E2E.dataDir, applicant.email, /approved/)
  expect(approvalMail).toContain(`${E2E.baseURL}/sign-in`)

  // The applicant checks status: approved, so the alpha gate; a wrong password first.
  await page.getByRole('button', { name: 'Check Status' }).click()
  await expect(page.getByRole('heading', { name: 'Alpha Access' })).toBeVisible()
  const password = page.getByLabel('Password')
  await expect(page.getByRole('button', { name: 'Access Alpha' })).toBeDisabled()
  await look(page, '07-alpha-gate')
  await password.fill('not-the-password')
  await page.getByRole('button', { name: 'Access Alpha' }).click()
  await expect(page.getByText('Incorrect password. Please try again.')).toBeVisible()
  await expect(password).toHaveValue('')
  await password.fill(E2E.alphaPassword)
  await page.getByRole('button', { name: 'Access Alpha' }).click()

  // The app shell.
  await expect(page.getByRole('heading', { name: 'Measure Your Trophy' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('alpha-access'))).toBe('granted')
  await expect(page.getByRole('heading', { name: 'Recent Measurements' })).toBeVisible()
  await expect(page.getByText('No measurements yet')).toBeVisible()
  await look(page, '08-app-shell')
  await page.getByRole('button', { name: 'New Measurement' }).click()
  await expect(page.getByRole('dialog', { name: 'New Measurement' })).toBeVisible()
  await page.keyboard.press('Escape')

  // Passing the gate is remembered: a reload goes straight to the app.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Measure Your Trophy' })).toBeVisible()

  // A member who is not an admin gets the failure text of docs/product.md §8 in /admin.
  await page.goto('/admin')
  await expect(page.getByText('Failed to load admin panel. You may not have admin access.')).toBeVisible()

  // On a phone: the mobile menu and the bottom bar.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'New Measurement' })).toBeHidden()
  const bottomBar = page.getByRole('navigation', { name: 'Quick' })
  await expect(bottomBar.getByRole('link', { name: 'Measures' })).toBeVisible()
  await bottomBar.getByRole('button', { name: 'Capture' }).click()
  await expect(page.getByRole('dialog', { name: 'New Measurement' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog')
  await expect(menu.getByRole('link', { name: 'Leaderboards' })).toBeVisible()
  await look(page, '08b-mobile-menu')
  await menu.getByRole('button', { name: 'Close menu' }).click()
  await page.setViewportSize({ width: 1280, height: 800 })

  // Unknown paths show the 404 screen.
  await page.goto('/no-such-page')
  await expect(page.getByText('404 Page Not Found')).toBeVisible()
  await look(page, '09-not-found')

  // Sign out from the avatar menu: back to the landing page, signed out.
  await page.goto('/')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Request Access' }).first()).toBeVisible()
  const me = await page.request.get('/api/auth/user')
  expect(me.status()).toBe(401)

  await adminContext.close()
  await visitorContext.close()
})
