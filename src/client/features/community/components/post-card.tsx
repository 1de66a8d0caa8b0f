import Eye from 'lucide-react/icons/eye'
import EyeOff from 'lucide-react/icons/eye-off'
import Flag from 'lucide-react/icons/flag'
import MessageCircle from 'lucide-react/icons/message-circle'
import Ruler from 'lucide-react/icons/ruler'
import AlertTriangle from 'lucide-react/icons/triangle-alert'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { MeasurementCard, VISIBILITY_LABELS } from '#client/features/measurements/index.ts'
import { formatCount } from '#client/lib/format.ts'
import { effectiveEvidence } from '#shared/community/check-state.ts'
import type { Post } from '#shared/schemas/community.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { memberName } from '../member-name.ts'
import { CommentsSection } from './comments-section.tsx'
import { LikeButton } from './like-button.tsx'
import { MoreMenu } from './more-menu.tsx'
import { PostAuthor } from './post-author.tsx'
import { LazyReportDialog, type ReportSubject } from './report-launcher.tsx'

type Props = {
  post: Post
  units: UnitSystem
  headingLevel?: 2 | 3
  eager?: boolean
  /** false on the author's own profile, where every card would repeat the same name */
  showAuthor?: boolean
}

const ACTION =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950'

/** The detail page's section where a member checks the size (the size-check panel). */
export function sizeCheckHref(measurementId: string): string {
  return `${paths.measurement.href(measurementId)}#size-check`
}

/**
 * A post: the measurement card (photo, species, sizes and score, trophy class, evidence, Share) with its author and
 * region above, its caption, and below it the heart, the comments and 'Check size'.
 */
export function PostCard({ post, units, headingLevel = 2, eager = false, showAuthor = true }: Props) {
  const m = post.measurement
  const name = memberName(m.owner)
  const commentsId = useId()
  const [commentsOpen, setCommentsOpen] = useState(false)
  const [reporting, setReporting] = useState<ReportSubject | null>(null)
  // What everyone sees: community verified once members confirmed the size.
  const shown = { ...m, evidence: effectiveEvidence(m.evidence, post.checkState) }
  const canCheck = !m.isOwner && m.photos.length > 0
  const menu = (
    <MoreMenu
      label={`More actions for ${name}'s ${m.species}`}
      items={[
        { label: 'View details', icon: Eye, href: paths.measurement.href(m.id) },
        ...(m.isOwner
          ? []
          : [
              {
                label: 'Report',
                icon: Flag,
                tone: 'danger' as const,
                onSelect: () =>
                  setReporting({ targetType: 'measurement', targetId: m.id, what: `${name}'s ${m.species}` }),
              },
            ]),
      ]}
    />
  )

  return (
    <>
      <MeasurementCard
        measurement={shown}
        units={units}
        headingLevel={headingLevel}
        eager={eager}
        testId="post-card"
        header={
          showAuthor ? (
            <PostAuthor owner={m.owner} region={m.location.region} className="px-4 py-3" action={menu} />
          ) : null
        }
        footer={
          <>
            <div className="flex items-center gap-1 border-t border-stone-100 px-2 py-1.5">
              <LikeButton post={post} />
              <button
                type="button"
                className={`${ACTION} aria-expanded:bg-stone-100 aria-expanded:text-stone-950`}
                aria-expanded={commentsOpen}
                aria-controls={commentsOpen ? commentsId : undefined}
                onClick={() => setCommentsOpen((open) => !open)}
              >
                <MessageCircle className="size-5" aria-hidden="true" />
                <span className="sr-only">Comments, </span>
                <span className="tabular-nums">{formatCount(post.commentCount)}</span>
              </button>
              {canCheck ? (
                <Link href={sizeCheckHref(m.id)} className={`${ACTION} ml-auto`}>
                  <Ruler className="size-4" aria-hidden="true" />
                  Check size
                  <span className="sr-only">
                    {' '}
                    of {name}'s {m.species}
                  </span>
                </Link>
              ) : null}
              {showAuthor ? null : <div className={canCheck ? '' : 'ml-auto'}>{menu}</div>}
            </div>
            {commentsOpen ? (
              <CommentsSection
                id={commentsId}
                measurementId={m.id}
                className="border-t border-stone-100 px-4 pt-3 pb-4"
              />
            ) : null}
          </>
        }
      >
        {post.hidden ? (
          <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs font-medium text-amber-950">
            <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
            Hidden by a moderator: only its author and admins see it.
          </p>
        ) : null}
        {post.checkState === 'disputed' ? <DisputedChip /> : null}
        {m.isOwner ? (
          <p className="mt-3 text-xs text-stone-600">
            Visible to: <span className="font-semibold text-stone-800">{VISIBILITY_LABELS[m.visibility]}</span>
          </p>
        ) : null}
        {m.caption ? <p className="mt-3 text-sm break-words whitespace-pre-line text-stone-800">{m.caption}</p> : null}
      </MeasurementCard>
      <LazyReportDialog subject={reporting} onClose={() => setReporting(null)} />
    </>
  )
}

/** More than a third of the members who checked the size dispute it (docs/architecture.md §2). */
export function DisputedChip() {
  return (
    <p className="mt-3">
      <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-900">
        <AlertTriangle className="size-3.5" aria-hidden="true" />
        Disputed<span className="sr-only">: members who checked the size question it</span>
      </span>
    </p>
  )
}
