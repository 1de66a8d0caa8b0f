import MapPin from 'lucide-react/icons/map-pin'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import type { Member } from '#shared/schemas/community.ts'
import { memberName } from '../member-name.ts'
import { MemberAvatar } from './member-avatar.tsx'

type Props = {
  owner: Member
  /** the region at the owner's precision, as the server sent it (null when they share none) */
  region: string | null
  /** at the end of the line: the post's '…' menu */
  action?: ReactNode
  className?: string
}

/** Who posted it and where (the region only: coordinates never appear on a post). */
export function PostAuthor({ owner, region, action, className = '' }: Props) {
  const name = memberName(owner)
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <Link href={paths.profile.href(owner.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <MemberAvatar member={owner} className="size-10" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          href={paths.profile.href(owner.id)}
          className="block truncate font-semibold text-stone-900 underline-offset-4 hover:underline"
        >
          {name}
        </Link>
        {region ? (
          <p className="flex items-center gap-1 truncate text-xs text-stone-600">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Region: </span>
            <span className="truncate">{region}</span>
          </p>
        ) : null}
      </div>
      {action}
    </div>
  )
}
