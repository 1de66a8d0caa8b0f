// Knowledge passages built from the scoring engine's chart definitions (src/shared/scoring/charts): how each
// record-book chart is scored and how each of its lines is measured, in the engine's own words.

import { CHART_CATEGORIES, type Chart, type ChartList, type ChartRow, getChart } from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import type { KnowledgeDoc } from '../assistant.types.ts'
import { speciesHref } from './species-docs.ts'

const UNIT_TEXT = { eighths: '1/8 inch', sixteenths: '1/16 inch' } as const

const BOOKS: Record<string, string> = {
  antlers:
    'the Boone and Crockett Club chart; the Pope and Young Club uses the same chart, and SCI scores it without deductions',
  moose: 'the Boone and Crockett Club chart; the Pope and Young Club uses the same chart',
  caribou: 'the Boone and Crockett Club chart; the Pope and Young Club uses the same chart',
  horns: 'the Boone and Crockett Club chart; the Pope and Young Club uses the same chart',
  skull: 'the Boone and Crockett Club chart; the Pope and Young Club uses the same chart',
  turkey: 'the National Wild Turkey Federation (NWTF) formula',
}

export type ChartDoc = KnowledgeDoc & { category: string; rowKey?: string; keywords: string }

const speciesOfCategory = new Map<string, string>(
  SPECIES.flatMap((s) => s.scoringCategories.map((category) => [category, s.id] as const)),
)

const rowLine = (r: ChartRow | ChartList) => `- ${r.letter ? `${r.letter} ` : ''}${r.label}: ${r.help}`

function overviewText(chart: Chart): string {
  const rows = [...chart.spreadRows, ...chart.sideRows, ...chart.singleRows]
  const lists = [...chart.sideLists, ...chart.singleLists]
  return [
    `How to score ${chart.name} (${BOOKS[chart.kind] ?? chart.system}). Measure to the nearest ${UNIT_TEXT[chart.unit]}.`,
    ...rows.map(rowLine),
    ...lists.map(rowLine),
    ...chart.notes.map((note) => `- ${note}`),
  ].join('\n')
}

/**
 * Words a member may use for a line: how and where to measure it, where it starts when it is measured from a
 * point ('From the lowest outside edge of the burr…'), and the point's own name ('Royal tine (sword or dagger
 * point)', 'Brow tine (eye guard)') when the help begins with it.
 */
function rowKeywords(line: ChartRow | ChartList): string {
  const words = ['how to measure measurement where take tape line']
  if (/(^|\s)from the /i.test(line.help)) words.push('start begin end')
  const name = /^([^:.]{3,80}):/.exec(line.help)?.[1]
  if (name) words.push(name)
  return words.join(' ')
}

export function buildChartDocs(): ChartDoc[] {
  const docs: ChartDoc[] = []
  const seen = new Set<string>()
  for (const category of CHART_CATEGORIES) {
    const chart = getChart(category)
    const speciesId = speciesOfCategory.get(category)
    const base = {
      kind: 'scoring-rules' as const,
      category,
      ...(speciesId ? { speciesId, href: speciesHref(speciesId) } : {}),
    }
    docs.push({
      ...base,
      id: `chart:${category}`,
      title: `How to score: ${chart.name}`,
      text: overviewText(chart),
      keywords: 'how to score measure scoring chart score sheet lines rack horns skull',
    })
    const lines = [
      ...chart.spreadRows,
      ...chart.sideRows,
      ...chart.singleRows,
      ...chart.sideLists,
      ...chart.singleLists,
    ]
    for (const line of lines) {
      const key = `${speciesId ?? category}|${line.letter}|${line.label}|${line.help}`
      if (seen.has(key)) continue
      seen.add(key)
      docs.push({
        ...base,
        id: `chart:${category}:${line.key}`,
        rowKey: line.key,
        title: `${chart.name}: ${line.letter ? `${line.letter} ` : ''}${line.label}`,
        text: `${line.letter ? `${line.letter}, ` : ''}${line.label} (${chart.name} chart): ${line.help}`,
        keywords: rowKeywords(line),
      })
    }
  }
  return docs
}
