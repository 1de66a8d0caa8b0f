import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { SkipLink } from '#client/components/skip-link.tsx'

/** The frame of the share page outside the app (signed out, or not approved yet): brand and sign-in link. */
export function SharedLayout({ children, signInHref }: { children: ReactNode; signInHref?: string }) {
  return (
    <div className="min-h-screen bg-stone-50">
      <SkipLink />
      <header className="border-b border-stone-200 bg-white px-4 sm:px-6">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 py-3">
          <Link href={paths.home} className="flex items-center gap-2 rounded-lg text-pine-900">
            <BrandMark />
            <BrandName />
          </Link>
          {signInHref ? (
            <Link
              href={signInHref}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-pine-800 underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  )
}
