import { useState } from 'react'
import { analysisFailure, analyzePhoto, useAiStatus } from '#client/features/photo-analysis/index.ts'
import type { Photo } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { aiEstimateFor } from './estimate.ts'

export type AiState = { kind: 'idle' } | { kind: 'working' } | { kind: 'note'; message: string }

type Options = {
  photo: Pick<Photo, 'id'> | undefined
  /** The value being checked; undefined while there is none. */
  option: { field: string; label: string } | undefined
  /** Called with the AI's estimate of the option, inches. */
  onEstimate: (valueIn: number) => void
}

/**
 * 'Use AI estimate': offered only when this server has a vision model; the checker still decides. The photo is
 * analysed once, and picking another value reuses that analysis.
 */
export function useAiEstimate({ photo, option, onEstimate }: Options) {
  const aiStatus = useAiStatus()
  const [analysis, setAnalysis] = useState<PhotoAnalysis | null>(null)
  const [ai, setAi] = useState<AiState>({ kind: 'idle' })

  const takeAiEstimate = (from: PhotoAnalysis) => {
    if (!option) return
    const value = aiEstimateFor(from.estimates, option.field)
    if (value === undefined) {
      setAi({ kind: 'note', message: `The AI gave no estimate of the ${option.label.toLowerCase()} on this photo.` })
      return
    }
    setAi({ kind: 'idle' })
    onEstimate(value)
  }

  const ask = async () => {
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

  return { offered: Boolean(aiStatus.data?.photoAnalysis && photo), ai, ask }
}
