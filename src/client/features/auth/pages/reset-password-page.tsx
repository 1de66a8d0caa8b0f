import { type FormEvent, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button, buttonClass } from '#client/components/button.tsx'
import { TextField } from '#client/components/field.tsx'
import { ApiError } from '#client/lib/api.ts'
import { AuthLayout, Notice } from '../components/auth-layout.tsx'
import { passwordError, resetPassword } from '../identity.ts'

const REQUEST_NEW_LINK = `${paths.signIn}?mode=forgot`

function ExpiredLink() {
  return (
    <AuthLayout title="Reset link expired" subtitle="This password reset link has expired or was already used.">
      <div className="grid gap-4">
        <p className="text-stone-700">Reset links are valid for one hour and work once. Ask for a new one below.</p>
        <Link href={REQUEST_NEW_LINK} className={buttonClass('primary', 'lg')}>
          Request a new link
        </Link>
      </div>
    </AuthLayout>
  )
}

/** /reset-password?token=… (or ?error=INVALID_TOKEN), reached from the e-mailed link. */
export default function ResetPasswordPage() {
  const params = new URLSearchParams(useSearch())
  const token = params.get('token')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string | undefined; confirm?: string | undefined }>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [expired, setExpired] = useState(false)
  const [done, setDone] = useState(false)

  if (!token || params.get('error') || expired) return <ExpiredLink />

  if (done) {
    return (
      <AuthLayout title="Password reset" subtitle="Your password has been changed.">
        <div className="grid gap-4">
          <Notice tone="success">You can now sign in with your new password.</Notice>
          <Link href={paths.signIn} className={buttonClass('primary', 'lg')}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    )
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !token) return
    const found = {
      password: passwordError(password),
      confirm: !confirm ? 'Please confirm your password' : confirm !== password ? 'Passwords do not match' : undefined,
    }
    setErrors(found)
    if (found.password || found.confirm) return
    setBusy(true)
    setFailure(null)
    try {
      await resetPassword(password, token)
      setDone(true)
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setExpired(true)
      else if (err instanceof ApiError && err.serverMessage && err.status < 500) setFailure(err.serverMessage)
      else setFailure('Could not reset your password. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password of at least 8 characters.">
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            setErrors((x) => ({ ...x, password: undefined }))
          }}
          error={errors.password}
          disabled={busy}
        />
        <TextField
          id="reset-confirm"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value)
            setErrors((x) => ({ ...x, confirm: undefined }))
          }}
          error={errors.confirm}
          disabled={busy}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthLayout>
  )
}
