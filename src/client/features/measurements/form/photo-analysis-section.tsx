import { useQueryClient } from '@tanstack/react-query'
import Ruler from 'lucide-react/icons/ruler'
import Sparkles from 'lucide-react/icons/sparkles'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import {
  AnalysisSuggestions,
  analysisFailure,
  analyzePhoto,
  ESTIMATE_LABELS,
  NOT_CONFIGURED_TEXT,
  readAiStatus,
  type SuggestionKey,
} from '#client/features/photo-analysis/index.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { uploadPhoto } from '../offline/upload.ts'
import type { FormPhoto } from './form-state.ts'

type Phase =
  | { kind: 'idle' }
  | { kind: 'working'; step: 'uploading' | 'analyzing' }
  | { kind: 'not-configured' }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; analysis: PhotoAnalysis }
  | { kind: 'accepted'; text: string }

type Props = {
  /** The photo analysed: the cover. */
  photo: FormPhoto
  photoIds: readonly string[]
  units: UnitSystem
  disabled: boolean
  /** The measuring tool can draw one of the form's photos. */
  canMeasure: boolean
  onMeasure: () => void
  /** A new photo sent to the server to be analysed (it is the same photo when the measurement is saved). */
  onUploaded: (photoId: string) => void
  fillable: (analysis: PhotoAnalysis, withSpecies: boolean) => ReadonlySet<SuggestionKey>
  /** Fills the form; answers the names of what was filled. */
  onAccept: (analysis: PhotoAnalysis, keys: SuggestionKey[]) => string[]
}

/**
 * 'Analyze photo': the cover photo goes to the server's vision model, whose suggestions the member may
 * take. Without an AI service the button says so and offers the measuring tool. Never a made-up result.
 */
export function PhotoAnalysisSection(props: Props) {
  const { photo, photoIds, units, disabled, canMeasure, onMeasure, onUploaded, fillable, onAccept } = props
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // Suggestions for a photo the member removed are no longer offered.
  const shownPhoto = phase.kind === 'result' ? phase.analysis.photoId : null
  useEffect(() => {
    if (shownPhoto && !photoIds.includes(shownPhoto)) setPhase({ kind: 'idle' })
  }, [shownPhoto, photoIds])

  const analyze = async () => {
    const status = await readAiStatus(queryClient)
    if (status?.photoAnalysis === false) {
      setPhase({ kind: 'not-configured' })
      return
    }
    try {
      if (photo.kind === 'new') {
        setPhase({ kind: 'working', step: 'uploading' })
        await uploadPhoto(photo.file, photo.id, undefined, { name: photo.name })
        onUploaded(photo.id)
      }
      if (!mounted.current) return
      setPhase({ kind: 'working', step: 'analyzing' })
      const analysis = await analyzePhoto(photo.id)
      if (mounted.current) setPhase({ kind: 'result', analysis })
    } catch (error) {
      if (!mounted.current) return
      const failure = analysisFailure(error)
      setPhase(failure.kind === 'not-configured' ? failure : { kind: 'failed', message: failure.message })
    }
  }

  const working = phase.kind === 'working'
  return (
    <div className="grid gap-3" data-testid="photo-analysis">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="outline" onClick={() => void analyze()} disabled={disabled || working}>
          <Sparkles className="size-4" aria-hidden="true" />
          {working ? 'Analyzing…' : 'Analyze photo'}
        </Button>
        <p className="text-sm text-stone-600">Suggests the species and rough sizes from the cover photo.</p>
      </div>
      <div aria-live="polite">
        {working ? (
          <p className="text-sm text-stone-700">
            {phase.step === 'uploading' ? 'Sending the photo…' : 'The AI is looking at the photo…'}
          </p>
        ) : null}
        {phase.kind === 'accepted' ? <p className="text-sm text-stone-800">{phase.text}</p> : null}
      </div>
      {phase.kind === 'not-configured' ? (
        <div className="grid gap-2 rounded-lg bg-stone-100 p-3" data-testid="analysis-not-configured">
          <p className="text-sm font-semibold text-stone-900">{NOT_CONFIGURED_TEXT}</p>
          <p className="text-sm text-stone-700">
            Measure the photo yourself instead: with a credit card or a quarter in the frame, the measuring tool gives a
            value to scale.
          </p>
          {canMeasure ? (
            <Button variant="primary" size="sm" className="justify-self-start" onClick={onMeasure} disabled={disabled}>
              <Ruler className="size-4" aria-hidden="true" />
              Open the measuring tool
            </Button>
          ) : (
            <p className="text-sm text-stone-700">
              This browser cannot draw these photos (HEIC): add a JPEG, PNG or WebP photo to measure it.
            </p>
          )}
        </div>
      ) : null}
      {phase.kind === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2">
          <p className="text-sm font-medium text-red-800">{phase.message}</p>
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void analyze()} disabled={disabled}>
            Try again
          </Button>
        </div>
      ) : null}
      {phase.kind === 'result' ? (
        <AnalysisSuggestions
          analysis={phase.analysis}
          units={units}
          fillable={(withSpecies) => fillable(phase.analysis, withSpecies)}
          onAccept={(keys) => {
            const filled = onAccept(phase.analysis, keys)
            setPhase({ kind: 'accepted', text: acceptedText(phase.analysis, keys, filled) })
          }}
          onDismiss={() => setPhase({ kind: 'idle' })}
        />
      ) : null}
    </div>
  )
}

function acceptedText(analysis: PhotoAnalysis, keys: readonly SuggestionKey[], filled: readonly string[]): string {
  const names = keys.flatMap((key) => (key === 'species' ? [`the species (${analysis.species.name})`] : []))
  const values = keys.flatMap((key) => (key === 'species' ? [] : [ESTIMATE_LABELS[key].toLowerCase()]))
  const parts = [...names, ...(filled.length > 0 ? values : [])]
  if (parts.length === 0) return 'Nothing was filled: no suggestion fits this form.'
  return `Filled from the AI suggestions: ${parts.join(', ')}. Each value is marked “AI estimate” until you change it.`
}
