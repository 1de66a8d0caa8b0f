import CircleHelp from 'lucide-react/icons/circle-help'
import Clock from 'lucide-react/icons/clock'
import Mail from 'lucide-react/icons/mail'
import Sparkles from 'lucide-react/icons/sparkles'
import { paths } from '#client/app/paths.ts'
import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { Button } from '#client/components/button.tsx'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { displayName, fullName } from '#client/lib/user-name.ts'
import { PRODUCT_NAME } from '#shared/constants.ts'
import type { AuthUser } from '#shared/schemas/access.ts'

const NEXT_STEPS = [
  'Our team reviews your beta access request',
  'You receive an email notification once you are approved',
  'You get full access to the trophy measurement tools',
]

const COMING_SOON = [
  'AI-powered trophy scoring',
  'Species identification',
  'Personal best tracking',
  'Community sharing',
  'Trophy comparisons',
  'Hunting zone data',
]

type Props = {
  user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>
  /** The supplied logout action; without one, Sign Out goes to '/' (docs/product.md §2). */
  onSignOut?: () => void
}

/** docs/product.md §2 'Access Pending Review': signed in, not yet approved. */
export default function PendingReviewPage({ user, onSignOut }: Props) {
  useDocumentTitle('Access Pending Review')
  const name = fullName(user)
  return (
    <div className="min-h-screen bg-gradient-to-b from-pine-50 to-stone-100 px-4 py-8 sm:py-14">
      <header className="mx-auto mb-6 flex max-w-2xl items-center gap-2 text-pine-900">
        <BrandMark />
        <BrandName />
      </header>
      <main className="mx-auto grid max-w-2xl gap-5">
        <section
          aria-labelledby="pending-title"
          className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <div className="flex flex-col items-center text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <Clock className="size-7" aria-hidden="true" />
            </span>
            <h1 id="pending-title" className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">
              Access Pending Review
            </h1>
            <p className="mt-2 text-stone-700">Your {PRODUCT_NAME} beta access is being reviewed by our team</p>
          </div>

          <div className="mt-6 rounded-xl bg-stone-100 p-4 text-center">
            <p className="text-sm font-medium text-stone-600">Logged in as</p>
            <p className="mt-1 font-semibold break-words text-stone-900">{displayName(user)}</p>
            {name && user.email ? <p className="text-sm break-words text-stone-700">{user.email}</p> : null}
          </div>

          <p className="mt-6 flex items-start gap-3 rounded-xl border border-pine-200 bg-pine-50 p-4 text-sm text-pine-950">
            <Mail className="mt-0.5 size-5 shrink-0 text-pine-700" aria-hidden="true" />
            <span>
              We'll send you an email as soon as your access is approved. Reviews usually take{' '}
              <span className="whitespace-nowrap">24-48 hours</span>.
            </span>
          </p>

          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <div>
              <h2 className="font-semibold text-stone-900">What happens next</h2>
              <ol className="mt-3 grid gap-2 text-sm text-stone-700">
                {NEXT_STEPS.map((step, i) => (
                  <li key={step} className="flex gap-3">
                    <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-pine-700 text-xs font-bold text-white">
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
            <div>
              <h2 className="font-semibold text-stone-900">Coming Soon</h2>
              <ul className="mt-3 grid gap-2 text-sm text-stone-700">
                {COMING_SOON.map((item) => (
                  <li key={item} className="flex items-center gap-2">
                    <Sparkles className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>

          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={onSignOut ?? (() => window.location.assign(paths.home))}>
              Sign Out
            </Button>
            <Button onClick={() => window.location.reload()}>Check Status</Button>
          </div>
        </section>

        <aside
          aria-labelledby="help-title"
          className="flex items-start gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
        >
          <CircleHelp className="mt-0.5 size-5 shrink-0 text-pine-700" aria-hidden="true" />
          <div>
            <h2 id="help-title" className="font-semibold text-stone-900">
              Need Help?
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              If you have questions about your request, contact our support team by replying to any e-mail from{' '}
              {PRODUCT_NAME}. We're happy to help.
            </p>
          </div>
        </aside>
      </main>
    </div>
  )
}
