import { type FormEvent, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { apiPaths, paths } from '../../../app/paths.ts'
import { Button, buttonClass } from '../../../components/button.tsx'
import { TextField } from '../../../components/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useAuthConfig } from '../api.ts'
import { AuthLayout, Notice } from '../components/auth-layout.tsx'
import {
  emailError,
  nameError,
  passwordError,
  requestPasswordReset,
  resendVerificationEmail,
  signInWithEmail,
  signUpWithEmail,
  singleSignOnErrorText,
  VERIFY_LINK_ERRORS,
} from '../identity.ts'
import { safeNext } from '../safe-next.ts'

type Mode = 'sign-in' | 'sign-up' | 'forgot'
type Errors = Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>>

const TITLES: Record<Mode, { title: string; subtitle: string }> = {
  'sign-in': { title: 'Sign in', subtitle: 'Welcome back to the Fieldmark beta.' },
  'sign-up': {
    title: 'Create account',
    subtitle: 'Use the e-mail address you requested beta access with, so we can match your approval.',
  },
  forgot: { title: 'Forgot password', subtitle: "Enter your e-mail and we'll send you a link to choose a new one." },
}

const RESET_SENT = 'If an account exists for that email, a reset link is on its way.'

function linkErrorText(error: string | null): string | null {
  if (!error) return null
  if ((VERIFY_LINK_ERRORS as readonly string[]).includes(error)) {
    return 'That verification link has expired or is not valid. Sign in and we will offer to send a new one.'
  }
  return singleSignOnErrorText(error)
}

function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.serverMessage ?? 'Too many attempts. Please wait a moment and try again.'
    if (error.serverMessage && error.status < 500) return error.serverMessage
  }
  if (error instanceof TypeError) return 'Could not reach Fieldmark. Check your connection and try again.'
  return fallback
}

function initialMode(value: string | null): Mode {
  return value === 'sign-up' || value === 'forgot' ? value : 'sign-in'
}

