import type { Mail } from '#server/lib/mailer.ts'

// Anyone can make Fieldmark write to any address, so no mail carries text a stranger chose (a first name only
// through greetingName), and every link points into BASE_URL. Plain and short: they are read on phones.

const GREETING_NAME_MAX = 50

/** The first name a mail may greet with, or null; a dot before a letter reads like a domain that mail apps link. */
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

/** Text for HTML: the names and notes in a mail are people's words, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

type Block = string | { link: string; label: string }

/** The HTML part: a paragraph per block, links as buttons that also show their address. Escapes everything. */
function htmlBody(blocks: Block[]): string {
  const paragraphs = blocks.map((block) => {
    if (typeof block === 'string') return `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
    const href = escapeHtml(block.link)
    return `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#2f5d3a;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p><p style="font-size:13px;color:#555555">${href}</p>`
  })
  return `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2a22;max-width:560px">${paragraphs.join('')}</body></html>`
}

/** Both parts from the same blocks: the text part puts each link on a line of its own. */
function parts(blocks: Block[]): { text: string; html: string } {
  const text = `${blocks.map((b) => (typeof b === 'string' ? b : b.link)).join('\n\n')}\n`
  return { text, html: htmlBody(blocks) }
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
    ...parts([
      greeting(firstName),
      'Confirm this address to finish creating your Fieldmark account:',
      { link, label: 'Confirm my e-mail' },
      'The link is valid for 24 hours. If you did not sign up, ignore this message.',
    ]),
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
    ...parts([
      greeting(firstName),
      'Choose a new password here:',
      { link, label: 'Choose a new password' },
      'The link is valid for one hour. If you did not ask for this, ignore this message; your password stays as it is.',
    ]),
  }
}

/** To our sign-in page (password or OpenID Connect), never straight to the provider. */
export function approvedEmail(to: string, firstName: string | null | undefined, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/sign-in`)
  return {
    to,
    subject: 'Your Fieldmark beta access is approved',
    link: url,
    ...parts([
      greeting(firstName),
      'Good news: your request for the Fieldmark beta has been approved.\nSign in (or create your account with this e-mail address) here:',
      { link: url, label: 'Sign in to Fieldmark' },
      'See you in the field.',
    ]),
  }
}

/** The notes are the reviewing admin's words, not the applicant's. */
export function deniedEmail(to: string, firstName: string | null | undefined, notes: string | null): Mail {
  return {
    to,
    subject: 'Your Fieldmark beta access request',
    ...parts([
      greeting(firstName),
      'Thank you for your interest in Fieldmark. We cannot offer you a place in the beta at this time.',
      ...(notes ? [`Note from the team: ${notes}`] : []),
      'We will be in touch when more places open.',
    ]),
  }
}

export function existingAccountEmail(to: string, firstName: string | null | undefined, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/sign-in`)
  return {
    to,
    subject: 'You already have a Fieldmark account',
    link: url,
    ...parts([
      greeting(firstName),
      'Someone (hopefully you) tried to create a Fieldmark account with this e-mail address, but it already has one.\nSign in here, or use "Forgot password?" on that page to choose a new password:',
      { link: url, label: 'Sign in to Fieldmark' },
      'If this was not you, you can ignore this message.',
    ]),
  }
}

// A repeated beta request answers like a new one, so only the address's owner learns where it stands. Whoever
// sent it may not own the address, so these greet nobody by name.

export function requestStillPendingEmail(to: string): Mail {
  return {
    to,
    subject: 'Your Fieldmark beta access request is still pending',
    ...parts([
      'Hello,',
      'We received another request for Fieldmark beta access for this e-mail address. Your earlier request is still pending review; we will e-mail you once it is reviewed, usually within 24-48 hours.',
      'If this was not you, you can ignore this message.',
    ]),
  }
}

export function alreadyHasAccessEmail(to: string, baseUrl: string): Mail {
  const url = linkUnder(baseUrl, `${baseUrl}/sign-in`)
  return {
    to,
    subject: 'You already have Fieldmark beta access',
    link: url,
    ...parts([
      'Hello,',
      'We received a request for Fieldmark beta access for this e-mail address, but it already has access. Sign in here:',
      { link: url, label: 'Sign in to Fieldmark' },
      'If this was not you, you can ignore this message.',
    ]),
  }
}

export function adminSetupLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup?token=${encodeURIComponent(token)}`
}
