import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { formatCount } from '#client/lib/format.ts'
import {
  COMMUNITY_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '#shared/community/constants.ts'
import { useCreateReport } from '../api.ts'

export type ReportSubject = {
  targetType: ReportTarget
  targetId: string
  /** what is reported, in words: 'this post', 'Sam Carter's comment', 'Sam Carter's profile' */
  what: string
}

type Props = { subject: ReportSubject | null; onClose: () => void }

const REASON_HINTS: Partial<Record<ReportReason, string>> = {
  location: 'It gives away a spot that should stay private.',
  'false-size': 'The size or score looks made up or wrong.',
}

/** Report a post, a comment or a profile to the moderators: a reason and, if they like, a few words. */
export function ReportDialog({ subject, onClose }: Props) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {subject ? (
          <ReportForm key={`${subject.targetType}:${subject.targetId}`} subject={subject} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const id = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [missingReason, setMissingReason] = useState(false)
  const report = useCreateReport()
  const tooLong = details.length > COMMUNITY_LIMITS.reportDetailsChars

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) {
      setMissingReason(true)
      return
    }
    if (tooLong) return
    report.mutate(
      { targetType: subject.targetType, targetId: subject.targetId, reason, details: details.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Report sent', description: 'Thank you. A moderator will look at it.' })
          onDone()
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>Report {subject.what}</DialogTitle>
      <DialogDescription>Moderators review every report. The member is not told who reported them.</DialogDescription>
      <fieldset className="mt-5" aria-describedby={missingReason ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-semibold text-stone-900">Why are you reporting it?</legend>
        <div className="mt-2 grid gap-2">
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-xl border border-stone-300 px-3.5 py-2.5 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value)
                  setMissingReason(false)
                }}
                className="mt-0.5 size-4 shrink-0 accent-pine-700"
              />
              <span className="text-sm">
                <span className="block font-medium text-stone-900">{REPORT_REASON_LABELS[value]}</span>
                {REASON_HINTS[value] ? <span className="block text-stone-600">{REASON_HINTS[value]}</span> : null}
              </span>
            </label>
          ))}
        </div>
        {missingReason ? (
          <p id={`${id}-reason-error`} className="mt-2 text-sm font-medium text-red-700">
            Choose a reason.
          </p>
        ) : null}
      </fieldset>
      <div className="mt-5 grid gap-1.5">
        <label htmlFor={`${id}-details`} className="text-sm font-medium text-stone-800">
          Details <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id={`${id}-details`}
          rows={3}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-details-count`}
          className={`${INPUT_CLASS} resize-y`}
        />
        <p
          id={`${id}-details-count`}
          className={`text-right text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700' : 'text-stone-600'}`}
        >
          {formatCount(details.length)} / {formatCount(COMMUNITY_LIMITS.reportDetailsChars)}
        </p>
      </div>
      {report.isError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorMessage(report.error, 'The report could not be sent. Try again.')}
        </p>
      ) : null}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={report.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={report.isPending || tooLong}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  )
}
