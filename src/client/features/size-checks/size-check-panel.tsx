import ShieldAlert from 'lucide-react/icons/shield-alert'
import ShieldCheck from 'lucide-react/icons/shield-check'
import ShieldQuestion from 'lucide-react/icons/shield-question'
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { useLatch } from '#client/lib/deferred.ts'
import { useUnits } from '#client/lib/use-units.ts'
import type { CheckState, Post } from '#shared/schemas/community.ts'
import { useSizeChecks, useWithdrawSizeCheck } from './api.ts'
import { CHECK_RULE, CHECK_STATE_LABELS, countsText } from './estimate.ts'
import { SizeCheckItem } from './size-check-item.tsx'

// The dialog (form, measuring tool) loads when a member reaches for 'Check size', not with the page.
const loadDialog = () => import('./check-size-dialog.tsx')
const CheckSizeDialog = lazy(loadDialog)
const preload = () => void loadDialog().catch(() => {})

const STATE_STYLES: Record<CheckState, { className: string; Icon: typeof ShieldCheck }> = {
  unverified: { className: 'bg-stone-100 text-stone-800', Icon: ShieldQuestion },
  verified: { className: 'bg-pine-100 text-pine-900', Icon: ShieldCheck },
  disputed: { className: 'bg-red-50 text-red-900', Icon: ShieldAlert },
}

type Props = { measurementId: string; post: Post }

/**
 * The member size check of a measurement (docs/architecture.md §2): its state, every verdict with the checker's own estimate,
 * the owner's replies; 'Check size' for other members when it has a photo. The page links here as #size-check.
 */
export function SizeCheckPanel({ measurementId, post }: Props) {
  const query = useSizeChecks(measurementId)
  const units = useUnits()
  const [checking, setChecking] = useState(false)
  const [withdrawing, setWithdrawing] = useState(false)
  const opened = useLatch(checking)
  const withdraw = useWithdrawSizeCheck(measurementId)
  const section = useRef<HTMLElement>(null)
  useScrollToHash(section, '#size-check', query.isSuccess)

  const state = query.data?.state ?? post.checkState
  const counts = query.data?.counts ?? post.checkCounts
  const mine = query.data?.checks.find((c) => c.isMine) ?? null
  const { measurement } = post
  const { className, Icon } = STATE_STYLES[state]

  const confirmWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setWithdrawing(false)
        toast({
          title: 'Verdict withdrawn',
          description: `Your size check of this ${measurement.species} was removed.`,
        })
      },
    })

  return (
    <section
      ref={section}
      id="size-check"
      aria-labelledby="size-check-title"
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="size-check-title" className="text-xl font-bold text-stone-900">
            Size check
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
            <span
              className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold ${className}`}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {CHECK_STATE_LABELS[state]}
            </span>
            <span className="tabular-nums">{countsText(counts)}</span>
          </p>
        </div>
        {query.data?.canCheck ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => setChecking(true)}
              onPointerEnter={preload}
              onPointerDown={preload}
              onFocus={preload}
            >
              {mine ? 'Change your verdict' : 'Check size'}
            </Button>
            {mine ? (
              <Button variant="outline" size="sm" onClick={() => setWithdrawing(true)}>
                Withdraw
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="mt-3 text-sm text-stone-700">
        Members measure the photo themselves and say whether the reported size holds up. {CHECK_RULE}
      </p>
      {!measurement.isOwner && measurement.photos.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">This measurement has no photo, so its size cannot be checked.</p>
      ) : null}

      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-700">
          Loading the verdicts…
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{errorMessage(query.error, 'The verdicts could not be loaded.')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.checks.length === 0 ? (
        <p className="mt-4 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">No member has checked this size yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Verdicts">
          {query.data.checks.map((check) => (
            <SizeCheckItem key={check.id} check={check} measurement={measurement} units={units} />
          ))}
        </ul>
      )}

      {opened ? (
        <Suspense fallback={null}>
          <CheckSizeDialog open={checking} onOpenChange={setChecking} measurement={measurement} mine={mine} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={(open) => {
          setWithdrawing(open)
          if (!open) withdraw.reset()
        }}
        title="Withdraw your verdict?"
        description="Your verdict, estimate and note are removed, and the size check is counted again without them."
        confirm="Withdraw"
        onConfirm={confirmWithdraw}
        busy={withdraw.isPending}
        error={
          withdraw.isError ? errorMessage(withdraw.error, 'Your verdict could not be withdrawn. Try again.') : null
        }
      />
    </section>
  )
}

/** Scrolls the panel into view when the address ends in `hash` (a notification's link), once it has content. */
function useScrollToHash(target: RefObject<HTMLElement | null>, hash: string, ready: boolean) {
  useEffect(() => {
    if (!ready) return
    const go = () => {
      if (window.location.hash === hash) target.current?.scrollIntoView({ block: 'start' })
    }
    go()
    // wouter announces its own navigations as 'pushState' events (a link to this same page with the hash).
    window.addEventListener('pushState', go)
    window.addEventListener('hashchange', go)
    return () => {
      window.removeEventListener('pushState', go)
      window.removeEventListener('hashchange', go)
    }
  }, [ready, hash, target])
}
