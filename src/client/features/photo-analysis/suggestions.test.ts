import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { analysisFailure, NOT_CONFIGURED_TEXT } from './api.ts'
import { confidenceText, estimateItems, referenceText, scoreText, speciesText } from './suggestions.ts'

// The words of an analysis's suggestions, and what the member reads when there is none.

describe('estimateItems', () => {
  it('lists only the values the model gave, in order, in the member’s units', () => {
    const estimates = { weightLbs: 6.2, lengthIn: 21.75, points: 8 }
    expect(estimateItems({ estimates }, 'imperial').map((i) => [i.label, i.text])).toEqual([
      ['Length', '21 6/8 in'],
      ['Weight', '6.20 lb'],
      ['Points', '8 points'],
    ])
    expect(estimateItems({ estimates }, 'metric').map((i) => i.text)).toEqual(['55.2 cm', '2.81 kg', '8 points'])
  })

  it('lists nothing for no estimates (never a made-up zero)', () => {
    expect(estimateItems({ estimates: {} }, 'imperial')).toEqual([])
  })
})

describe('speciesText', () => {
  it('names a catalogue species', () => {
    expect(speciesText({ id: 'walleye', name: 'Walleye', modelLabel: 'walleye', confidence: 0.9 })).toEqual({
      name: 'Walleye',
      detail: null,
    })
  })

  it("shows a species outside the catalogue as 'Unknown' with what the model said", () => {
    const text = speciesText({ id: null, name: 'Unknown', modelLabel: 'peacock bass', confidence: 0.7 })
    expect(text.name).toBe('Unknown')
    expect(text.detail).toContain('peacock bass')
  })
})

describe('the other lines', () => {
  it.each([
    [0.874, '87%'],
    [1, '100%'],
    [0, '0%'],
  ])('confidence %d → %s', (value, text) => {
    expect(confidenceText(value)).toBe(text)
  })

  it.each([
    [{ visible: true, kind: 'credit-card' as const }, 'Yes, a credit card'],
    [{ visible: true, kind: 'quarter' as const }, 'Yes, a quarter'],
    [{ visible: true, kind: null }, 'Yes, a reference object'],
    [{ visible: false, kind: null }, 'None seen: sizes are rough guesses from the photo alone'],
  ])('reference %j → %s', (reference, text) => {
    expect(referenceText(reference)).toBe(text)
  })

  const score = (patch: Partial<PhotoAnalysis>) =>
    scoreText({ score: null, scoreSource: null, trophyClass: null, category: null, ...patch }, 'imperial')

  it.each([
    [{}, null],
    [
      {
        score: 6.19,
        scoreSource: 'engine' as const,
        trophyClass: 'standard' as const,
        category: 'Freshwater Fish' as const,
      },
      '6.19 lb (worked out by our scoring engine from the estimates) · Standard class',
    ],
    [
      { score: 152.375, scoreSource: 'model' as const, trophyClass: 'trophy' as const, category: 'Big Game' as const },
      "152 3/8 (the model's guess) · Trophy class",
    ],
    [
      {
        score: 152.375,
        scoreSource: 'model' as const,
        trophyClass: 'trophy' as const,
        category: 'Big Game' as const,
        species: { id: 'whitetail-deer', name: 'Whitetail Deer', modelLabel: 'deer', confidence: 0.9 },
      },
      "152 3/8 B&C (the model's guess) · Trophy class",
    ],
    [
      {
        score: 70.625,
        scoreSource: 'model' as const,
        trophyClass: null,
        category: 'Upland Game' as const,
        species: { id: 'wild-turkey', name: 'Wild Turkey', modelLabel: 'turkey', confidence: 0.9 },
      },
      "70.6250 NWTF (the model's guess)",
    ],
  ])('score %j → %s', (patch, text) => {
    expect(score(patch)).toBe(text)
  })
})

describe('analysisFailure', () => {
  const api = (status: number, body: unknown) => new ApiError(status, 'x', JSON.stringify(body))

  it('reads 503 NOT_CONFIGURED as not set up', () => {
    expect(analysisFailure(api(503, { error: { code: 'NOT_CONFIGURED', message: 'No AI' } }))).toEqual({
      kind: 'not-configured',
    })
    expect(NOT_CONFIGURED_TEXT).toBe('Photo analysis is not set up on this server.')
  })

  it.each([
    [api(502, { error: { code: 'UPSTREAM_FAILED', message: 'The AI service timed out' } }), 'The AI service timed out'],
    [api(502, ''), 'The photo analysis service did not answer. Try again later.'],
    [api(429, { error: { code: 'RATE_LIMITED', message: 'Slow down' } }), 'Slow down'],
    [api(404, { error: { code: 'NOT_FOUND', message: 'Photo not found' } }), 'Photo not found'],
    [api(500, ''), 'The photo could not be analysed (500).'],
    [new TypeError('Failed to fetch'), 'No connection to the server. Try again when you are back online.'],
  ])('shows the server’s words or a plain reason (%#)', (error, message) => {
    expect(analysisFailure(error)).toEqual({ kind: 'failed', message })
  })
})
