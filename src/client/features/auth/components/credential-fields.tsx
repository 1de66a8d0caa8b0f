import { TextField } from '#client/components/field.tsx'
import type { Errors, Field, Mode, Values } from '../use-sign-in-form.ts'

type Props = {
  mode: Mode
  values: Values
  errors: Errors
  disabled: boolean
  onChange: (field: Field, value: string) => void
}

/** Names (to create an account), the e-mail, and the password (except to ask for a reset). */
export function CredentialFields({ mode, values, errors, disabled, onChange }: Props) {
  return (
    <>
      {mode === 'sign-up' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="auth-firstName"
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => onChange('firstName', e.target.value)}
            error={errors.firstName}
            disabled={disabled}
          />
          <TextField
            id="auth-lastName"
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => onChange('lastName', e.target.value)}
            error={errors.lastName}
            disabled={disabled}
          />
        </div>
      ) : null}
      <TextField
        id="auth-email"
        label="Email"
        type="email"
        autoComplete={mode === 'sign-up' ? 'email' : 'username'}
        value={values.email}
        onChange={(e) => onChange('email', e.target.value)}
        error={errors.email}
        disabled={disabled}
      />
      {mode !== 'forgot' ? (
        <TextField
          id="auth-password"
          label="Password"
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          hint={mode === 'sign-up' ? 'At least 8 characters' : undefined}
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
          error={errors.password}
          disabled={disabled}
        />
      ) : null}
    </>
  )
}
