import type { Mail } from '../../lib/mailer.ts'

// Plain, short messages: they are read on phones, often offline later.

const greeting = (name: string | null | undefined) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi,')

export function verificationEmail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Verify your Fieldmark e-mail',
    link: url,
    text: `${greeting(name)}\n\nConfirm this address to finish creating your Fieldmark account:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.\n`,
  }
}

export function resetPasswordEmail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your Fieldmark password',
    link: url,
    text: `${greeting(name)}\n\nChoose a new password here:\n${url}\n\nThe link is valid for one hour. If you did not ask for this, ignore this message; your password stays as it is.\n`,
  }
}

export function approvedEmail(to: string, firstName: string, baseUrl: string): Mail {
  const url = `${baseUrl}/api/login`
  return {
    to,
    subject: 'Your Fieldmark beta access is approved',
    link: url,
    text: `${greeting(firstName)}\n\nGood news: your request for the Fieldmark beta has been approved.\nSign in (or create your account with this e-mail address) here:\n${url}\n\nSee you in the field.\n`,
  }
}

export function deniedEmail(to: string, firstName: string, notes: string | null): Mail {
  return {
    to,
    subject: 'Your Fieldmark beta access request',
    text: `${greeting(firstName)}\n\nThank you for your interest in Fieldmark. We cannot offer you a place in the beta at this time.${notes ? `\n\nNote from the team: ${notes}` : ''}\n\nWe will be in touch when more places open.\n`,
  }
}

export function existingAccountEmail(to: string, name: string, baseUrl: string): Mail {
  const url = `${baseUrl}/sign-in`
  return {
    to,
    subject: 'You already have a Fieldmark account',
    link: url,
    text: `${greeting(name)}\n\nSomeone (hopefully you) tried to create a Fieldmark account with this e-mail address, but it already has one.\nSign in here, or use "Forgot password?" on that page to choose a new password:\n${url}\n\nIf this was not you, you can ignore this message.\n`,
  }
}

export function adminSetupLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup?token=${encodeURIComponent(token)}`
}
