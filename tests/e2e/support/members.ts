import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { E2E } from '../../../playwright.config.ts'
import { firstLink, waitForMail } from './outbox.ts'

/** The e2e admin (ADMIN_EMAILS in playwright.config.ts): approved and past any gate once its e-mail is verified. */
export const E2E_ADMIN = {
  email: E2E.adminEmail,
  password: 'Warden-password-77',
  firstName: 'Wade',
  lastName: 'Warden',
}

const origin = { origin: E2E.baseURL }

/**
 * Signs the context of `request` (page.request shares the page's cookies) in as the e2e admin. Specs run in any
 * order in one data directory, so the account may exist already: sign in, and sign up and verify only if needed.
 */
export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const credentials = { email: E2E_ADMIN.email, password: E2E_ADMIN.password }
  const signIn = await request.post('/api/identity/sign-in/email', { headers: origin, data: credentials })
  if (signIn.ok()) return
  const signUp = await request.post('/api/identity/sign-up/email', {
    headers: origin,
    data: { ...E2E_ADMIN, name: `${E2E_ADMIN.firstName} ${E2E_ADMIN.lastName}` },
  })
  expect(signUp.ok(), 'the e2e admin signs up').toBe(true)
  const mail = await waitForMail(E2E.dataDir, E2E_ADMIN.email, /Verify your Fieldmark e-mail/)
  expect((await request.get(firstLink(mail, `${E2E.baseURL}/api/identity/verify-email`))).ok()).toBe(true)
  const again = await request.post('/api/identity/sign-in/email', { headers: origin, data: credentials })
  expect(again.ok(), 'the e2e admin signs in').toBe(true)
}

export type NewMember = { email: string; password: string; firstName: string; lastName: string }

/**
 * A new member signs up on `page`'s context, follows the e-mailed verification link (which signs them in), is
 * approved by the admin signed in on `adminRequest`, and passes the alpha gate: ready to use the app.
 */
export async function signUpApprovedMember(page: Page, adminRequest: APIRequestContext, member: NewMember) {
  const signUp = async () =>
    page.request.post('/api/identity/sign-up/email', {
      headers: origin,
      data: { ...member, name: `${member.firstName} ${member.lastName}` },
    })
  let answer = await signUp()
  // The specs share one server and its sign-up limit per address: on a fast run they wait for it, as a person would.
  for (let tries = 0; answer.status() === 429 && tries < 2; tries++) {
    await page.waitForTimeout((Number(answer.headers()['retry-after'] ?? 60) + 1) * 1000)
    answer = await signUp()
  }
  expect(answer.ok(), 'the member signs up').toBe(true)
  const mail = await waitForMail(E2E.dataDir, member.email, /Verify your Fieldmark e-mail/)
  await page.goto(firstLink(mail, `${E2E.baseURL}/api/identity/verify-email`))
  const me = await page.request.get('/api/auth/user')
  expect(me.ok()).toBe(true)
  const { id } = (await me.json()) as { id: string }
  const approved = await adminRequest.post(`/api/admin/users/${id}/approve`, { headers: origin })
  expect(approved.ok(), 'the admin approves the member').toBe(true)
  const gate = await page.request.post('/api/alpha-access', { headers: origin, data: { password: E2E.alphaPassword } })
  expect(gate.ok(), 'the member passes the gate').toBe(true)
}

/** A member with a unique address for this run: `first-<tag><stamp>@fieldmark.test`. */
export function memberNamed(first: string, last: string, stamp: number, tag = ''): NewMember {
  return {
    email: `${first.toLowerCase()}-${tag}${stamp}@fieldmark.test`,
    password: `${first}-password-2026`,
    firstName: first,
    lastName: last,
  }
}
