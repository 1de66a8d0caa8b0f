import { type Dispatch, useEffect, useState } from 'react'
import type { ToolAction } from './tool-state.ts'
import type { Size } from './viewport-math.ts'

export const PHOTO_LOAD_FAILED =
  'This photo could not be opened here (some HEIC photos cannot be shown by the browser). Try a JPEG, PNG or WebP.'

type Loaded = { url: string; size: Size } | { url: string; error: true }

/** A URL for the photo: the string as given, or an object URL for a Blob, released when it changes. */
function useSourceUrl(source: Blob | string | null): string | null {
  const [url, setUrl] = useState<string | null>(typeof source === 'string' ? source : null)
  useEffect(() => {
    if (source === null || typeof source === 'string') {
      setUrl(source)
      return
    }
    const objectUrl = URL.createObjectURL(source)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [source])
  return url
}

/**
 * The photo being measured: the one given, or one the user picked instead, loaded to learn its natural size.
 * Tells the tool 'photo-ready' once it has loaded; `changePhoto` goes back to the picker.
 */
export function useToolPhoto(image: Blob | string | null, dispatch: Dispatch<ToolAction>) {
  const [picked, setPicked] = useState<File | null>(null)
  const [useGiven, setUseGiven] = useState(true)
  const source: Blob | string | null = picked ?? (useGiven ? image : null)
  const url = useSourceUrl(source)
  const [loaded, setLoaded] = useState<Loaded | null>(null)

  useEffect(() => {
    if (!url) return
    let live = true
    const img = new Image()
    img.onload = () => {
      if (!live) return
      const size = { width: img.naturalWidth, height: img.naturalHeight }
      setLoaded({ url, size })
      dispatch({ type: 'photo-ready', image: size })
    }
    img.onerror = () => {
      if (live) setLoaded({ url, error: true })
    }
    img.src = url
    return () => {
      live = false
    }
  }, [url, dispatch])

  function changePhoto() {
    setPicked(null)
    setUseGiven(false)
    setLoaded(null)
    dispatch({ type: 'change-photo' })
  }

  // A result for an earlier URL is stale: the new photo is still opening.
  const current = loaded && loaded.url === url ? loaded : null
  return {
    source,
    url,
    loadFailed: current !== null && 'error' in current,
    photoSize: current && 'size' in current ? current.size : null,
    pick: (file: File) => setPicked(file),
    changePhoto,
  }
}
