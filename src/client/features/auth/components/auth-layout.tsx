import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { useDocumentTitle } from '#client/lib/document-title.ts'

type Props = { title: string; subtitle?: ReactNode; children: ReactNode }

/** The frame of the sign-in, reset and setup screens: brand, a card with a heading, the form. */
export function AuthLayout({ title, subtitle, children }: Props) {
  useDocumentTitle(title)
  return (
    <div className="min-h-screen bg-gradient-to-br from-pine-950 via-pine-900 to-pine-800 px-4 py-8 sm:py-16">
      <header className="mx-auto mb-6 flex max-w-md items-center justify-center">
        <Link href={paths.home} className="flex items-center gap-2 rounded-lg text-white">
          <BrandMark />
          <BrandName />
          <span className="sr-only">home</span>
        </Link>
      </header>
      <main className="mx-auto max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <h1 id="auth-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {/* break-words: a long e-mail address in the subtitle wraps instead of widening the card */}
          {subtitle ? <p className="mt-2 break-words text-stone-700">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  )
}

type NoticeProps = { tone?: 'info' | 'error' | 'success'; children: ReactNode }

const TONES = {
  info: 'border-pine-200 bg-pine-50 text-pine-950',
  success: 'border-pine-300 bg-pine-50 text-pine-950',
  error: 'border-red-200 bg-red-50 text-red-900',
}

/** A message box inside an auth card; errors are announced. */
export function Notice({ tone = 'info', children }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border p-3 text-sm break-words ${TONES[tone]}`}
    >
      {children}
    </div>
  )
}
