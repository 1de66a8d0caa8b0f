import { type FormEvent, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button, buttonClass } from '#client/components/button.tsx'
import { TextField } from '#client/components/field.tsx'
import { ApiError } from '#client/lib/api.ts'
import { SetupAdminSchema } from '#shared/schemas/access.ts'
import { AuthLayout, Notice } from '../components/auth-layout.tsx'
import { createFirstAdmin, signInWithEmail } from '../identity.ts'

type Field = 'firstName' | 'lastName' | 'email' | 'password'
const EMPTY = { firstName: '', lastName: '', email: '', password: '' }

/** /setup?token=…: the one-time link printed at first start creates the first admin, then signs them in. */
export default function SetupPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [values, setValues] = useState<Record<Field, string>>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [created, setCreated] = useState(false)

  if (!token) {
    return (
      <AuthLayout title="Set up Fieldmark" subtitle="This page needs the one-time setup link.">
        <p className="text-stone-700">
          Open the link the server printed in its log at first start. It is valid for 24 hours and works once.
        </p>
      </AuthLayout>
    )
  }

  if (created) {
    return (
      <AuthLayout title="Admin account created" subtitle="Your administrator account is ready.">
        <div className="grid gap-4">
          <Notice tone="success">Sign in with the e-mail and password you just chose.</Notice>
          <Link
            href={`${paths.signIn}?next=${encodeURIComponent(paths.admin)}`}
            className={buttonClass('primary', 'lg')}
          >
            Sign in
          </Link>
        </div>
      </AuthLayout>
    )
  }

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = SetupAdminSchema.safeParse({ ...values, token })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field
        found[key] ??= issue.message
      }
      setErrors(found)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      await createFirstAdmin(parsed.data)
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Could not create the account. Try again.',
      )
      setBusy(false)
      return
    }
    try {
      await signInWithEmail(parsed.data.email, parsed.data.password)
      window.location.assign(paths.admin)
    } catch {
      setCreated(true) // the account exists; signing in by hand still works
      setBusy(false)
    }
  }

  return (
    <AuthLayout title="Create the first admin" subtitle="This account will review beta access requests.">
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="setup-firstName"
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => update('firstName', e.target.value)}
            error={errors.firstName}
            disabled={busy}
          />
          <TextField
            id="setup-lastName"
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => update('lastName', e.target.value)}
            error={errors.lastName}
            disabled={busy}
          />
        </div>
        <TextField
          id="setup-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
          disabled={busy}
        />
        <TextField
          id="setup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          error={errors.password}
          disabled={busy}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Creating account...' : 'Create admin account'}
        </Button>
      </form>
    </AuthLayout>
  )
}
