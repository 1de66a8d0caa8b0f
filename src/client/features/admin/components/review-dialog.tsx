import { useRef, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { TextAreaField } from '#client/components/field.tsx'
import { EXPERIENCE_LABELS } from '#shared/constants.ts'
import type { BetaRequest } from '#shared/schemas/admin.ts'
import type { ReviewAction } from './pending-requests-table.tsx'

type Target = { request: BetaRequest; action: ReviewAction }

type Props = {
  target: Target | null
  pending: boolean
  onConfirm: (reviewNotes: string) => void
  onClose: () => void
}

/** docs/product.md §2 review dialog: the applicant's details, optional notes, Cancel and Approve/Deny Request. */
export function ReviewDialog({ target, pending, onConfirm, onClose }: Props) {
  // Keep showing the last request while the dialog animates closed.
  const last = useRef<Target | null>(null)
  if (target) last.current = target
  const shown = target ?? last.current
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose()
      }}
    >
      <DialogContent hideClose={pending}>
        {shown ? (
          <ReviewForm
            key={`${shown.request.id}:${shown.action}`}
            target={shown}
            pending={pending}
            onConfirm={onConfirm}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ReviewForm({ target, pending, onConfirm, onClose }: Props & { target: Target }) {
  const [notes, setNotes] = useState('')
  const { request, action } = target
  const approving = action === 'approved'
  return (
    <>
      <DialogTitle>
        {approving ? 'Approve' : 'Deny'} {request.firstName} {request.lastName}
      </DialogTitle>
      <DialogDescription className="break-all">{request.email}</DialogDescription>
      <dl className="mt-5 grid gap-3 rounded-xl bg-stone-100 p-4 text-sm">
        <div>
          <dt className="font-medium text-stone-600">Experience</dt>
          <dd className="text-stone-900">{EXPERIENCE_LABELS[request.huntingExperience]}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-600">Location</dt>
          <dd className="text-stone-900">{request.location}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-600">Reason</dt>
          <dd className="whitespace-pre-line text-stone-900">{request.reason || 'No reason given'}</dd>
        </div>
      </dl>
      <form
        className="mt-5 grid gap-5"
        onSubmit={(e) => {
          e.preventDefault()
          if (!pending) onConfirm(notes)
        }}
      >
        <TextAreaField
          id="review-notes"
          label="Review Notes"
          optional
          rows={3}
          placeholder={approving ? 'e.g. Welcome aboard' : 'e.g. The beta is full in this region for now'}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          disabled={pending}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={approving ? 'primary' : 'danger'} disabled={pending}>
            {pending ? 'Processing...' : approving ? 'Approve Request' : 'Deny Request'}
          </Button>
        </div>
      </form>
    </>
  )
}
