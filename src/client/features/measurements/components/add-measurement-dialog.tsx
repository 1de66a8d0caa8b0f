import { Button } from '../../../components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/dialog.tsx'

type Props = { open: boolean; onOpenChange: (open: boolean) => void }

/**
 * The add-measurement dialog. Only its frame exists so far: the measurements work fills it with the photo
 * capture, the reference-object measuring tool and the score preview.
 */
export function AddMeasurementDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>New Measurement</DialogTitle>
        <DialogDescription>
          Recording a measurement is not available yet in this beta build. It is coming next.
        </DialogDescription>
        <div className="mt-6 flex justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
