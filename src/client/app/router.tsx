import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, useCallback, useEffect } from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { ErrorBoundary } from '#client/components/error-boundary.tsx'
import { Loading } from '#client/components/loading.tsx'
import { NotFound } from '#client/components/not-found.tsx'
import { AUTH_USER_KEY, signOut, useAuth } from '#client/features/auth/api.ts'
import { VERIFY_LINK_ERRORS } from '#client/features/auth/identity.ts'
import { safeNext } from '#client/features/auth/safe-next.ts'
import { ALPHA_ACCESS_GRANTED, ALPHA_ACCESS_STORAGE_KEY } from '#shared/constants.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { needsSession, paths, signInHref } from './paths.ts'
import {
  AlphaGatePage,
  AppShell,
  LandingScreen,
  PendingReviewPage,
  ResetPasswordPage,
  SetupPage,
  ShareScreen,
  SignInPage,
  writeScreenHint,
} from './screens.ts'

function Screen({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  )
}

/** docs/product.md §2/§4: the screen follows the access state — loading, signed out, pending, gate, app. */
export function AppRouter() {
  const { user, isLoading } = useAuth()
  if (isLoading) return <Loading />
  return <Screen>{user ? <SignedIn user={user} /> : <SignedOut />}</Screen>
}

function SignedOut() {
  const [location] = useLocation()
  const search = useSearch()
  useEffect(() => writeScreenHint('landing'), [])
  const verifyError = new URLSearchParams(search).get('error')
  return (
    <Switch>
      <Route path={paths.home}>
        {/* A failed e-mail verification link lands on '/?error=…': explain it on the sign-in screen. */}
        {verifyError && (VERIFY_LINK_ERRORS as readonly string[]).includes(verifyError) ? (
          <Redirect to={`${paths.signIn}?error=${encodeURIComponent(verifyError)}`} replace />
        ) : (
          <LandingScreen />
        )}
      </Route>
      <Route path={paths.signIn}>
        <SignInPage />
      </Route>
      <Route path={paths.resetPassword}>
        <ResetPasswordPage />
      </Route>
      <Route path={paths.setup}>
        <SetupPage />
      </Route>
      <Route path={paths.share.pattern}>
        <ShareScreen />
      </Route>
      <Route>
        {needsSession(location) ? (
          <Redirect to={signInHref(`${location}${search ? `?${search}` : ''}`)} replace />
        ) : (
          <main>
            <NotFound />
          </main>
        )}
      </Route>
    </Switch>
  )
}

function SignedIn({ user }: { user: AuthUser }) {
  const [location] = useLocation()
  const search = useSearch()
  const queryClient = useQueryClient()
  const stage = !user.betaApproved ? 'pending' : !user.gatePassed ? 'gate' : 'app'
  useEffect(() => writeScreenHint(stage), [stage])

  const onGatePassed = useCallback(() => {
    try {
      window.localStorage.setItem(ALPHA_ACCESS_STORAGE_KEY, ALPHA_ACCESS_GRANTED)
    } catch {
      // the server remembers the gate; the flag only mirrors it (docs/architecture.md §1)
    }
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY })
  }, [queryClient])

  if (location === paths.signIn)
    return <Redirect to={safeNext(new URLSearchParams(search).get('next'), window.location.origin)} replace />
  if (location === paths.resetPassword) return <ResetPasswordPage />
  if (location === paths.setup) return <SetupPage />
  // A shared link opens for members who are not in the app yet too (pending or at the gate), without the app.
  if (stage !== 'app' && location.startsWith('/share/')) return <ShareScreen invite={false} />
  if (stage === 'pending') return <PendingReviewPage user={user} onSignOut={signOut} />
  if (stage === 'gate') return <AlphaGatePage onGranted={onGatePassed} onSignOut={signOut} />
  return <AppShell user={user} />
}