/** /sign-in (reached from /api/login): sign in, create an account, or ask for a password reset. */
export default function SignInPage() {
  const params = new URLSearchParams(useSearch())
  const next = safeNext(params.get('next'), window.location.origin)
  const [mode, setMode] = useState<Mode>(() => initialMode(params.get('mode')))
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(() => linkErrorText(params.get('error')))
  const [needsVerification, setNeedsVerification] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [signedUp, setSignedUp] = useState(false)
  const config = useAuthConfig()

  function switchMode(to: Mode) {
    setMode(to)
    setErrors({})
    setFailure(null)
    setNotice(null)
    setNeedsVerification(false)
    setSignedUp(false)
    setPassword('')
  }

  function clearError(field: keyof Errors) {
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  function validate(): boolean {
    const found: Errors = { email: emailError(email) }
    if (mode === 'sign-in' && !password) found.password = 'Password is required'
    if (mode === 'sign-up') {
      found.password = passwordError(password)
      found.firstName = nameError('First name', firstName)
      found.lastName = nameError('Last name', lastName)
    }
    setErrors(found)
    return !Object.values(found).some(Boolean)
  }

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true)
    setFailure(null)
    setNotice(null)
    try {
      await action()
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
        setNeedsVerification(true)
      } else if (mode === 'sign-in' && err instanceof ApiError && err.status === 401) {
        setFailure('Invalid email or password')
      } else {
        setFailure(failureText(err, fallback))
      }
    } finally {
      setBusy(false)
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !validate()) return
    setNeedsVerification(false)
    if (mode === 'sign-in') {
      await run(async () => {
        await signInWithEmail(email, password)
        window.location.assign(next)
      }, 'Sign-in failed. Please try again.')
    } else if (mode === 'sign-up') {
      await run(async () => {
        await signUpWithEmail({ email, password, firstName, lastName })
        setSignedUp(true)
      }, 'Could not create your account. Please try again.')
    } else {
      await run(async () => {
        await requestPasswordReset(email)
        setNotice(RESET_SENT)
      }, 'Could not send the reset link. Please try again.')
    }
  }

  async function resend() {
    await run(async () => {
      await resendVerificationEmail(email)
      setNotice(`We sent a new verification link to ${email.trim()}.`)
    }, 'Could not send the verification e-mail. Please try again.')
  }

  if (signedUp) {
    return (
      <AuthLayout title="Check your email" subtitle={`We sent a verification link to ${email.trim()}.`}>
        <div className="grid gap-4">
          <p className="text-stone-700">
            Open the link to confirm your address and finish creating your account. It is valid for 24 hours. You can
            sign in once your e-mail is verified.
          </p>
          {notice ? <Notice tone="success">{notice}</Notice> : null}
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <Button variant="outline" onClick={resend} disabled={busy}>
            {busy ? 'Sending...' : 'Resend verification email'}
          </Button>
          <Button variant="ghost" onClick={() => switchMode('sign-in')}>
            Back to sign in
          </Button>
        </div>
      </AuthLayout>
    )
  }

  const { title, subtitle } = TITLES[mode]
  const submitLabel = { 'sign-in': 'Sign in', 'sign-up': 'Create account', forgot: 'Send reset link' }[mode]
  const busyLabel = { 'sign-in': 'Signing in...', 'sign-up': 'Creating account...', forgot: 'Sending...' }[mode]

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {needsVerification ? (
          <Notice>
            <p>Please verify your e-mail address first: open the link we sent you when you created your account.</p>
            <button
              type="button"
              onClick={resend}
              disabled={busy}
              className="mt-2 font-semibold text-pine-800 underline underline-offset-2"
            >
              Resend verification email
            </button>
          </Notice>
        ) : null}
        {mode === 'sign-up' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="auth-firstName"
              label="First name"
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => {
                setFirstName(e.target.value)
                clearError('firstName')
              }}
              error={errors.firstName}
              disabled={busy}
            />
            <TextField
              id="auth-lastName"
              label="Last name"
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => {
                setLastName(e.target.value)
                clearError('lastName')
              }}
              error={errors.lastName}
              disabled={busy}
            />
          </div>
        ) : null}
        <TextField
          id="auth-email"
          label="Email"
          type="email"
          autoComplete={mode === 'sign-up' ? 'email' : 'username'}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            clearError('email')
          }}
          error={errors.email}
          disabled={busy}
        />
        {mode !== 'forgot' ? (
          <TextField
            id="auth-password"
            label="Password"
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            hint={mode === 'sign-up' ? 'At least 8 characters' : undefined}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value)
              clearError('password')
            }}
            error={errors.password}
            disabled={busy}
          />
        ) : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>

      {mode === 'sign-in' && config.data?.oidc ? (
        <div className="mt-4 grid gap-4">
          <p className="flex items-center gap-3 text-xs font-medium text-stone-600 uppercase before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
            or
          </p>
          <a href={apiPaths.login} className={buttonClass('outline', 'lg')}>
            Continue with single sign-on
          </a>
        </div>
      ) : null}

      <div className="mt-6 grid gap-2 border-t border-stone-200 pt-4 text-center text-sm text-stone-700">
        {mode === 'sign-in' ? (
          <>
            <p>
              New here?{' '}
              <button
                type="button"
                className="font-semibold text-pine-800 underline-offset-2 hover:underline"
                onClick={() => switchMode('sign-up')}
              >
                Create account
              </button>
            </p>
            <p>
              <button
                type="button"
                className="font-semibold text-pine-800 underline-offset-2 hover:underline"
                onClick={() => switchMode('forgot')}
              >
                Forgot password?
              </button>
            </p>
            <p>
              Not in the beta yet?{' '}
              <Link
                href={paths.requestAccess}
                className="font-semibold text-pine-800 underline-offset-2 hover:underline"
              >
                Request access
              </Link>
            </p>
          </>
        ) : (
          <p>
            {mode === 'sign-up' ? 'Already have an account? ' : 'Remembered it? '}
            <button
              type="button"
              className="font-semibold text-pine-800 underline-offset-2 hover:underline"
              onClick={() => switchMode('sign-in')}
            >
              Sign in instead
            </button>
          </p>
        )}
      </div>
    </AuthLayout>
  )
}
