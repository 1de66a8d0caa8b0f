import { useEffect, useRef } from 'react'
import { Button } from './button.tsx'

type Props = { hasMore: boolean; loading: boolean; onLoadMore: () => void }

/**
 * Infinite scroll: the next page loads when this comes within a screen of the viewport. The 'Load more' button
 * stays for keyboard and switch users (and browsers without IntersectionObserver).
 */
export function LoadMore({ hasMore, loading, onLoadMore }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  const load = useRef(onLoadMore)
  load.current = onLoadMore

  // Observed again after each page: observe() reports at once, so a sentinel still in view loads the next page.
  useEffect(() => {
    const node = ref.current
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          load.current()
        }
      },
      { rootMargin: '0px 0px 100% 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasMore, loading])

  return (
    <div ref={ref} className="flex justify-center py-4">
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  )
}
