import ImagePlus from 'lucide-react/icons/image-plus'
import Trash2 from 'lucide-react/icons/trash-2'
import { type ChangeEvent, useRef } from 'react'
import { Avatar } from '#client/components/avatar.tsx'
import { Button } from '#client/components/button.tsx'
import { PHOTO_ACCEPT } from '#client/features/measurements/index.ts'
import type { Profile } from '#shared/schemas/community.ts'

type Props = {
  id: string
  user: Profile['user']
  /** The picture as it will be saved: null when there is none. */
  shownImage: string | null
  /** Upload progress 0–1, or null when nothing is uploading. */
  uploading: number | null
  disabled: boolean
  error: string | undefined
  onPick: (event: ChangeEvent<HTMLInputElement>) => void
  onRemove: () => void
}

/** The picture with Upload and Remove; the file input is hidden and opened by the Upload button. */
export function ProfilePhotoField({ id, user, shownImage, uploading, disabled, error, onPick, onRemove }: Props) {
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar
        user={{ ...user, email: null, profileImageUrl: shownImage }}
        className="size-20"
        alt="Your profile picture"
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onPick}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
            aria-describedby={error ? `${id}-photo-error` : undefined}
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {uploading !== null ? `Uploading… ${Math.round(uploading * 100)}%` : 'Upload photo'}
          </Button>
          {shownImage ? (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </div>
        {error ? (
          <p id={`${id}-photo-error`} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : (
          <p className="text-xs text-stone-600">JPEG, PNG, WebP or HEIC. Its location data is removed.</p>
        )}
      </div>
    </div>
  )
}
