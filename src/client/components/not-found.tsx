import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { BrandMark } from './brand.tsx'
import { buttonClass } from './button.tsx'

/** docs/product.md §2: any unknown path. Callers place it inside their <main>. */
export function NotFound() {
  useDocumentTitle('Page not found')
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <BrandMark className="size-12" />
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">404 Page Not Found</h1>
      <p className="max-w-md text-stone-700">
        The trail ends here. The page you were looking for does not exist (yet).
      </p>
      <Link href={paths.home} className={buttonClass('primary', 'md')}>
        Back to home
      </Link>
    </div>
  )
}
