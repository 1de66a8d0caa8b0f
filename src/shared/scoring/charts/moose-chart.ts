import { CATEGORY_MINIMUMS, type MooseCategory } from '#shared/scoring/categories.ts'
import { type Chart, deductsDifferences, row, type System, sideRow } from '#shared/scoring/chart.ts'

// B&C moose chart (docs/scoring-rules.md §1.5): A greatest spread (in full, no cap), B abnormal points (not scored),
// C normal points (1 inch each), D palm width, E palm length including brow palm, F beam circumference.

const NAMES: Record<MooseCategory, string> = {
  'moose-canada': 'Canada moose',
  'moose-alaska-yukon': 'Alaska-Yukon moose',
  'moose-shiras': 'Shiras moose',
}

export function buildMooseChart(category: MooseCategory, system: System): Chart {
  const deducts = deductsDifferences(system)
  return {
    category,
    name: NAMES[category],
    kind: 'moose',
    system,
    systems: ['bc', 'py', 'sci'],
    unit: 'eighths',
    spreadCredit: 'full',
    spreadRows: [
      row(
        'greatestSpread',
        'A',
        'Greatest spread',
        "Widest distance across the antlers, at right angles to the skull's centre line. Credited in full.",
      ),
    ],
    sideRows: [
      row(
        'abnormalPoints',
        'B',
        'Number of abnormal points',
        'Points that do not grow from the outer edge of the palm. Recorded, not scored.',
        { quantity: 'count', scored: false },
      ),
      row(
        'points',
        'C',
        'Number of normal points',
        'Points on the outer edge of the palm at least 1 inch long and longer than they are wide 1 inch or more from the tip. Each point counts 1 inch.',
        { quantity: 'count', difference: deducts },
      ),
      sideRow(
        'palmWidth',
        'D',
        'Width of palm',
        'Across the palm at its widest, in contact with its under surface and at right angles to its inner edge, from the middle of one edge to the middle of the other.',
        deducts,
      ),
      sideRow(
        'palmLength',
        'E',
        'Length of palm including brow palm',
        'Along the under side of the palm, parallel to its inner edge, from the dips between points at the top to the dips between points (if any) at the bottom.',
        deducts,
      ),
      sideRow(
        'beamCirc',
        'F',
        'Circumference of beam',
        'Circumference of the beam at its smallest place, between the burr and the palm.',
        deducts,
      ),
    ],
    sideLists: [],
    singleRows: [],
    singleLists: [],
    notes: [
      'The greatest spread is credited in full; moose have no spread limit.',
      'Each normal point counts 1 inch.',
      deducts
        ? 'Difference column: the right/left difference of rows C to F is deducted.'
        : 'No symmetry deductions (SCI).',
    ],
    minimums: CATEGORY_MINIMUMS[category],
  }
}
