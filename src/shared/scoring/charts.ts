import {
  ANTLERED_CATEGORIES,
  type AntleredCategory,
  CARIBOU_CATEGORIES,
  type CaribouCategory,
  type ChartCategory,
  HORN_CATEGORIES,
  type HornCategory,
  MOOSE_CATEGORIES,
  type MooseCategory,
  SKULL_CATEGORIES,
  type SkullCategory,
  TURKEY_CATEGORIES,
} from './categories.ts'
import { type Chart, SYSTEMS, type System } from './chart.ts'
import { buildAntlerChart } from './charts/antler-charts.ts'
import { buildCaribouChart } from './charts/caribou-chart.ts'
import { buildFishChart, readFishFormula } from './charts/fish-chart.ts'
import { buildHornChart } from './charts/horn-charts.ts'
import { buildMooseChart } from './charts/moose-chart.ts'
import { buildSkullChart } from './charts/skull-chart.ts'
import { buildTurkeyChart } from './charts/turkey-chart.ts'
import { DEFAULT_RULES, type ScoringRules } from './decisions.ts'
import { ScoringError } from './scoring-error.ts'

/** Every category with a chart, in the order of docs/scoring-rules.md §9. Fish use formula ids (`length-girth-800`). */
export const CHART_CATEGORIES: readonly ChartCategory[] = [
  ...ANTLERED_CATEGORIES,
  ...MOOSE_CATEGORIES,
  ...CARIBOU_CATEGORIES,
  ...HORN_CATEGORIES,
  ...SKULL_CATEGORIES,
  ...TURKEY_CATEGORIES,
]

const is = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

/**
 * The chart of a category as scored by `system` (default: its first system). Throws a ScoringError naming the
 * field when either is unknown or the pair makes no sense (nwtf + whitetail-typical).
 */
export function getChart(category: string, system?: System, rules: ScoringRules = DEFAULT_RULES): Chart {
  if (system !== undefined && !is(SYSTEMS, system)) {
    throw new ScoringError(`${JSON.stringify(system)} is not a scoring system (use ${SYSTEMS.join(', ')})`, ['system'])
  }
  const chart = buildChart(category, system ?? defaultSystem(category), rules)
  if (system !== undefined && !chart.systems.includes(system)) {
    throw new ScoringError(`${system} does not score ${category}; use ${joinOr(chart.systems)}${pairHint(system)}`, [
      'system',
    ])
  }
  return chart
}

function defaultSystem(category: string): System {
  if (is(TURKEY_CATEGORIES, category)) return 'nwtf'
  if (category.startsWith('length-')) return 'fish'
  return 'bc'
}

function buildChart(category: string, system: System, rules: ScoringRules): Chart {
  if (is<AntleredCategory>(ANTLERED_CATEGORIES, category)) return buildAntlerChart(category, system, rules)
  if (is<MooseCategory>(MOOSE_CATEGORIES, category)) return buildMooseChart(category, system)
  if (is<CaribouCategory>(CARIBOU_CATEGORIES, category)) return buildCaribouChart(category, system, rules)
  if (is<HornCategory>(HORN_CATEGORIES, category)) return buildHornChart(category, system, rules)
  if (is<SkullCategory>(SKULL_CATEGORIES, category)) return buildSkullChart(category, system)
  if (is(TURKEY_CATEGORIES, category)) return buildTurkeyChart()
  const formula = readFishFormula(category)
  if (formula) return buildFishChart(category, formula)
  throw new ScoringError(
    `${JSON.stringify(category)} is not a category (e.g. whitetail-typical, moose-canada, wild-turkey, length-girth-800)`,
    ['category'],
  )
}

function joinOr(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '')
}

function pairHint(system: System): string {
  if (system === 'nwtf') return ' (nwtf scores only wild-turkey)'
  if (system === 'fish') return ' (fish takes a formula category such as length-girth-800 or length-cubed-1600)'
  return ''
}
