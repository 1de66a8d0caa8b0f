import { useId, useState } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Avatar } from '#client/components/avatar.tsx'
import { Button } from '#client/components/button.tsx'
import { TextAreaField } from '#client/components/field.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { formatDate } from '#client/lib/relative-age.ts'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import type { SizeCheck, Verdict } from '#shared/schemas/community.ts'
import type { Measurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { useReplyToSizeCheck } from './api.ts'
import { comparisonText, ESTIMATE_SOURCE_LABELS, estimateValueText, reportedFor, VERDICT_LABELS } from './estimate.ts'

const VERDICT_STYLES: Record<Verdict, string> = {
  confirmed: 'bg-pine-100 text-pine-900',
  plausible: 'bg-amber-50 text-amber-950',
  disputed: 'bg-red-50 text-red-900',
}

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${VERDICT_STYLES[verdict]}`}>
      {VERDICT_LABELS[verdict]}
    </span>
  )
}

const nameOf = (member: { firstName: string | null; lastName: string | null }) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || 'A member'

type Props = { check: SizeCheck; measurement: Measurement; units: UnitSystem }

/** One verdict: who, what they found, their estimate and note (as text), and the owner's reply or a way to write it. */
export function SizeCheckItem({ check, measurement, units }: Props) {
  const reported = reportedFor(measurement.summary, check.estimate)
  const checker = nameOf(check.checker)
  return (
    <li className="rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link
          href={paths.profile.href(check.checker.id)}
          className="flex min-w-0 items-center gap-2 rounded-lg font-semibold text-stone-900 hover:underline"
        >
          <Avatar user={{ ...check.checker, email: null }} className="size-8" />
          <span className="truncate">{check.isMine ? `${checker} (you)` : checker}</span>
        </Link>
        <VerdictBadge verdict={check.verdict} />
        <time dateTime={check.updatedAt} className="ml-auto text-xs whitespace-nowrap text-stone-600">
          {formatDate(check.updatedAt)}
        </time>
      </div>
      <dl className="mt-3 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-700">{check.estimate.label}</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{estimateValueText(check.estimate, units)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2 text-stone-700">
          <dt className="sr-only">How</dt>
          <dd>
            {ESTIMATE_SOURCE_LABELS[check.estimate.source]}
            {reported ? ` · ${comparisonText(check.estimate.value, null, reported.reportedIn)}` : ''}
          </dd>
        </div>
      </dl>
      {check.note ? <p className="mt-2 text-sm break-words whitespace-pre-line text-stone-800">{check.note}</p> : null}
      <OwnerReply check={check} measurement={measurement} />
    </li>
  )
}

function OwnerReply({ check, measurement }: { check: SizeCheck; measurement: Measurement }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(check.reply ?? '')
  const reply = useReplyToSizeCheck(measurement.id)
  const id = useId()
  const trimmed = text.trim()
  const tooLong = trimmed.length > COMMUNITY_LIMITS.checkReplyChars

  const save = () =>
    reply.mutate(
      { checkId: check.id, reply: trimmed },
      {
        onSuccess: () => {
          setEditing(false)
          toast({ title: 'Reply saved', description: `${nameOf(check.checker)} will see your answer.` })
        },
      },
    )

  if (editing) {
    const error = tooLong
      ? `Reply must be at most ${COMMUNITY_LIMITS.checkReplyChars.toLocaleString('en-US')} characters`
      : reply.isError
        ? errorMessage(reply.error, 'Your reply could not be saved. Try again.')
        : undefined
    return (
      <form
        className="mt-3 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (trimmed && !tooLong) save()
        }}
      >
        <TextAreaField
          id={`${id}-reply`}
          label={`Your reply to ${nameOf(check.checker)}`}
          rows={3}
          value={text}
          maxLength={COMMUNITY_LIMITS.checkReplyChars + 200}
          onChange={(event) => setText(event.target.value)}
          error={error}
          hint={`${trimmed.length.toLocaleString('en-US')} / ${COMMUNITY_LIMITS.checkReplyChars.toLocaleString('en-US')}`}
          disabled={reply.isPending}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={!trimmed || tooLong || reply.isPending}>
            {reply.isPending ? 'Saving…' : 'Save reply'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={reply.isPending}
            onClick={() => {
              setEditing(false)
              setText(check.reply ?? '')
              reply.reset()
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    )
  }

  return (
    <>
      {check.reply ? (
        <div className="mt-3 rounded-lg border-l-4 border-pine-300 bg-stone-50 px-3 py-2 text-sm">
          <p className="font-semibold text-stone-900">
            Reply from {measurement.isOwner ? 'you' : nameOf(measurement.owner)}
            {check.repliedAt ? (
              <time dateTime={check.repliedAt} className="ml-2 text-xs font-normal whitespace-nowrap text-stone-600">
                {formatDate(check.repliedAt)}
              </time>
            ) : null}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-stone-800">{check.reply}</p>
        </div>
      ) : null}
      {measurement.isOwner ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 -ml-2"
          aria-label={`${check.reply ? 'Edit reply' : 'Reply'} to ${nameOf(check.checker)}`}
          onClick={() => setEditing(true)}
        >
          {check.reply ? 'Edit reply' : 'Reply'}
        </Button>
      ) : null}
    </>
  )
}
