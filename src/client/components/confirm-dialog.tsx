import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirm: string
  onConfirm: () => void
  busy?: boolean
  error?: string | null
}

/** A yes/no question before something that cannot be undone (delete, discard). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirm, onConfirm, busy, error }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent hideClose={busy} role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
