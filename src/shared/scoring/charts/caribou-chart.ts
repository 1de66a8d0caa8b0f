import { CATEGORY_MINIMUMS, type CaribouCategory } from '#shared/scoring/categories.ts'
import { type Chart, deductsDifferences, row, type System, sideRow } from '#shared/scoring/chart.ts'
import type { ScoringRules } from '#shared/scoring/decisions.ts'

// B&C caribou chart (docs/scoring-rules.md §1.6): A tip-to-tip, B greatest spread, C inside spread, D points, E beam,
// F-1…F-5 points, G-1, G-2 palm widths, H-1…H-4. A caribou point need only be 1/2 inch; no abnormal points.

const NAMES: Record<CaribouCategory, string> = {
  'caribou-barren-ground': 'Barren ground caribou',
  'caribou-mountain': 'Mountain caribou',
  'caribou-woodland': 'Woodland caribou',
  'caribou-central-canada-barren-ground': 'Central Canada barren ground caribou',
  'caribou-quebec-labrador': 'Quebec-Labrador caribou',
}

const POINT = 'A point must be at least 1/2 inch long.'

export function buildCaribouChart(category: CaribouCategory, system: System, rules: ScoringRules): Chart {
  const deducts = deductsDifferences(system)
  const brow = deducts && rules.caribouBrowDifferencesDeducted
  const counted = rules.caribouPointCountsScored
  const capped = system !== 'sci' || rules.sciSpreadCapped ? rules.caribouSpreadCapped : false
  const recorded = counted ? '' : ' Recorded, not scored.'
  return {
    category,
    name: NAMES[category],
    kind: 'caribou',
    system,
    systems: ['bc', 'py', 'sci'],
    unit: 'eighths',
    spreadCredit: capped ? 'longer-beam' : 'full',
    spreadRows: [
      row(
        'tipToTipSpread',
        'A',
        'Tip-to-tip spread',
        'Straight distance between the tips of the main beams. Recorded, not scored.',
        {
          scored: false,
        },
      ),
      row(
        'greatestSpread',
        'B',
        'Greatest spread',
        "Widest distance across the antlers, at right angles to the skull's centre line. Recorded, not scored.",
        {
          scored: false,
        },
      ),
      row(
        'insideSpread',
        'C',
        'Inside spread of main beams',
        `Widest distance between the inner sides of the main beams.${capped ? ' Spread credit may equal but not exceed the length of the longer main beam.' : ''}`,
      ),
    ],
    sideRows: [
      row(
        'points',
        'D',
        'Number of points, excluding the brow',
        `Count the points on this antler, not counting those on the brow. ${POINT}${recorded}`,
        {
          quantity: 'count',
          scored: counted,
          difference: counted && deducts,
        },
      ),
      row('browPoints', 'D', 'Number of points on the brow', `Count the points on the brow palm. ${POINT}${recorded}`, {
        quantity: 'count',
        scored: counted,
      }),
      sideRow(
        'E',
        'E',
        'Length of main beam',
        'From the lowest outside edge of the burr, along the outer side of the beam, to the most distant point of the tip.',
        deducts,
      ),
      sideRow(
        'F1',
        'F-1',
        'Length of brow palm or first point',
        `From the top edge of the main beam to the tip of the longest brow point.${brow ? '' : ' No difference is taken.'}`,
        brow,
      ),
      sideRow(
        'F2',
        'F-2',
        'Length of bez or second point',
        'From the top edge of the main beam to the tip of the longest bez point.',
        deducts,
      ),
      sideRow(
        'F3',
        'F-3',
        'Length of rear point, if present',
        'From the edge of the beam to the tip of the rear point. Leave it blank if there is none: it counts 0.',
        deducts,
      ),
      sideRow(
        'F4',
        'F-4',
        'Length of second longest top point',
        'The second longest point of the top palm, from the edge of the palm to its tip.',
        deducts,
      ),
      sideRow(
        'F5',
        'F-5',
        'Length of longest top point',
        'The longest point of the top palm, from the edge of the palm to its tip.',
        deducts,
      ),
      sideRow(
        'G1',
        'G-1',
        'Width of brow palm',
        `Widest part of the brow palm, at right angles to its length.${brow ? '' : ' No difference is taken.'}`,
        brow,
      ),
      sideRow(
        'G2',
        'G-2',
        'Width of top palm',
        'Widest part of the top palm, at right angles to its length, from the middle of one edge to the middle of the other.',
        deducts,
      ),
      sideRow(
        'H1',
        'H-1',
        'Circumference H-1',
        'Circumference at the smallest place between the brow and bez points.',
        deducts,
      ),
      sideRow(
        'H2',
        'H-2',
        'Circumference H-2',
        'Circumference at the smallest place between the bez and rear points.',
        deducts,
      ),
      sideRow(
        'H3',
        'H-3',
        'Circumference H-3',
        'Circumference at the smallest place before the first top point.',
        deducts,
      ),
      sideRow(
        'H4',
        'H-4',
        'Circumference H-4',
        'Circumference at the smallest place between the two longest top palm points.',
        deducts,
      ),
    ],
    sideLists: [],
    singleRows: [],
    singleLists: [],
    notes: [
      capped
        ? 'Spread credit is the inside spread, but no more than the length of the longer main beam.'
        : 'The full inside spread is credited.',
      deducts
        ? `Difference column: every right/left difference is deducted${brow ? '' : ', except the brow (F-1 and G-1)'}.`
        : 'No symmetry deductions (SCI).',
      counted ? 'Each point counts 1 inch.' : 'The numbers of points are recorded, not scored.',
      'Caribou have no abnormal points.',
    ],
    minimums: CATEGORY_MINIMUMS[category],
  }
}
