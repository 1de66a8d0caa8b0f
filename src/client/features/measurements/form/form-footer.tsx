import { Button } from '#client/components/button.tsx'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { LiveScore } from './live-score.tsx'
import type { SaveMeasurement } from './use-save-measurement.ts'

type Props = {
  mode: 'create' | 'edit'
  units: UnitSystem
  saving: SaveMeasurement
  onClose: () => void
}

/** Under the form: the live score, Cancel and Save; while the outbox sends a new measurement, its progress. */
export function FormFooter({ mode, units, saving, onClose }: Props) {
  const { phase, entry, busy } = saving
  return (
    <footer className="border-t border-stone-200 bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:rounded-b-2xl sm:px-6">
      {phase.kind === 'syncing' ? (
        <SyncStatus
          progress={entry?.progress ?? 0}
          waiting={entry?.state === 'waiting' && (entry.progress ?? 0) === 0}
          stalled={phase.stalled === true && entry?.state !== 'uploading'}
          onClose={onClose}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <LiveScore units={units} />
          <div className="ml-auto flex gap-2">
            <Button variant="outline" onClick={onClose} disabled={phase.kind === 'uploading'}>
              Cancel
            </Button>
            <Button onClick={() => void saving.save()} disabled={busy}>
              {busy ? 'Saving...' : mode === 'edit' ? 'Save changes' : 'Save'}
            </Button>
          </div>
        </div>
      )}
    </footer>
  )
}

/** While the outbox sends a new measurement: one bar, and a way to leave it to finish in the background. */
type SyncProps = { progress: number; waiting: boolean; stalled: boolean; onClose: () => void }

function SyncStatus({ progress, waiting, stalled, onClose }: SyncProps) {
  const percent = Math.round(progress * 100)
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold text-stone-900" aria-live="polite">
          {stalled
            ? 'Saved on this device. Waiting to sync: it will upload by itself when the server can be reached.'
            : waiting
              ? 'Saved on this device. Uploading...'
              : `Uploading... ${percent}%`}
        </p>
        <Button variant="outline" size="sm" className="ml-auto" onClick={onClose}>
          Close — it will finish in the background
        </Button>
      </div>
      <div
        hidden={stalled}
        role="progressbar"
        aria-label="Upload of the measurement"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-pine-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
