import { useId, useState } from 'react'
import { apiPaths } from '#client/app/paths.ts'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { TextAreaField } from '#client/components/field.tsx'
import { SelectField } from '#client/components/select-field.tsx'
import { toast } from '#client/components/toast-store.ts'
import { coverPhoto } from '#client/features/measurements/index.ts'
import { MeasuringToolDialog } from '#client/features/measuring/index.ts'
import { fieldErrorMessage } from '#client/lib/api.ts'
import { useUnits } from '#client/lib/use-units.ts'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import { verdictRuledOut } from '#shared/community/verdict-rule.ts'
import type { SaveSizeCheck, SizeCheck, Verdict } from '#shared/schemas/community.ts'
import type { Measurement } from '#shared/schemas/measurements.ts'
import { useSaveSizeCheck } from './api.ts'
import { type CheckOption, EstimateComparison, MeasureRow, type Taken } from './check-size-parts.tsx'
import { checkableValues } from './estimate.ts'
import { useAiEstimate } from './use-ai-estimate.ts'
import { VerdictChoices } from './verdict-choices.tsx'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  measurement: Measurement
  /** the viewer's verdict, when they change it */
  mine: SizeCheck | null
}

/**
 * 'Check size' (docs/architecture.md §2): the checker measures the photo in the measuring tool on their own — the reported
 * value is shown only once they have measured — then says whether the reported size holds up.
 */
export default function CheckSizeDialog({ open, onOpenChange, measurement, mine }: Props) {
  const save = useSaveSizeCheck(measurement.id)
  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="lg" hideClose={save.isPending}>
        <CheckSizeForm measurement={measurement} mine={mine} save={save} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

/** The values to pick from: the card's lengths, and the one of an earlier verdict if it is none of them. */
function optionsFor(measurement: Measurement, mine: SizeCheck | null): CheckOption[] {
  const options: CheckOption[] = checkableValues(measurement.summary)
  if (mine && !options.some((o) => o.field === mine.estimate.field)) {
    options.push({ field: mine.estimate.field, label: mine.estimate.label, reportedIn: null })
  }
  return options.length > 0 ? options : [{ field: 'length', label: 'Length', reportedIn: null }]
}

/** Antler and horn lengths follow the curve (main beams, horns); a fish or a spread is measured straight. */
const alongCurve = (m: Measurement, field: string) =>
  field === 'length' && m.sheet !== null && m.sheet.system !== 'fish'

const ownerName = (m: Measurement) => m.owner.firstName?.trim() || m.owner.lastName?.trim() || 'the owner'

const NOTE_LIMIT = COMMUNITY_LIMITS.checkNoteChars

function CheckSizeForm({
  measurement,
  mine,
  save,
  onDone,
}: {
  measurement: Measurement
  mine: SizeCheck | null
  save: ReturnType<typeof useSaveSizeCheck>
  onDone: () => void
}) {
  const id = useId()
  const units = useUnits()
  const options = optionsFor(measurement, mine)
  const [field, setField] = useState(mine?.estimate.field ?? options[0]?.field ?? 'length')
  const [taken, setTaken] = useState<Taken | null>(mine ? mine.estimate : null)
  const [verdict, setVerdict] = useState<Verdict | null>(mine?.verdict ?? null)
  const [note, setNote] = useState(mine?.note ?? '')
  const [measuring, setMeasuring] = useState(false)
  const option = options.find((o) => o.field === field) ?? options[0]
  const photo = coverPhoto(measurement)
  const aiEstimate = useAiEstimate({
    photo,
    option,
    onEstimate: (value) => setTaken({ value, unit: 'in', uncertainty: null, source: 'ai-estimate' }),
  })
  const noteTooLong = note.trim().length > NOTE_LIMIT
  // The server applies the same rule: a Confirmed chosen before measuring again falls away with the new estimate.
  const ruledOut = (value: Verdict) =>
    taken && option && taken.unit === 'in' ? verdictRuledOut(value, taken, option.reportedIn) : null
  const chosen = verdict && ruledOut(verdict) === null ? verdict : null

  const submit = () => {
    if (!taken || !chosen || !option || noteTooLong) return
    const input: SaveSizeCheck = {
      verdict: chosen,
      estimate: { field: option.field, label: option.label, ...taken },
      note: note.trim(),
    }
    save.mutate(input, {
      onSuccess: () => {
        onDone()
        toast({
          title: 'Verdict saved',
          description: `Thanks for checking ${ownerName(measurement)}'s ${measurement.species}.`,
        })
      },
    })
  }

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        className="grid gap-5"
      >
        <div>
          <DialogTitle>Check the size</DialogTitle>
          <DialogDescription>
            Measure {ownerName(measurement)}'s photo yourself against a reference in the frame, straight or along a
            curve. The reported value appears once you have measured, so your estimate is your own.
          </DialogDescription>
        </div>

        <fieldset disabled={save.isPending} className="grid gap-5">
          <SelectField
            id={`${id}-field`}
            label="Value you measure"
            value={field}
            options={options.map((o) => ({ value: o.field, label: o.label }))}
            placeholder="Choose a value"
            onValueChange={setField}
          />
          <MeasureRow
            photo={photo}
            species={measurement.species}
            measured={taken !== null}
            onMeasure={() => setMeasuring(true)}
            aiEstimate={aiEstimate.offered ? aiEstimate : null}
          />
          {taken && option ? (
            <EstimateComparison taken={taken} option={option} owner={ownerName(measurement)} units={units} />
          ) : (
            <p className="text-sm text-stone-700">Measure the photo first; then give your verdict.</p>
          )}
          {taken ? (
            <>
              <VerdictChoices name={`${id}-verdict`} chosen={chosen} ruledOut={ruledOut} onChoose={setVerdict} />
              <TextAreaField
                id={`${id}-note`}
                label="Note"
                optional
                rows={3}
                value={note}
                maxLength={NOTE_LIMIT + 200}
                onChange={(event) => setNote(event.target.value)}
                error={
                  noteTooLong ? `Note must be at most ${NOTE_LIMIT.toLocaleString('en-US')} characters` : undefined
                }
                hint={`What you measured and how: ${note.trim().length.toLocaleString('en-US')} / ${NOTE_LIMIT.toLocaleString('en-US')}`}
              />
            </>
          ) : null}
        </fieldset>

        {save.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {fieldErrorMessage(save.error, 'verdict', 'Your verdict could not be saved. Try again.')}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!taken || !chosen || noteTooLong || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save verdict'}
          </Button>
        </div>
      </form>
      {/* Outside the form: React events bubble through portals, and the tool's own buttons must not submit it. */}
      {photo && option ? (
        <MeasuringToolDialog
          open={measuring}
          onOpenChange={setMeasuring}
          image={apiPaths.photo(photo.id, 'display')}
          target={{ field: option.field, label: option.label, suggestCurve: alongCurve(measurement, option.field) }}
          onMeasured={(m) => {
            setTaken({ value: m.valueIn, unit: 'in', uncertainty: m.uncertaintyIn, source: 'photo-tool' })
            setMeasuring(false)
          }}
        />
      ) : null}
    </>
  )
}
