import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { apiPaths } from '#client/app/paths.ts'
import type { FailingMail } from '#shared/schemas/mail.ts'
import { FailingMails } from './failing-mails.tsx'

// The admin screen's mails not delivered, as the server's list leaves it: each with its recipient, subject,
// attempts, last error and next try (or stopped), and a Resend button naming the mail.

function render(mails: FailingMail[]): string {
  const neverFetched = () => Promise.reject(new Error('a render test fetches nothing'))
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, queryFn: neverFetched } },
  })
  client.setQueryData([apiPaths.adminFailingMails], mails)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FailingMails />
    </QueryClientProvider>,
  )
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const mail = (overrides: Partial<FailingMail>): FailingMail => ({
  id: '6f1c2a9e-8d0b-4c47-9e0a-2b8f4f1d3c55',
  recipient: 'annie@example.test',
  subject: 'Your Fieldmark beta access is approved',
  attempts: 3,
  lastError: 'Greeting never received',
  lastAttemptAt: '2026-11-26T09:00:00.000Z',
  nextAttemptAt: '2026-11-26T09:04:00.000Z',
  createdAt: '2026-11-26T08:59:00.000Z',
  ...overrides,
})

describe('FailingMails', () => {
  it('says every mail was delivered when none is failing', () => {
    expect(text(render([]))).toContain('Every mail was delivered.')
  })

  it('lists each failing mail with its error and a Resend button', () => {
    const html = render([mail({}), mail({ id: 'b', recipient: 'jim@example.test', nextAttemptAt: null, attempts: 12 })])
    const shown = text(html)
    for (const part of ['annie@example.test', 'Your Fieldmark beta access is approved', 'Greeting never received']) {
      expect(shown).toContain(part)
    }
    expect(shown).toContain('jim@example.test')
    expect(shown).toContain('Stopped: waiting for Resend')
    expect(html).toContain('aria-label="Resend &quot;Your Fieldmark beta access is approved&quot; to jim@example.test"')
    expect(html.match(/>Resend</g)).toHaveLength(2)
  })
})
