import { deductsDifferences } from '#shared/scoring/chart.ts'
import { listText } from '#shared/scoring/fractions.ts'
import type { ScoreLine, ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import {
  chartResult,
  formatter,
  recordedLines,
  sideBreakdown,
  spreadBreakdown,
  spreadCredit,
  spreadLine,
  sum,
  tallySides,
} from './frame.ts'

// Deer and elk, typical and non-typical, B&C/P&Y and SCI, in eighths: the arithmetic of docs/scoring-rules.md §1.1–§1.4
// and §3 (docs/scoring.md, "The arithmetic per kind"). Roosevelt's and tule elk crown points are one added total,
// outside the difference column; a net below 0 is reported as 0.

export function scoreAntlers(sheet: ParsedSheet): ScoreResult {
  const fmt = formatter(sheet)
  const deducts = deductsDifferences(sheet.system)
  const sides = tallySides(sheet)
  const spread = sheet.single.insideSpread ?? 0
  const credit = spreadCredit(sheet, spread, 'F')
  const abnormalRight = sheet.right.lists.abnormal
  const abnormalLeft = sheet.left.lists.abnormal
  const abnormal = sum(abnormalRight) + sum(abnormalLeft)
  const hasCrown = sheet.chart.sideLists.some((list) => list.key === 'crown')
  const crown = sum(sheet.right.lists.crown) + sum(sheet.left.lists.crown)
  const effect = sheet.chart.sideLists.find((list) => list.key === 'abnormal')?.effect ?? 'recorded'
  const difference = deducts ? sides.difference : 0

  const subtotal = credit + sides.right + sides.left + crown
  const afterDifference = subtotal - difference
  const abnormalChange = effect === 'added' ? abnormal : effect === 'subtracted' ? -abnormal : 0
  const raw = afterDifference + abnormalChange
  const score = Math.max(0, raw)
  const gross = spread + sides.right + sides.left + crown + abnormal

  const crownPart = hasCrown ? ' + crown' : ''
  const lines: ScoreLine[] = [
    ...recordedLines(sheet),
    { label: 'D Inside spread of main beams', value: fmt(spread) },
    spreadLine(sheet, spread, credit, 'F'),
    ...sides.lines,
    { label: 'Right antler total (F, G, H)', value: fmt(sides.right) },
    { label: 'Left antler total (F, G, H)', value: fmt(sides.left) },
    ...(deducts ? [{ label: 'Difference total', value: fmt(sides.difference) }] : []),
    { label: 'E Abnormal points, right', value: listText(abnormalRight, fmt) },
    { label: 'E Abnormal points, left', value: listText(abnormalLeft, fmt) },
    { label: 'E Total of abnormal points', value: fmt(abnormal) },
    ...(hasCrown
      ? [
          { label: 'Crown points, right', value: listText(sheet.right.lists.crown, fmt) },
          { label: 'Crown points, left', value: listText(sheet.left.lists.crown, fmt) },
          { label: 'Crown point total (both antlers)', value: fmt(crown) },
        ]
      : []),
    {
      label: `Subtotal (spread credit + right + left${crownPart})`,
      value: fmt(subtotal),
    },
    ...(deducts
      ? [
          { label: 'Less difference total', value: fmt(difference) },
          { label: 'Subtotal', value: fmt(afterDifference) },
        ]
      : []),
    abnormalLine(effect, abnormal, fmt),
    {
      label: deducts ? 'Net score' : 'SCI score',
      value: raw < 0 ? `${fmt(score)} (the sum is below 0: ${fmt(raw)})` : fmt(score),
    },
    { label: `B&C gross score (inside spread + both antlers${crownPart} + abnormal points)`, value: fmt(gross) },
    {
      label: `Gross score with spread credit (spread credit + both antlers${crownPart} + abnormal points)`,
      value: fmt(credit + sides.right + sides.left + crown + abnormal),
    },
  ]
  return chartResult(sheet, {
    scoreUnits: score,
    grossUnits: gross,
    spreadCreditUnits: credit,
    symmetryUnits: difference,
    abnormalUnits: abnormal,
    lines,
    breakdown: sideBreakdown(sheet, sides, spreadBreakdown(sheet, spread, credit, 'F')),
  })
}

function abnormalLine(effect: string, abnormal: number, fmt: (units: number) => string): ScoreLine {
  if (effect === 'added') return { label: 'Add E, abnormal points (non-typical)', value: fmt(abnormal) }
  if (effect === 'subtracted') return { label: 'Less E, abnormal points (typical)', value: fmt(abnormal) }
  return { label: 'E, abnormal points: left out (SCI typical)', value: fmt(abnormal) }
}
