import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import type { SuggestionKey } from '../suggestions.ts'
import { AnalysisSuggestions } from './analysis-suggestions.tsx'

// The suggestions panel: every value marked as an estimate, only what the form can take offered as a choice,
// an unknown species never offered, the model's note shown as text.

const base: PhotoAnalysis = {
  id: '0b7f9c2e-3d41-4e5a-8b6c-7d8e9f0a1b22',
  photoId: '6f1d4f0e-8a53-4a0c-9d0b-8f0d2f7c1a11',
  species: { id: 'largemouth-bass', name: 'Largemouth Bass', modelLabel: 'largemouth bass', confidence: 0.87 },
  category: 'Freshwater Fish',
  referenceObject: { visible: false, kind: null },
  estimates: { lengthIn: 21.75, girthIn: 15, points: 3 },
  score: 6.19,
  scoreSource: 'engine',
  trophyClass: 'standard',
  notes: '<script>alert(1)</script> Low light',
  model: 'vision-test',
  createdAt: '2026-11-22T10:00:00.000Z',
}

function render(analysis: PhotoAnalysis, fillable: SuggestionKey[]) {
  return renderToStaticMarkup(
    <AnalysisSuggestions
      analysis={analysis}
      units="imperial"
      fillable={() => new Set(fillable)}
      onAccept={() => {}}
      onDismiss={() => {}}
    />,
  )
}

const checkboxes = (html: string) => html.match(/type="checkbox"/g)?.length ?? 0

describe('AnalysisSuggestions', () => {
  it('marks each suggestion as an estimate and offers only what the form can take', () => {
    const html = render(base, ['species', 'lengthIn', 'girthIn'])
    expect(html.match(/>Estimate</g)).toHaveLength(4) // species, length, girth, points
    expect(checkboxes(html)).toBe(3)
    expect(html).toContain('Species: Largemouth Bass')
    expect(html).toContain('87% confidence')
    expect(html).toContain('Points: 3 points')
    expect(html).toContain('No field for it in this form')
    expect(html).toContain('6.19 lb (worked out by our scoring engine from the estimates) · Standard class')
    expect(html).toContain('None seen: sizes are rough guesses')
  })

  it("shows a species outside the catalogue as 'Unknown' without a choice", () => {
    const html = render(
      { ...base, species: { id: null, name: 'Unknown', modelLabel: 'peacock bass', confidence: 0.6 } },
      ['lengthIn'],
    )
    expect(html).toContain('Species: Unknown')
    expect(html).toContain('peacock bass')
    expect(checkboxes(html)).toBe(1)
  })

  it("shows the model's note as text", () => {
    const html = render(base, [])
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Low light')
  })

  it('has nothing to use when the form can take nothing', () => {
    const html = render(base, [])
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Use selected<\/button>/)
  })
})
