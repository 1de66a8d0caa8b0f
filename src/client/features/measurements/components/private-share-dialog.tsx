import { useMutation, useQueryClient } from '@tanstack/react-query'
import Globe from 'lucide-react/icons/globe'
import Lock from 'lucide-react/icons/lock'
import { useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { errorMessage } from '#client/lib/api.ts'
import type { Measurement, UnitSystem } from '#shared/schemas/measurements.ts'
import { measurementKey, useUpdateMeasurement } from '../api.ts'
import type { Shareable } from '../share.ts'
import { type LinkShare, runLinkShare } from '../share-actions.ts'
import { visibilityChange } from '../visibility-change.ts'

export type PrivateShareItem = Shareable & Pick<Measurement, 'isOwner'>

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  item: PrivateShareItem
  action: LinkShare
  units: UnitSystem
}

/** What the member was doing, for the buttons: 'Copy anyway', then 'Copy link' once it is public. */
const ACTION_LABELS: Record<LinkShare, { anyway: string; now: string }> = {
  share: { anyway: 'Share anyway', now: 'Share' },
  'copy-link': { anyway: 'Copy anyway', now: 'Copy link' },
  facebook: { anyway: 'Share anyway', now: 'Share on Facebook' },
  twitter: { anyway: 'Share anyway', now: 'Share on Twitter' },
}

function whyClosed(item: PrivateShareItem): string {
  const notFound = 'anyone you send the link to sees that it is private or no longer exists.'
  if (!item.isOwner) return `This ${item.species} is not public, so ${notFound}`
  if (item.visibility === 'followers') {
    return `Your ${item.species} is for your followers only, and a link opens only public measurements: ${notFound}`
  }
  return `Your ${item.species} is private, so ${notFound}`
}

/**
 * Before a link to a measurement that is not public goes out: the link would open for nobody. The owner may make it
 * public first; the share itself waits for a second press, as share sheets and the clipboard want a fresh tap.
 */
export default function PrivateShareDialog({ open, onOpenChange, item, action, units }: Props) {
  const queryClient = useQueryClient()
  const update = useUpdateMeasurement()
  const [madePublic, setMadePublic] = useState(false)
  // The whole record goes back with the change, so it is read fresh rather than taken from a card.
  const publish = useMutation({
    mutationFn: async () => {
      const current = await queryClient.fetchQuery<Measurement>({ queryKey: measurementKey(item.id), staleTime: 0 })
      return update.mutateAsync({ id: item.id, input: visibilityChange(current, 'public') })
    },
    onSuccess: () => setMadePublic(true),
  })
  const busy = publish.isPending
  const labels = ACTION_LABELS[action]

  const close = () => {
    onOpenChange(false)
    setMadePublic(false)
    publish.reset()
  }
  const shareNow = () => {
    runLinkShare(action, madePublic ? { ...item, visibility: 'public' } : item, units)
    close()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : next ? onOpenChange(true) : close())}>
      <DialogContent hideClose={busy} role="alertdialog">
        {madePublic ? (
          <>
            <DialogTitle className="flex items-center gap-2">
              <Globe className="size-5 shrink-0 text-pine-700" aria-hidden="true" />
              Your {item.species} is public
            </DialogTitle>
            <DialogDescription>Anyone with the link can open it now, signed in or not.</DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                Done
              </Button>
              <Button onClick={shareNow}>{labels.now}</Button>
            </div>
          </>
        ) : (
          <>
            <DialogTitle className="flex items-center gap-2">
              <Lock className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
              This link won’t open for others
            </DialogTitle>
            <DialogDescription>{whyClosed(item)}</DialogDescription>
            {item.isOwner ? (
              <p className="mt-2 text-sm text-stone-700">
                Make it public to share it: every member can then see it, and the link opens for anyone.
              </p>
            ) : null}
            {publish.isError ? (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                {errorMessage(publish.error, 'It could not be made public. Try again.')}
              </p>
            ) : null}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="outline" onClick={shareNow} disabled={busy}>
                {labels.anyway}
              </Button>
              {item.isOwner ? (
                <Button onClick={() => publish.mutate()} disabled={busy}>
                  {busy ? 'Making it public…' : 'Make it public'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
