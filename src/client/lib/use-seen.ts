import { type RefObject, startTransition, useEffect, useState } from 'react'

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on. For work that only
 * matters where the member can see it (the dashboard's charts): it never runs during the first paint of a page
 * on which it sits below the fold. Without IntersectionObserver it is true at once.
 * The switch is a transition, so what it mounts renders in slices instead of one long task.
 */
export function useSeen(ref: RefObject<Element | null>, rootMargin = '300px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const node = ref.current
    if (seen || !node) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        startTransition(() => setSeen(true))
      },
      { rootMargin },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [seen, ref, rootMargin])
  return seen
}
