import { useState } from 'react'
import { initialsAvatarUrl } from '#client/lib/avatar-image.ts'
import { initials } from '#client/lib/user-name.ts'

type Props = {
  user: {
    id: string
    firstName: string | null
    lastName: string | null
    email: string | null
    profileImageUrl: string | null
  }
  className?: string
  /** Empty when a visible name sits next to the image (the image is then decorative). */
  alt?: string
}

/** The profile image, or a generated initials image when there is none or it fails to load (docs/product.md §2). */
export function Avatar({ user, className = 'size-9', alt = '' }: Props) {
  const [failed, setFailed] = useState(false)
  const src =
    user.profileImageUrl && !failed
      ? user.profileImageUrl
      : initialsAvatarUrl(initials(user), user.id || user.email || '')
  return (
    <img
      src={src}
      alt={alt}
      width={36}
      height={36}
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
    />
  )
}
