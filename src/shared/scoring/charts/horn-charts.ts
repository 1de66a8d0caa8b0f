import { CATEGORY_MINIMUMS, type HornCategory } from '#shared/scoring/categories.ts'
import { type Chart, type ChartRow, deductsDifferences, row, type System, sideRow } from '#shared/scoring/chart.ts'
import type { ScoringRules } from '#shared/scoring/decisions.ts'

// B&C horn charts (docs/scoring-rules.md §1.7–§1.9): C horn length, D-1…D-4 circumferences, E prong (pronghorn);
// spreads recorded, not scored. Differences: pronghorn all; sheep D-1…D-4 only; goat all, per decisions.ts.

type HornKind = 'pronghorn' | 'sheep' | 'goat'
const INFO: Record<HornCategory, { name: string; kind: HornKind }> = {
  pronghorn: { name: 'Pronghorn', kind: 'pronghorn' },
  'bighorn-sheep': { name: 'Bighorn sheep', kind: 'sheep' },
  'desert-sheep': { name: 'Desert sheep', kind: 'sheep' },
  'dall-sheep': { name: "Dall's sheep", kind: 'sheep' },
  'stone-sheep': { name: "Stone's sheep", kind: 'sheep' },
  'mountain-goat': { name: 'Rocky Mountain goat', kind: 'goat' },
}

const LENGTH_HELP: Record<HornKind, string> = {
  pronghorn: 'From the lowest outside edge of the base, along the outer curve, to the tip.',
  sheep:
    'From the lowest front edge of the base, along the outer curve, to a square set against the tip (or the broomed end).',
  goat: 'From the lowest point in front of the base, along the outer curve, to the tip.',
}

const QUARTER =
  'Divide the length of the longer horn by four and mark both horns at those distances from the base; measure the circumference'
const PRONG_SWELLING = ' If the prong swelling falls on D-2, measure just below the prong; if on D-3, just above it.'

export function buildHornChart(category: HornCategory, system: System, rules: ScoringRules): Chart {
  const { name, kind } = INFO[category]
  const deducts = deductsDifferences(system)
  const lengthDeducted = deducts && (kind === 'pronghorn' || (kind === 'goat' && rules.goatLengthDifferenceDeducted))
  const swelling = kind === 'pronghorn' ? PRONG_SWELLING : ''
  const sideRows: ChartRow[] = [
    sideRow(
      'C',
      'C',
      'Length of horn',
      `${LENGTH_HELP[kind]}${lengthDeducted || !deducts ? '' : ' No difference is taken.'}`,
      lengthDeducted,
    ),
    sideRow(
      'D1',
      'D-1',
      'Circumference of base',
      'Circumference at the base, at right angles to the axis of the horn.',
      deducts,
    ),
    sideRow('D2', 'D-2', 'Circumference at first quarter', `${QUARTER} at the first mark.${swelling}`, deducts),
    sideRow('D3', 'D-3', 'Circumference at second quarter', `${QUARTER} at the second mark.${swelling}`, deducts),
    sideRow('D4', 'D-4', 'Circumference at third quarter', `${QUARTER} at the third mark.`, deducts),
  ]
  if (kind === 'pronghorn') {
    sideRows.push(
      sideRow(
        'E',
        'E',
        'Length of prong',
        'From the tip of the prong down its outer edge to the upper edge of the horn, then around the horn to the far side.',
        deducts,
      ),
    )
  }
  return {
    category,
    name,
    kind: 'horns',
    system,
    systems: ['bc', 'py', 'sci'],
    unit: 'eighths',
    spreadRows: spreadRows(kind),
    sideRows,
    sideLists: [],
    singleRows: [],
    singleLists: [],
    notes: [
      'Spreads are recorded, not scored.',
      !deducts
        ? 'No symmetry deductions (SCI).'
        : lengthDeducted
          ? 'Difference column: every right/left difference is deducted.'
          : 'Difference column: only the circumference (D) differences are deducted, not the difference in horn length.',
      'Only a steel tape may be used, never a cable.',
    ],
    minimums: CATEGORY_MINIMUMS[category],
  }
}

function spreadRows(kind: HornKind): ChartRow[] {
  const recorded = (key: string, letter: string, label: string, help: string, onPaperChart = true) =>
    row(key, letter, label, `${help} Recorded, not scored.`, { scored: false, onPaperChart })
  const tip = (letter: string) =>
    recorded(
      'tipToTipSpread',
      letter,
      'Tip-to-tip spread',
      'Straight distance between the tips of the horns.',
      letter !== '',
    )
  const greatest = (letter: string) =>
    recorded(
      'greatestSpread',
      letter,
      'Greatest spread',
      "Widest distance across the horns, at right angles to the skull's centre line.",
      letter !== '',
    )
  const inside = (letter: string) =>
    recorded(
      'insideSpread',
      letter,
      'Inside spread',
      'Widest distance between the inner sides of the horns.',
      letter !== '',
    )
  // Pronghorn chart: A tip-to-tip, B inside spread. Sheep and goat charts: A greatest spread, B tip-to-tip.
  return kind === 'pronghorn' ? [tip('A'), inside('B'), greatest('')] : [greatest('A'), tip('B'), inside('')]
}
