import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { apiPaths } from '#client/app/paths.ts'
import type { LinkedAccount } from '#client/features/auth/identity.ts'
import { SingleSignOn } from './single-sign-on.tsx'

// Settings' single sign-on section as the server's answers leave it: hidden without a provider, a Connect button,
// "connected" once an OpenID identity is linked, and the reason when connecting came back refused.

function render(opts: { oidc: boolean; accounts: LinkedAccount[]; search?: string }): string {
  // The answers are in the cache and never stale: nothing is fetched.
  const neverFetched = () => Promise.reject(new Error('a render test fetches nothing'))
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, queryFn: neverFetched } },
  })
  client.setQueryData([apiPaths.authConfig], { oidc: opts.oidc, alphaGate: false })
  client.setQueryData([apiPaths.identity.listAccounts], opts.accounts)
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/settings" ssrSearch={opts.search ?? ''}>
        <SingleSignOn />
      </Router>
    </QueryClientProvider>,
  )
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const password: LinkedAccount = { providerId: 'credential', accountId: 'u1' }
const provider: LinkedAccount = { providerId: 'oidc', accountId: 'sub-1' }

describe('SingleSignOn', () => {
  it('is not shown when the server has no OpenID Connect provider', () => {
    expect(render({ oidc: false, accounts: [password] })).toBe('')
  })

  it('offers to connect a member who signs in with a password only', () => {
    const text = render({ oidc: true, accounts: [password] })
    expect(text).toContain('Connect single sign-on')
    expect(text).not.toContain('is connected')
  })

  it('says so once the provider is connected', () => {
    expect(render({ oidc: true, accounts: [password, provider] })).toContain('Single sign-on is connected.')
    expect(render({ oidc: true, accounts: [password, provider], search: 'connected=oidc' })).toContain(
      'Single sign-on is now connected.',
    )
  })

  it('explains a refused connection', () => {
    const text = render({ oidc: true, accounts: [password], search: 'error=email_does_not_match' })
    expect(text).toContain('That single sign-on account has a different e-mail address.')
    expect(text).toContain('Connect single sign-on')
  })
})
