import { type RefObject, useEffect, useRef } from 'react'

/** Whether the form is still open, for work that ends after an await (a photo's capture time, a save). */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
