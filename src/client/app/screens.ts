import { lazyWithPreload } from '#client/lib/lazy.ts'

/**
 * One lazily loaded module per screen, so the landing page never downloads the app shell, admin or
 * sign-in code (and the reverse). `preload()` lets main.tsx fetch the likely screen alongside the auth check.
 */
export const LandingScreen = lazyWithPreload(() => import('./screens/landing-screen.tsx'))
export const SignInPage = lazyWithPreload(() => import('#client/features/auth/pages/sign-in-page.tsx'))
export const ResetPasswordPage = lazyWithPreload(() => import('#client/features/auth/pages/reset-password-page.tsx'))
export const SetupPage = lazyWithPreload(() => import('#client/features/auth/pages/setup-page.tsx'))
export const PendingReviewPage = lazyWithPreload(() => import('#client/features/access/pages/pending-review-page.tsx'))
export const AlphaGatePage = lazyWithPreload(() => import('#client/features/access/pages/alpha-gate-page.tsx'))
export const AppShell = lazyWithPreload(() => import('./layout/app-shell.tsx'))
/** /share/{id} outside the app (signed out, or not approved yet). */
export const ShareScreen = lazyWithPreload(() => import('./screens/share-screen.tsx'))

/** Which screen the last visit ended on, remembered so the next load can fetch it before the auth check ends. */
export type ScreenHint = 'landing' | 'pending' | 'gate' | 'app'
const HINT_KEY = 'fieldmark-screen'

export function readScreenHint(): ScreenHint | null {
  try {
    const value = window.localStorage.getItem(HINT_KEY)
    return value === 'landing' || value === 'pending' || value === 'gate' || value === 'app' ? value : null
  } catch {
    return null // storage may be blocked (private mode); the hint is only an optimisation
  }
}

export function writeScreenHint(hint: ScreenHint) {
  try {
    if (window.localStorage.getItem(HINT_KEY) !== hint) window.localStorage.setItem(HINT_KEY, hint)
  } catch {
    // ignore: see readScreenHint
  }
}

const BY_HINT = { landing: LandingScreen, pending: PendingReviewPage, gate: AlphaGatePage, app: AppShell }

/** Starts fetching the screen this path will most likely show. */
export function preloadLikelyScreen(pathname: string) {
  const hint = readScreenHint()
  const screen =
    pathname.startsWith('/share/') && hint !== 'app'
      ? ShareScreen
      : pathname === '/sign-in'
        ? SignInPage
        : pathname === '/reset-password'
          ? ResetPasswordPage
          : pathname === '/setup'
            ? SetupPage
            : BY_HINT[hint ?? (pathname === '/' ? 'landing' : 'app')]
  screen.preload().catch(() => {})
}
