import ExternalLink from 'lucide-react/icons/arrow-up-right'
import { Link } from 'wouter'
import { Avatar } from '#client/components/avatar.tsx'
import { Button } from '#client/components/button.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { REPORT_REASON_LABELS } from '#shared/community/constants.ts'
import type { Member, Report } from '#shared/schemas/community.ts'
import type { ReportAction } from '../api.ts'
import { contentHref, STATUS_LABELS, TARGET_LABELS } from './report-text.ts'

const nameOf = (member: Member) => [member.firstName, member.lastName].filter(Boolean).join(' ') || 'A member'

type Props = {
  report: Report
  /** the action running on this report, if any */
  busy: ReportAction | null
  /** another report's action is running */
  disabled: boolean
  onAction: (report: Report, action: ReportAction) => void
}

/**
 * One report as a card (it fits a phone without scrolling sideways): why, what was reported (its text shown as
 * text, never as HTML), by whom and about whom, a link to the content, and the admin's actions.
 */
export function ReportCard({ report, busy, disabled, onAction }: Props) {
  const titleId = `report-${report.id}-title`
  const href = contentHref(report.target.href)
  const what = TARGET_LABELS[report.targetType]
  const resolved = report.status !== 'open'
  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-base font-semibold text-stone-900">
          {REPORT_REASON_LABELS[report.reason]}
          <span className="sr-only">: a {what.toLowerCase()}</span>
        </h3>
        <span className="rounded-md bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800" aria-hidden="true">
          {what}
        </span>
        {resolved ? (
          <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
            {STATUS_LABELS[report.status]}
          </span>
        ) : null}
        {report.target.hidden ? (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
            Content hidden
          </span>
        ) : null}
        <time dateTime={report.createdAt} className="ml-auto text-xs text-stone-600">
          {formatDateTime(report.createdAt)}
        </time>
      </header>

      <figure className="grid gap-2 rounded-lg bg-stone-50 p-3">
        {report.target.text ? (
          <blockquote className="line-clamp-6 text-sm break-words whitespace-pre-line text-stone-900">
            {report.target.text}
          </blockquote>
        ) : (
          <p className="text-sm text-stone-600 italic">
            {report.target.text === null && !href ? 'The content is gone.' : 'No text.'}
          </p>
        )}
        <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          {report.target.author ? (
            <span className="flex min-w-0 items-center gap-2">
              <Avatar user={{ ...report.target.author, email: null }} className="size-6" />
              <span className="truncate">
                {what} by <span className="font-medium text-stone-900">{nameOf(report.target.author)}</span>
              </span>
            </span>
          ) : null}
          {href ? (
            <Link
              href={href}
              className="inline-flex items-center gap-1 font-semibold text-pine-800 underline-offset-4 hover:underline"
            >
              View {what.toLowerCase()}
              <ExternalLink className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </figcaption>
      </figure>

      <div className="text-sm text-stone-700">
        <p>
          Reported by <span className="font-medium text-stone-900">{nameOf(report.reporter)}</span>
          {report.resolvedAt ? <> · resolved {formatDateTime(report.resolvedAt)}</> : null}
        </p>
        {report.details ? (
          <p className="mt-1 break-words whitespace-pre-line text-stone-800">“{report.details}”</p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        {!resolved ? (
          <>
            <Button
              variant="danger"
              size="sm"
              disabled={disabled || busy !== null}
              onClick={() => onAction(report, 'hide')}
            >
              {busy === 'hide' ? 'Hiding...' : `Hide ${what.toLowerCase()}`}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || busy !== null}
              onClick={() => onAction(report, 'dismiss')}
            >
              {busy === 'dismiss' ? 'Dismissing...' : 'Dismiss'}
            </Button>
          </>
        ) : report.target.hidden ? (
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || busy !== null}
            onClick={() => onAction(report, 'restore')}
          >
            {busy === 'restore' ? 'Restoring...' : `Restore ${what.toLowerCase()}`}
          </Button>
        ) : null}
      </div>
    </article>
  )
}
