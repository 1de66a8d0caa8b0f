import type { Mail } from '../../lib/mailer.ts'

// Plain, short messages: they are read on phones, often offline later.
// Anyone can make Fieldmark write to any address (sign-up, reset, a beta request), so no mail carries text a
// stranger chose, except a first name that passes greetingName, and every link points into BASE_URL.

const GREETING_NAME_MAX = 50

/**
 * The first name a mail may greet with, or null: one line of letters, spaces and ' - . (at most 50), starting
 * with a letter. A dot followed by a letter reads like a domain ("evil.example") that mail apps turn into a link.
 */
export function greetingName(raw: string | null | undefined): string | null {
  const name = raw?.trim() ?? ''
  if (name.length === 0 || name.length > GREETING_NAME_MAX) return null
  if (!/^\p{L}[\p{L}\p{M} '.-]*$/u.test(name) || /\.\p{L}/u.test(name)) return null
  return name
}

const greeting = (firstName: string | null | undefined) => {
  const name = greetingName(firstName)
  return name ? `Hello ${name},` : 'Hello,'
}

/** The link itself when it lies under BASE_URL; anything else is a bug, so no mail is built. */
function linkUnder(baseUrl: string, link: string): string {
  // Both normalised by URL, and the base ends in "/", so "http://base.evil" or "http://base@evil" cannot pass.
  if (!`${new URL(link).href}/`.startsWith(new URL(`${baseUrl}/`).href)) {
    throw new Error(`A mail link must lie under ${baseUrl}`)
  }
  return link
}

export function verificationEmail(
  to: string,
  firstName: string | null | undefined,
  url: string,
  baseUrl: string,
): Mail {
  const link = linkUnder(baseUrl, url)
  return {
    to,
    subject: 'Verify your Fieldmark e-mail',
    link,
    text: `${greeting(firstName)}\n\nConfirm this address to finish creating your Fieldmark account:\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.\n`,
  }
}

export function resetPasswordEmail(
  to: string,
  firstName: string | null | undefined,
  url: string,
  baseUrl: string,
): Mail {
  const link = linkUnder(baseUrl, url)
  return {
    to,
    subject: 'Reset your Fieldmark password',
    link,
    text: `${greeting(firstName)}\n\nChoose a new password here:\n${link}\n\nThe link is valid for one hour. If you did not ask for this, ignore this message; your password stays as it is.\n`,
  }
}

export function approvedEmail(to: string, firstName: string | null | undefined, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/api/login`)
  return {
    to,
    subject: 'Your Fieldmark beta access is approved',
    link: url,
    text: `${greeting(firstName)}\n\nGood news: your request for the Fieldmark beta has been approved.\nSign in (or create your account with this e-mail address) here:\n${url}\n\nSee you in the field.\n`,
  }
}

/** The notes are the reviewing admin's words, not the applicant's. */
export function deniedEmail(to: string, firstName: string | null | undefined, notes: string | null): Mail {
  return {
    to,
    subject: 'Your Fieldmark beta access request',
    text: `${greeting(firstName)}\n\nThank you for your interest in Fieldmark. We cannot offer you a place in the beta at this time.${notes ? `\n\nNote from the team: ${notes}` : ''}\n\nWe will be in touch when more places open.\n`,
  }
}

export function existingAccountEmail(to: string, firstName: string | null | undefined, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/sign-in`)
  return {
    to,
    subject: 'You already have a Fieldmark account',
    link: url,
    text: `${greeting(firstName)}\n\nSomeone (hopefully you) tried to create a Fieldmark account with this e-mail address, but it already has one.\nSign in here, or use "Forgot password?" on that page to choose a new password:\n${url}\n\nIf this was not you, you can ignore this message.\n`,
  }
}

// A repeated beta request answers like a new one, so only the address's owner learns where it stands. Whoever
// sent it may not own the address, so these greet nobody by name.

export function requestStillPendingEmail(to: string): Mail {
  return {
    to,
    subject: 'Your Fieldmark beta access request is still pending',
    text: `Hello,\n\nWe received another request for Fieldmark beta access for this e-mail address. Your earlier request is still pending review; we will e-mail you once it is reviewed, usually within 24-48 hours.\n\nIf this was not you, you can ignore this message.\n`,
  }
}

export function alreadyHasAccessEmail(to: string, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/sign-in`)
  return {
    to,
    subject: 'You already have Fieldmark beta access',
    link: url,
    text: `Hello,\n\nWe received a request for Fieldmark beta access for this e-mail address, but it already has access. Sign in here:\n${url}\n\nIf this was not you, you can ignore this message.\n`,
  }
}

export function adminSetupLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup?token=${encodeURIComponent(token)}`
}
