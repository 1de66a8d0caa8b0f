import { type AntleredCategory, CATEGORY_MINIMUMS } from '#shared/scoring/categories.ts'
import {
  type Chart,
  type ChartList,
  type ChartRow,
  deductsDifferences,
  row,
  type System,
  sideRow,
} from '#shared/scoring/chart.ts'
import type { ScoringRules } from '#shared/scoring/decisions.ts'

// B&C antler charts for deer and elk (docs/scoring-rules.md §1.1–§1.4): A points, B tip-to-tip, C greatest spread,
// D inside spread, E abnormal points, F main beam, G-1… normal points, H-1…H-4 circumferences.

type Pattern = 'whitetail' | 'mule-deer' | 'elk'
type AntlerInfo = { name: string; pattern: Pattern; nonTypical: boolean; crown: boolean }

export const ANTLER_INFO: Record<AntleredCategory, AntlerInfo> = {
  'whitetail-typical': { name: 'Whitetail deer, typical', pattern: 'whitetail', nonTypical: false, crown: false },
  'whitetail-non-typical': {
    name: 'Whitetail deer, non-typical',
    pattern: 'whitetail',
    nonTypical: true,
    crown: false,
  },
  'coues-typical': { name: "Coues' whitetail deer, typical", pattern: 'whitetail', nonTypical: false, crown: false },
  'coues-non-typical': {
    name: "Coues' whitetail deer, non-typical",
    pattern: 'whitetail',
    nonTypical: true,
    crown: false,
  },
  'mule-deer-typical': { name: 'Mule deer, typical', pattern: 'mule-deer', nonTypical: false, crown: false },
  'mule-deer-non-typical': { name: 'Mule deer, non-typical', pattern: 'mule-deer', nonTypical: true, crown: false },
  'columbia-blacktail-typical': {
    name: 'Columbia blacktail deer, typical',
    pattern: 'mule-deer',
    nonTypical: false,
    crown: false,
  },
  'sitka-blacktail-typical': {
    name: 'Sitka blacktail deer, typical',
    pattern: 'mule-deer',
    nonTypical: false,
    crown: false,
  },
  'elk-typical': { name: 'American elk, typical', pattern: 'elk', nonTypical: false, crown: false },
  'elk-non-typical': { name: 'American elk, non-typical', pattern: 'elk', nonTypical: true, crown: false },
  'roosevelt-elk': { name: "Roosevelt's elk", pattern: 'elk', nonTypical: false, crown: true },
  'tule-elk': { name: 'Tule elk', pattern: 'elk', nonTypical: false, crown: true },
}

const TIP = 'from the top edge of the main beam (where a tape laid along the beam crosses the point) to its tip'
const MISSING = 'Leave it blank if this point is missing: it counts 0.'

// Normal points per pattern: whitetail G-1…G-7, mule deer and blacktail G-1…G-4 (§1.3), elk G-1…G-7 (§1.4).
const POINTS: Record<Pattern, string[]> = {
  whitetail: [
    'Brow tine (eye guard), the first normal point',
    'Second normal point',
    'Third normal point',
    'Fourth normal point',
    'Fifth normal point',
    'Sixth normal point',
    'Seventh normal point',
  ],
  'mule-deer': [
    'Brow tine (eye guard), often small or missing',
    'Second point: the rear fork point off the main beam',
    'Third point: the point growing off G-2 (the rear fork)',
    'Fourth point: the front fork point off the main beam',
  ],
  elk: [
    'Brow tine (G-1)',
    'Bez tine, the second point',
    'Trez tine, the third point',
    'Royal tine (sword or dagger point), the fourth point',
    'Fifth point',
    'Sixth point',
    'Seventh point',
  ],
}

// Circumference locations (§1.2, §1.3, §1.4).
const CIRCUMFERENCES: Record<Pattern, string[]> = {
  whitetail: [
    'between the burr and the first point (G-1). If G-1 is missing, take H-1 and H-2 both at the smallest place between the burr and G-2',
    'between the first and second points (G-1 and G-2)',
    'between the second and third points (G-2 and G-3)',
    'between the third and fourth points (G-3 and G-4). If G-4 is missing, take it halfway between G-3 and the beam tip',
  ],
  'mule-deer': [
    'between the burr and the brow point (G-1)',
    'between the brow point (G-1) and the second point (G-2)',
    'on G-2, between the main beam and the third point (G-3)',
    'on the main beam, between the second point (G-2) and the fourth point (G-4)',
  ],
  elk: [
    'between the first and second points (G-1 and G-2)',
    'between the second and third points (G-2 and G-3)',
    'between the third and fourth points (G-3 and G-4)',
    'between the fourth and fifth points (G-4 and G-5)',
  ],
}

