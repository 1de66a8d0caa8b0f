import { useEffect } from 'react'

const PRODUCT = 'Fieldmark'

/** Names the browser tab after the screen, so history, tabs and screen readers tell screens apart. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    const previous = document.title
    document.title = title ? `${title} · ${PRODUCT}` : previous
    return () => {
      document.title = previous
    }
  }, [title])
}
