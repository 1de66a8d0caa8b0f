import Ruler from 'lucide-react/icons/ruler'
import Sparkles from 'lucide-react/icons/sparkles'
import { useId, useState } from 'react'
import { useUnits } from '#client/lib/use-units.ts'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import { verdictRuledOut } from '#shared/community/verdict-rule.ts'
import type { Estimate, SaveSizeCheck, SizeCheck, Verdict } from '#shared/schemas/community.ts'
import type { Measurement } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { apiPaths } from '../../app/paths.ts'
import { Button } from '../../components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/dialog.tsx'
import { TextAreaField } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { toast } from '../../components/toast-store.ts'
import { fieldErrorMessage } from '../../lib/api.ts'
import { formatLength } from '../../lib/units.ts'
import { coverPhoto, MeasurementPhoto } from '../measurements/components/measurement-photo.tsx'
import { MeasuringToolDialog } from '../measuring/index.ts'
import { analysisFailure, analyzePhoto, useAiStatus } from '../photo-analysis/api.ts'
import { useSaveSizeCheck } from './api.ts'
import {
  aiEstimateFor,
  checkableValues,
  comparisonText,
  ESTIMATE_SOURCE_LABELS,
  estimateValueText,
} from './estimate.ts'
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

type Option = { field: string; label: string; reportedIn: number | null }
type Taken = Pick<Estimate, 'value' | 'unit' | 'uncertainty' | 'source'>

/** The values to pick from: the card's lengths, and the one of an earlier verdict if it is none of them. */
function optionsFor(measurement: Measurement, mine: SizeCheck | null): Option[] {
  const options: Option[] = checkableValues(measurement.summary)
  if (mine && !options.some((o) => o.field === mine.estimate.field)) {
    options.push({ field: mine.estimate.field, label: mine.estimate.label, reportedIn: null })
  }
  return options.length > 0 ? options : [{ field: 'length', label: 'Length', reportedIn: null }]
}

/** Antler and horn lengths follow the curve (main beams, horns); a fish or a spread is measured straight. */
const alongCurve = (m: Measurement, field: string) =>
  field === 'length' && m.sheet !== null && m.sheet.system !== 'fish'

const ownerName = (m: Measurement) => m.owner.firstName?.trim() || m.owner.lastName?.trim() || 'the owner'

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
  // 'Use AI estimate': offered only when this server has a vision model; the checker still decides.
  const aiStatus = useAiStatus()
  const [analysis, setAnalysis] = useState<PhotoAnalysis | null>(null)
  const [ai, setAi] = useState<{ kind: 'idle' } | { kind: 'working' } | { kind: 'note'; message: string }>({
    kind: 'idle',
  })

  const takeAiEstimate = (from: PhotoAnalysis) => {
    if (!option) return
    const value = aiEstimateFor(from.estimates, option.field)
    if (value === undefined) {
      setAi({ kind: 'note', message: `The AI gave no estimate of the ${option.label.toLowerCase()} on this photo.` })
      return
    }
    setAi({ kind: 'idle' })
    setTaken({ value, unit: 'in', uncertainty: null, source: 'ai-estimate' })
  }

  const askForAiEstimate = async () => {
    if (!photo) return
    if (analysis?.photoId === photo.id) {
      takeAiEstimate(analysis)
      return
    }
    setAi({ kind: 'working' })
    try {
      const result = await analyzePhoto(photo.id)
      setAnalysis(result)
      takeAiEstimate(result)
    } catch (error) {
      const failure = analysisFailure(error)
      setAi({
        kind: 'note',
        message: failure.kind === 'not-configured' ? 'Photo analysis is not set up on this server.' : failure.message,
      })
    }
  }
  const noteTooLong = note.trim().length > COMMUNITY_LIMITS.checkNoteChars
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

          <div className="flex flex-wrap items-center gap-4">
            <MeasurementPhoto
              photo={photo}
              size="thumb"
              alt={`Photo of the ${measurement.species}`}
              className="h-20 w-28 rounded-lg object-cover"
            />
            <Button variant={taken ? 'outline' : 'primary'} onClick={() => setMeasuring(true)} disabled={!photo}>
              <Ruler className="size-4" aria-hidden="true" />
              {taken ? 'Measure again' : 'Measure on the photo'}
            </Button>
            {aiStatus.data?.photoAnalysis && photo ? (
              <Button variant="outline" onClick={() => void askForAiEstimate()} disabled={ai.kind === 'working'}>
                <Sparkles className="size-4" aria-hidden="true" />
                {ai.kind === 'working' ? 'Analyzing…' : 'Use AI estimate'}
              </Button>
            ) : null}
          </div>
          {ai.kind === 'note' ? (
            <p role="status" className="text-sm text-stone-700">
              {ai.message}
            </p>
          ) : null}

          {taken && option ? (
            <section aria-label="Your estimate and the reported value" className="rounded-xl bg-stone-100 p-4">
              <dl className="grid gap-3 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-stone-700">Your estimate ({option.label.toLowerCase()})</dt>
                  <dd className="text-lg font-bold text-stone-900 tabular-nums">{estimateValueText(taken, units)}</dd>
                  <dd className="text-xs text-stone-600">{ESTIMATE_SOURCE_LABELS[taken.source]}</dd>
                </div>
                <div>
                  <dt className="text-sm text-stone-700">Reported by {ownerName(measurement)}</dt>
                  <dd className="text-lg font-bold text-stone-900 tabular-nums">
                    {option.reportedIn === null ? 'Not reported' : formatLength(option.reportedIn, units)}
                  </dd>
                </div>
              </dl>
              {option.reportedIn !== null && taken.unit === 'in' ? (
                <p className="mt-3 text-sm text-stone-800">
                  {comparisonText(taken.value, taken.uncertainty, option.reportedIn)}
                </p>
              ) : null}
            </section>
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
                maxLength={COMMUNITY_LIMITS.checkNoteChars + 200}
                onChange={(event) => setNote(event.target.value)}
                error={
                  noteTooLong
                    ? `Note must be at most ${COMMUNITY_LIMITS.checkNoteChars.toLocaleString('en-US')} characters`
                    : undefined
                }
                hint={`What you measured and how: ${note.trim().length.toLocaleString('en-US')} / ${COMMUNITY_LIMITS.checkNoteChars.toLocaleString('en-US')}`}
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
