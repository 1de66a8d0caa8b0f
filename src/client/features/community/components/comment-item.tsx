import EyeOff from 'lucide-react/icons/eye-off'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { formatDateTime } from '#client/lib/format.ts'
import type { Comment } from '#shared/schemas/community.ts'
import { memberName } from '../member-name.ts'
import { timeAgo } from '../time-ago.ts'
import { CommentBody } from './comment-body.tsx'
import { MemberAvatar } from './member-avatar.tsx'

type Props = {
  comment: Comment
  /** the viewer wrote it: no Report */
  mine: boolean
  onDelete: (comment: Comment) => void
  onReport: (comment: Comment) => void
}

const ACTION = 'font-semibold text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline'

export function CommentItem({ comment, mine, onDelete, onReport }: Props) {
  const name = memberName(comment.author)
  const profile = paths.profile.href(comment.author.id)
  return (
    <li className="flex gap-2.5">
      <Link href={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <MemberAvatar member={comment.author} className="size-8" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="w-fit max-w-full rounded-2xl bg-stone-100 px-3 py-2">
          <Link href={profile} className="text-sm font-semibold text-stone-900 underline-offset-4 hover:underline">
            {name}
          </Link>
          <CommentBody body={comment.body} />
        </div>
        {comment.hidden ? (
          <p className="mt-1 flex items-center gap-1 px-3 text-xs font-medium text-amber-900">
            <EyeOff className="size-3.5" aria-hidden="true" />
            Hidden by a moderator: only its author and admins see it.
          </p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 px-3 text-xs text-stone-600">
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
            {timeAgo(comment.createdAt)}
          </time>
          {mine ? null : (
            <button type="button" className={ACTION} onClick={() => onReport(comment)}>
              Report<span className="sr-only"> {name}'s comment</span>
            </button>
          )}
          {comment.canDelete ? (
            <button type="button" className={ACTION} onClick={() => onDelete(comment)}>
              Delete<span className="sr-only"> {mine ? 'your' : `${name}'s`} comment</span>
            </button>
          ) : null}
        </p>
      </div>
    </li>
  )
}
