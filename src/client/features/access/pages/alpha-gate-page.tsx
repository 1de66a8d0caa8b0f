import KeyRound from 'lucide-react/icons/key-round'
import { type FormEvent, useRef, useState } from 'react'
import { BrandMark } from '#client/components/brand.tsx'
import { Button } from '#client/components/button.tsx'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { ApiError } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { submitAlphaPassword } from '../api.ts'

const WRONG_PASSWORD = 'Incorrect password. Please try again.'

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return WRONG_PASSWORD
    if (error.serverMessage) return error.serverMessage // e.g. 429: too many attempts
  }
  if (error instanceof TypeError) return 'Could not reach Fieldmark. Check your connection and try again.'
  return WRONG_PASSWORD
}

type Props = { onGranted: () => void; onSignOut: () => void }

/** docs/product.md §2 'Alpha Access': approved users enter the alpha password; the server checks it (docs/architecture.md §1). */
export default function AlphaGatePage({ onGranted, onSignOut }: Props) {
  useDocumentTitle('Alpha Access')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [verifying, setVerifying] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password || verifying) return
    setVerifying(true)
    setError(null)
    try {
      await submitAlphaPassword(password)
      onGranted()
    } catch (err) {
      setError(failureText(err))
      setPassword('')
      setVerifying(false)
      inputRef.current?.focus()
    }
  }

  return (
    <div className="fixed inset-0 z-40 overflow-y-auto bg-gradient-to-br from-pine-950 via-pine-900 to-pine-800">
      <main className="flex min-h-full items-center justify-center p-4">
        <section aria-labelledby="alpha-title" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <div className="flex flex-col items-center text-center">
            <div className="relative">
              <BrandMark className="size-14" />
              <span className="absolute -right-2 -bottom-2 inline-flex size-7 items-center justify-center rounded-full bg-amber-400 text-stone-950 ring-2 ring-white">
                <KeyRound className="size-4" aria-hidden="true" />
              </span>
            </div>
            <h1 id="alpha-title" className="mt-5 text-2xl font-bold text-stone-900">
              Alpha Access
            </h1>
            <p className="mt-2 text-stone-700">We are currently in Alpha please enter your password</p>
          </div>
          <form onSubmit={handleSubmit} className="mt-6 grid gap-4" noValidate>
            <div className="grid gap-1.5">
              <label htmlFor="alpha-password" className="text-sm font-medium text-stone-800">
                Password
              </label>
              <input
                ref={inputRef}
                id="alpha-password"
                name="password"
                type="password"
                autoComplete="off"
                placeholder="Enter alpha password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={verifying}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'alpha-password-error' : undefined}
                className={INPUT_CLASS}
              />
              {error ? (
                <p id="alpha-password-error" role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <Button type="submit" size="lg" disabled={!password || verifying}>
              {verifying ? 'Verifying...' : 'Access Alpha'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-stone-700">
            Not you?{' '}
            <button
              type="button"
              onClick={onSignOut}
              className="font-semibold text-pine-800 underline-offset-2 hover:underline"
            >
              Sign out
            </button>
          </p>
        </section>
      </main>
    </div>
  )
}
