import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config.ts'
import { look } from './support/look.ts'
import { firstLink, waitForMail } from './support/outbox.ts'

test('a member who forgot the password resets it from the e-mailed link, once', async ({ page }) => {
  const email = `forgetful-${Date.now().toString(36)}@fieldmark.test`
  const oldPassword = 'Old-password-2026'
  const newPassword = 'New-password-2026'

  // An existing, verified account (created through the API as the sign-up screen would).
  const signUp = await page.request.post('/api/identity/sign-up/email', {
    headers: { origin: E2E.baseURL },
    data: { email, password: oldPassword, name: 'Frank Forgetful', firstName: 'Frank', lastName: 'Forgetful' },
  })
  expect(signUp.ok()).toBe(true)
  await page.goto(
    firstLink(await waitForMail(E2E.dataDir, email, /Verify/), `${E2E.baseURL}/api/identity/verify-email`),
  )
  await expect(page.getByRole('heading', { name: 'Access Pending Review' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  // Sign-out posts, then opens the landing page: wait for it before opening another.
  await expect(page.getByRole('button', { name: 'Beta Login' })).toBeVisible()

  // Forgot password: the answer never tells whether the address has an account.
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible()
  await look(page, '10-forgot-password')

  const resetLink = firstLink(await waitForMail(E2E.dataDir, email, /Reset your Fieldmark password/), E2E.baseURL)
  await page.goto(resetLink)
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('New password').fill(newPassword)
  await page.getByLabel('Confirm password').fill(newPassword)
  await look(page, '11-reset-password')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible()

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Sign in' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(oldPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Access Pending Review' })).toBeVisible()

  // The link worked once.
  await page.goto(resetLink)
  await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeVisible()
})
