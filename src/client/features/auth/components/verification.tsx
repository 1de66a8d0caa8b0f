import { Button } from '#client/components/button.tsx'
import { AuthLayout, Notice } from './auth-layout.tsx'

type CheckEmailProps = {
  email: string
  notice: string | null
  failure: string | null
  busy: boolean
  onResend: () => void
  onBackToSignIn: () => void
}

/** After creating an account: the verification link is on its way, with a way to send it again. */
export function CheckEmail({ email, notice, failure, busy, onResend, onBackToSignIn }: CheckEmailProps) {
  return (
    <AuthLayout title="Check your email" subtitle={`We sent a verification link to ${email.trim()}.`}>
      <div className="grid gap-4">
        <p className="text-stone-700">
          Open the link to confirm your address and finish creating your account. It is valid for 24 hours. You can sign
          in once your e-mail is verified.
        </p>
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <Button variant="outline" onClick={onResend} disabled={busy}>
          {busy ? 'Sending...' : 'Resend verification email'}
        </Button>
        <Button variant="ghost" onClick={onBackToSignIn}>
          Back to sign in
        </Button>
      </div>
    </AuthLayout>
  )
}

/** Signing in with an address not verified yet: say so, and offer a new link. */
export function VerificationNeeded({ busy, onResend }: { busy: boolean; onResend: () => void }) {
  return (
    <Notice>
      <p>Please verify your e-mail address first: open the link we sent you when you created your account.</p>
      <button
        type="button"
        onClick={onResend}
        disabled={busy}
        className="mt-2 font-semibold text-pine-800 underline underline-offset-2"
      >
        Resend verification email
      </button>
    </Notice>
  )
}
