import { Link } from 'wouter'
import { apiPaths, paths } from '#client/app/paths.ts'
import { buttonClass } from '#client/components/button.tsx'
import type { Mode } from '../use-sign-in-form.ts'

const LINK_CLASS = 'font-semibold text-pine-800 underline-offset-2 hover:underline'

/** The 'or' rule and the link to the identity provider, when this server has one. */
export function SingleSignOnOption() {
  return (
    <div className="mt-4 grid gap-4">
      <p className="flex items-center gap-3 text-xs font-medium text-stone-600 uppercase before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
        or
      </p>
      <a href={apiPaths.login} className={buttonClass('outline', 'lg')}>
        Continue with single sign-on
      </a>
    </div>
  )
}

/** Below the form: the way to the other forms, and to request beta access. */
export function ModeLinks({ mode, onSwitch }: { mode: Mode; onSwitch: (to: Mode) => void }) {
  return (
    <div className="mt-6 grid gap-2 border-t border-stone-200 pt-4 text-center text-sm text-stone-700">
      {mode === 'sign-in' ? (
        <>
          <p>
            New here?{' '}
            <button type="button" className={LINK_CLASS} onClick={() => onSwitch('sign-up')}>
              Create account
            </button>
          </p>
          <p>
            <button type="button" className={LINK_CLASS} onClick={() => onSwitch('forgot')}>
              Forgot password?
            </button>
          </p>
          <p>
            Not in the beta yet?{' '}
            <Link href={paths.requestAccess} className={LINK_CLASS}>
              Request access
            </Link>
          </p>
        </>
      ) : (
        <p>
          {mode === 'sign-up' ? 'Already have an account? ' : 'Remembered it? '}
          <button type="button" className={LINK_CLASS} onClick={() => onSwitch('sign-in')}>
            Sign in instead
          </button>
        </p>
      )}
    </div>
  )
}
