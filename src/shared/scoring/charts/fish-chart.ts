import { type Chart, type FishFormula, row } from '#shared/scoring/chart.ts'
import { ScoringError } from '#shared/scoring/scoring-error.ts'

// Fish weight estimates (docs/scoring-rules.md §5.1): `length-girth-<divisor>` = L × G² ÷ divisor and `length-cubed-<divisor>`
// = L³ ÷ divisor, inches to pounds, any positive divisor (the species picks it: 800 general, 1600 bass, …).

const FISH_CATEGORY = /^length-(girth|cubed)-(\d{1,9}(?:\.\d{1,9})?)$/

/** The formula of a fish category id, or undefined when the id is not a fish formula. */
export function readFishFormula(category: string): FishFormula | undefined {
  const match = FISH_CATEGORY.exec(category)
  if (!match) return undefined
  const divisor = match[2] ?? ''
  if (!/[1-9]/.test(divisor))
    throw new ScoringError(`${JSON.stringify(category)}: the divisor must be more than 0`, ['category'])
  const type = match[1] === 'girth' ? 'length-girth' : 'length-cubed'
  const text = type === 'length-girth' ? `length × girth² ÷ ${divisor}` : `length³ ÷ ${divisor}`
  return { type, divisor, text }
}

export function buildFishChart(category: string, formula: FishFormula): Chart {
  const girth = formula.type === 'length-girth'
  return {
    category,
    name: `Fish weight: ${formula.text}`,
    kind: 'fish',
    system: 'fish',
    systems: ['fish'],
    unit: 'sixteenths',
    spreadRows: [],
    sideRows: [],
    sideLists: [],
    singleRows: [
      row(
        'lengthIn',
        '',
        'Length',
        girth
          ? 'From the tip of the lower jaw to the fork of the tail, in inches.'
          : 'Total length, from the tip of the snout to the tip of the tail with the lobes pinched together, in inches.',
        { required: true },
      ),
      ...(girth
        ? [row('girthIn', '', 'Girth', 'Around the body at its thickest point, in inches.', { required: true })]
        : []),
    ],
    singleLists: [],
    notes: [
      `Estimated weight (lb) = ${formula.text}, with lengths in inches.`,
      'An estimate, not a scale weight: expect it to be off by about 10 %.',
    ],
    minimums: {},
    formula,
  }
}
