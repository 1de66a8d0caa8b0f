import { type FormEvent, useState } from 'react'
import { useSearch } from 'wouter'
import { ApiError } from '#client/lib/api.ts'
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
} from './identity.ts'
import { safeNext } from './safe-next.ts'

export type Mode = 'sign-in' | 'sign-up' | 'forgot'
export type Field = 'email' | 'password' | 'firstName' | 'lastName'
export type Values = Record<Field, string>
export type Errors = Partial<Record<Field, string>>

const RESET_SENT = 'If an account exists for that email, a reset link is on its way.'

function initialMode(value: string | null): Mode {
  return value === 'sign-up' || value === 'forgot' ? value : 'sign-in'
}

/** What to say about the `error` a verification or single sign-on link came back with, if anything. */
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

function validate(mode: Mode, values: Values): Errors {
  const found: Errors = { email: emailError(values.email) }
  if (mode === 'sign-in' && !values.password) found.password = 'Password is required'
  if (mode === 'sign-up') {
    found.password = passwordError(values.password)
    found.firstName = nameError('First name', values.firstName)
    found.lastName = nameError('Last name', values.lastName)
  }
  return found
}

/**
 * The sign-in page's state: which form is shown (`?mode=`), its values and errors (checked on submit, each
 * cleared as its field is edited), and the outcome of the last request (or of the link that led here, `?error=`).
 */
export function useSignInForm() {
  const params = new URLSearchParams(useSearch())
  const next = safeNext(params.get('next'), window.location.origin)
  const [mode, setMode] = useState<Mode>(() => initialMode(params.get('mode')))
  const [values, setValues] = useState<Values>({ email: '', password: '', firstName: '', lastName: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(() => linkErrorText(params.get('error')))
  const [needsVerification, setNeedsVerification] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [signedUp, setSignedUp] = useState(false)

  function switchMode(to: Mode) {
    setMode(to)
    setErrors({})
    setFailure(null)
    setNotice(null)
    setNeedsVerification(false)
    setSignedUp(false)
    setValues((v) => ({ ...v, password: '' }))
  }

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const found = validate(mode, values)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setNeedsVerification(false)
    const { email, password, firstName, lastName } = values
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
      await resendVerificationEmail(values.email)
      setNotice(`We sent a new verification link to ${values.email.trim()}.`)
    }, 'Could not send the verification e-mail. Please try again.')
  }

  return {
    mode,
    values,
    errors,
    busy,
    failure,
    needsVerification,
    notice,
    signedUp,
    switchMode,
    change,
    submit,
    resend,
  }
}
