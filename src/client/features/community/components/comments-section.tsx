import { lazy, Suspense, useState } from 'react'
import { useAuth } from '#client/features/auth/index.ts'
import { errorMessage } from '#client/lib/api.ts'
import { useLatch } from '#client/lib/deferred.ts'
import type { Comment } from '#shared/schemas/community.ts'
import { useComments, useDeleteComment } from '../api.ts'
import { memberName } from '../member-name.ts'
import { CommentComposer } from './comment-composer.tsx'
import { CommentItem } from './comment-item.tsx'
import { LazyReportDialog, type ReportSubject } from './report-launcher.tsx'

// Deleting asks first, in a Radix dialog loaded then.
const ConfirmDialog = lazy(() =>
  import('#client/components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
)

type Props = {
  measurementId: string
  /** the section's own id (the comment button of a card controls it) */
  id?: string
  headingLevel?: 2 | 3
  className?: string
}

/** A post's comments, oldest first, 'Show more comments' for the next page, and the composer. */
export function CommentsSection({ measurementId, id, headingLevel = 3, className = '' }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const viewerId = useAuth().user?.id
  const comments = useComments(measurementId)
  const remove = useDeleteComment(measurementId)
  const [deleting, setDeleting] = useState<Comment | null>(null)
  const [reporting, setReporting] = useState<ReportSubject | null>(null)
  const confirming = useLatch(deleting !== null)
  const headingId = `${id ?? measurementId}-comments-title`

  return (
    <section id={id} aria-labelledby={headingId} className={`grid gap-3 ${className}`}>
      <Heading
        id={headingId}
        className={headingLevel === 2 ? 'text-xl font-bold text-stone-900' : 'text-sm font-semibold text-stone-900'}
      >
        Comments{comments.total !== undefined && comments.total > 0 ? ` (${comments.total})` : ''}
      </Heading>
      {comments.isPending ? (
        <div role="status" aria-label="Loading comments" className="grid gap-3">
          {[0, 1].map((i) => (
            <div key={i} className="flex animate-pulse gap-2.5">
              <div className="size-8 shrink-0 rounded-full bg-stone-200" />
              <div className="h-12 flex-1 rounded-2xl bg-stone-100" />
            </div>
          ))}
        </div>
      ) : !comments.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">The comments could not be loaded.</p>
          <button
            type="button"
            onClick={() => void comments.refetch()}
            className="mt-1 font-semibold underline underline-offset-4"
          >
            Try again
          </button>
        </div>
      ) : comments.items.length === 0 ? (
        <p className="text-sm text-stone-600">No comments yet. Be the first to say something.</p>
      ) : (
        <ol className="grid gap-3" aria-labelledby={headingId}>
          {comments.items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mine={comment.author.id === viewerId}
              onDelete={setDeleting}
              onReport={(c) =>
                setReporting({ targetType: 'comment', targetId: c.id, what: `${memberName(c.author)}'s comment` })
              }
            />
          ))}
        </ol>
      )}
      {comments.hasNextPage ? (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className="w-fit text-sm font-semibold text-pine-800 underline-offset-4 hover:underline disabled:opacity-60"
        >
          {comments.isFetchingNextPage ? 'Loading…' : 'Show more comments'}
        </button>
      ) : null}
      <CommentComposer measurementId={measurementId} />

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (open) return
              setDeleting(null)
              remove.reset()
            }}
            title="Delete this comment?"
            description={
              deleting && deleting.author.id !== viewerId
                ? `${memberName(deleting.author)}'s comment is removed for everyone. This cannot be undone.`
                : 'Your comment is removed for everyone. This cannot be undone.'
            }
            confirm="Delete"
            busy={remove.isPending}
            error={remove.isError ? errorMessage(remove.error, 'The comment could not be deleted. Try again.') : null}
            onConfirm={() => {
              if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
            }}
          />
        </Suspense>
      ) : null}
      <LazyReportDialog subject={reporting} onClose={() => setReporting(null)} />
    </section>
  )
}