export function buildAntlerChart(category: AntleredCategory, system: System, rules: ScoringRules): Chart {
  const info = ANTLER_INFO[category]
  const deducts = deductsDifferences(system)
  const spreadCapped = system !== 'sci' || rules.sciSpreadCapped
  const abnormalEffect: ChartList['effect'] = info.nonTypical
    ? 'added'
    : system !== 'sci' || rules.sciTypicalSubtractsAbnormal
      ? 'subtracted'
      : 'recorded'
  return {
    category,
    name: info.name,
    kind: 'antlers',
    system,
    systems: ['bc', 'py', 'sci'],
    unit: 'eighths',
    spreadCredit: spreadCapped ? 'longer-beam' : 'full',
    spreadRows: spreadRows(spreadCapped),
    sideRows: [
      row('points', 'A', 'Number of points', POINTS_HELP, { quantity: 'count', scored: false }),
      sideRow(
        'F',
        'F',
        'Length of main beam',
        'From the lowest outside edge of the burr, along the outer side of the beam, to the most distant point of the tip.',
        deducts,
      ),
      ...pointRows(info.pattern, deducts),
      ...CIRCUMFERENCES[info.pattern].map((where, i) =>
        sideRow(
          `H${i + 1}`,
          `H-${i + 1}`,
          `Circumference H-${i + 1}`,
          `Circumference at the smallest place ${where}.`,
          deducts,
        ),
      ),
    ],
    sideLists: [abnormalList(abnormalEffect, info.crown), ...(info.crown ? [CROWN_LIST] : [])],
    singleRows: [],
    singleLists: [],
    notes: notes(deducts, spreadCapped, abnormalEffect, info.crown),
    minimums: CATEGORY_MINIMUMS[category],
  }
}

const POINTS_HELP =
  'Count the points on this antler at least 1 inch long and longer than they are wide 1 inch or more from the tip. The beam tip counts as a point but is not measured. Recorded, not scored.'

function spreadRows(capped: boolean): ChartRow[] {
  return [
    row(
      'tipToTipSpread',
      'B',
      'Tip-to-tip spread',
      'Straight distance between the tips of the main beams. Recorded, not scored.',
      { scored: false },
    ),
    row(
      'greatestSpread',
      'C',
      'Greatest spread',
      "Widest distance across the antlers, at right angles to the skull's centre line. Recorded, not scored.",
      { scored: false },
    ),
    row(
      'insideSpread',
      'D',
      'Inside spread of main beams',
      `Widest distance between the inner sides of the main beams, at right angles to the skull's centre line.${
        capped ? ' Spread credit may equal but not exceed the length of the longer main beam.' : ''
      }`,
    ),
  ]
}

function pointRows(pattern: Pattern, deducts: boolean): ChartRow[] {
  return POINTS[pattern].map((what, i) =>
    sideRow(`G${i + 1}`, `G-${i + 1}`, `Length of point G-${i + 1}`, `${what}: ${TIP}. ${MISSING}`, deducts),
  )
}

function abnormalList(effect: ChartList['effect'], crown: boolean): ChartList {
  const what = crown
    ? 'Points below the crown that are off the normal pattern: drop tines, points off the burr or off other points.'
    : 'Points off another point, off the bottom or sides of the beam, or beyond the normal pattern.'
  const does = { added: 'Added to the score.', subtracted: 'Subtracted from the score.', recorded: 'Not scored.' }
  return {
    key: 'abnormal',
    letter: 'E',
    label: 'Abnormal points',
    help: `${what} Enter each length. ${does[effect]}`,
    effect,
  }
}

// Crown points of Roosevelt's and tule elk (§1.4, §8 settled 1; bbandzapps/BuckScoreApp WesternElkProfile.kt).
const CROWN_LIST: ChartList = {
  key: 'crown',
  letter: '',
  label: 'Crown points',
  help: 'The extra points growing on the fourth (sword) point or higher that form the crown. Enter each length; both antlers are added together, with no right/left difference.',
  effect: 'added',
}

function notes(deducts: boolean, capped: boolean, abnormal: ChartList['effect'], crown: boolean): string[] {
  return [
    capped
      ? 'Spread credit is the inside spread, but no more than the length of the longer main beam.'
      : 'The full inside spread is credited (SCI: no limit at the longer main beam).',
    deducts
      ? 'Difference column: the right/left difference of every F, G and H row is deducted. A point missing on one side counts 0, so its whole length on the other side is deducted.'
      : 'No symmetry deductions (SCI).',
    abnormal === 'added'
      ? 'Non-typical: the abnormal points (E) are added.'
      : abnormal === 'subtracted'
        ? 'Typical: the abnormal points (E) are subtracted.'
        : 'Typical: abnormal points are left out of the score (SCI).',
    ...(crown ? ['Crown points are added in one total for both antlers, outside the difference column.'] : []),
  ]
}
