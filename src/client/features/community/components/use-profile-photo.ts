import { type ChangeEvent, useState } from 'react'
import { photoFileError, uploadPhoto } from '#client/features/measurements/index.ts'
import { errorMessage } from '#client/lib/api.ts'

/** The picture: unchanged, a new upload (sent as photoId), or removed (photoId null). */
export type PhotoChoice = { kind: 'keep' } | { kind: 'new'; id: string; url: string } | { kind: 'remove' }

/**
 * The profile picture being edited. A picked file is checked and uploaded at once (progress 0–1 in `uploading`);
 * `setError` shows why a file was refused or failed, and clears it when the next one is picked.
 */
export function useProfilePhoto(setError: (message: string | undefined) => void) {
  const [photo, setPhoto] = useState<PhotoChoice>({ kind: 'keep' })
  const [uploading, setUploading] = useState<number | null>(null)

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const refused = photoFileError(file)
    if (refused) {
      setError(refused)
      return
    }
    setError(undefined)
    setUploading(0)
    try {
      const uploaded = await uploadPhoto(file, crypto.randomUUID(), setUploading)
      setPhoto({ kind: 'new', id: uploaded.id, url: uploaded.thumbUrl })
    } catch (error) {
      setError(errorMessage(error, 'The photo could not be uploaded. Check your connection and try again.'))
    } finally {
      setUploading(null)
    }
  }

  return { photo, uploading, pick, remove: () => setPhoto({ kind: 'remove' }) }
}
