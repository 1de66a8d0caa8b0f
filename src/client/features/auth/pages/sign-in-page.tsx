import { Button } from '#client/components/button.tsx'
import { useAuthConfig } from '../api.ts'
import { AuthLayout, Notice } from '../components/auth-layout.tsx'
import { CredentialFields } from '../components/credential-fields.tsx'
import { ModeLinks, SingleSignOnOption } from '../components/sign-in-links.tsx'
import { CheckEmail, VerificationNeeded } from '../components/verification.tsx'
import { type Mode, useSignInForm } from '../use-sign-in-form.ts'

const TITLES: Record<Mode, { title: string; subtitle: string }> = {
  'sign-in': { title: 'Sign in', subtitle: 'Welcome back to the Fieldmark beta.' },
  'sign-up': {
    title: 'Create account',
    subtitle: 'Use the e-mail address you requested beta access with, so we can match your approval.',
  },
  forgot: { title: 'Forgot password', subtitle: "Enter your e-mail and we'll send you a link to choose a new one." },
}
const SUBMIT_LABELS: Record<Mode, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Create account',
  forgot: 'Send reset link',
}
const BUSY_LABELS: Record<Mode, string> = {
  'sign-in': 'Signing in...',
  'sign-up': 'Creating account...',
  forgot: 'Sending...',
}

/** /sign-in (reached from /api/login): sign in, create an account, or ask for a password reset. */
export default function SignInPage() {
  const form = useSignInForm()
  const config = useAuthConfig()
  const { mode, busy, failure, notice } = form

  if (form.signedUp) {
    return (
      <CheckEmail
        email={form.values.email}
        notice={notice}
        failure={failure}
        busy={busy}
        onResend={form.resend}
        onBackToSignIn={() => form.switchMode('sign-in')}
      />
    )
  }

  const { title, subtitle } = TITLES[mode]
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form noValidate onSubmit={form.submit} className="grid gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {form.needsVerification ? <VerificationNeeded busy={busy} onResend={form.resend} /> : null}
        <CredentialFields
          mode={mode}
          values={form.values}
          errors={form.errors}
          disabled={busy}
          onChange={form.change}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? BUSY_LABELS[mode] : SUBMIT_LABELS[mode]}
        </Button>
      </form>
      {mode === 'sign-in' && config.data?.oidc ? <SingleSignOnOption /> : null}
      <ModeLinks mode={mode} onSwitch={form.switchMode} />
    </AuthLayout>
  )
}
