// "How do I measure a whitetail?": the measuring steps of the species' kind of chart (antlers, horns, skull,
// turkey, fish), naming the record-book chart(s) the question points at, cited with the species' guide page.
import type { ChatReply } from '#shared/schemas/assistant.ts'
import { type ChartKind, getChart } from '#shared/scoring/index.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'
import { MEASURING_PASSAGES, stepsPassageId } from './knowledge/measuring-passages.ts'
import { speciesGuideTitle, speciesHref } from './knowledge/species-docs.ts'
import { categoriesMentioned } from './knowledge/species-match.ts'

function chartKindOf(species: Species): ChartKind | undefined {
  const category = species.scoringCategories[0]
  if (category) return getChart(category).kind
  return species.category.endsWith('Fish') ? 'fish' : undefined
}

/** The steps for the species, or null when it has no chart and is no fish (a pheasant, a squirrel). */
export function measuringStepsAnswer(species: Species, question: string): ChatReply | null {
  const kind = chartKindOf(species)
  const steps = kind && MEASURING_PASSAGES.find((p) => p.id === stepsPassageId(kind))
  if (!steps) return null
  const charts = categoriesMentioned(species, question).map((c) => CATEGORY_LABELS[c])
  const head =
    charts.length > 0
      ? `${species.name}: ${charts.length === 1 ? 'its chart is' : 'its charts are'} ${charts.join('; ')}.`
      : `${species.name}:`
  return {
    reply: [steps.title, head, steps.text].join('\n'),
    sources: [
      { kind: steps.kind, title: steps.title },
      { kind: 'species-guide', title: speciesGuideTitle(species), href: speciesHref(species.id) },
    ],
    answeredBy: 'built-in',
  }
}
