import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { apiPaths } from '#client/app/paths.ts'
import { Button } from '#client/components/button.tsx'
import {
  connectErrorText,
  connectSingleSignOn,
  type LinkedAccount,
  useAuthConfig,
} from '#client/features/auth/index.ts'
import { errorMessage } from '#client/lib/api.ts'
import { LoadFailed } from './load-failed.tsx'

/** Settings' single sign-on section, when the server has an OpenID Connect provider. */
export function SingleSignOn() {
  const config = useAuthConfig()
  return config.data?.oidc ? <SingleSignOnSection /> : null
}

/**
 * Connects the provider to the signed-in account. An OpenID sign-in never joins an existing account by itself, so
 * this (with the session the password gave) is how a member with a password gets to use the provider too.
 */
function SingleSignOnSection() {
  const params = new URLSearchParams(useSearch())
  const accounts = useQuery<LinkedAccount[]>({ queryKey: [apiPaths.identity.listAccounts] })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(() => {
    const code = params.get('error')
    return code ? connectErrorText(code) : null
  })
  const connected = accounts.data?.some((account) => account.providerId === 'oidc') ?? false

  async function connect() {
    setBusy(true)
    setFailure(null)
    try {
      await connectSingleSignOn()
    } catch (err) {
      setFailure(errorMessage(err, 'Could not start connecting single sign-on. Please try again.'))
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="sso-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="sso-title" className="text-lg font-bold text-stone-900">
        Single sign-on
      </h2>
      <p className="pt-1 text-sm text-stone-700">
        Connect your single sign-on account to sign in with it as well as with your password. It must use the same
        e-mail address as this account.
      </p>
      {failure ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      {accounts.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-600">
          Loading…
        </p>
      ) : accounts.isError ? (
        <LoadFailed
          error={accounts.error}
          fallback="Your sign-in methods could not be loaded."
          retry={() => void accounts.refetch()}
        />
      ) : connected ? (
        <p role="status" className="mt-4 rounded-lg bg-pine-50 p-3 text-sm font-medium text-pine-900">
          {params.get('connected') === 'oidc' ? 'Single sign-on is now connected.' : 'Single sign-on is connected.'}
        </p>
      ) : (
        <Button className="mt-4" variant="outline" onClick={() => void connect()} disabled={busy}>
          {busy ? 'Connecting…' : 'Connect single sign-on'}
        </Button>
      )}
    </section>
  )
}
