import { paths } from '#client/app/paths.ts'
import { formatLength, formatWeight } from '#client/lib/units.ts'
import { entryScoreText, notationOf } from '#shared/measurements/display.ts'
import type { Measurement, MeasurementSummary, UnitSystem } from '#shared/schemas/measurements.ts'
import type { System } from '#shared/scoring/chart.ts'

// Sharing a measurement (docs/product.md §2 measurement card). Text and URLs are built here, pure, so
// they can be tested; share-actions.ts does the browser side (share sheet, clipboard, windows).

/** What sharing needs of a measurement (a Measurement or a SharedMeasurement). */
export type Shareable = Pick<Measurement, 'id' | 'species' | 'summary' | 'score' | 'caption' | 'visibility'> & {
  sheet: { system: System; category: string } | null
}

export function shareUrl(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, '')}${paths.share.href(id)}`
}

/** Fish are scored by their weight: the score would repeat the Weight. */
function scoreIsWeight(item: Shareable): boolean {
  return item.sheet?.system === 'fish'
}

export function weightText(summary: MeasurementSummary, units: UnitSystem): string | null {
  if (summary.weightLbs === null) return null
  return `${formatWeight(summary.weightLbs, units)}${summary.weightEstimated ? ' (est.)' : ''}`
}

/** 'Largemouth Bass - 22 in, 6.05 lb (est.)'; 'Whitetail Deer - 24 2/8 in, score 168 5/8 B&C'; just the species. */
function headline(item: Shareable, units: UnitSystem): string {
  const parts: string[] = []
  if (item.summary.lengthIn !== null) {
    parts.push(formatLength(item.summary.lengthIn, units, notationOf(item.sheet?.category)))
  }
  const weight = weightText(item.summary, units)
  if (weight) parts.push(weight)
  const score = entryScoreText(item, units)
  if (score && !scoreIsWeight(item)) parts.push(`score ${score}`)
  return parts.length > 0 ? `${item.species} - ${parts.join(', ')}` : item.species
}

/** The text of the share sheet and of Twitter (without the link, which travels separately there). */
export function shareMessage(item: Shareable, units: UnitSystem): string {
  return `Check out my ${headline(item, units)}`
}

/** docs/product.md §2: begins 'Check out my {species} - {length}', then the weight or score, then the link. */
export function shareText(item: Shareable, units: UnitSystem, origin: string): string {
  return `${shareMessage(item, units)} ${shareUrl(origin, item.id)}`
}

function hashtag(species: string): string {
  return `#${species.toLowerCase().replace(/[^a-z0-9]+/g, '')}`
}

/** Instagram cannot be posted to from a web page: this caption is copied for the member to paste. */
export function instagramCaption(item: Shareable, units: UnitSystem): string {
  const lines = [shareMessage(item, units)]
  if (item.caption) lines.push(item.caption)
  lines.push(`Measured with Fieldmark ${hashtag(item.species)} #fieldmark`)
  return lines.join('\n\n')
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`
}

export function twitterShareUrl(text: string, url: string): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`
}

/** Only a public measurement's share page opens for others (the page answers 404 for the rest). */
export function isOpenToOthers(item: Pick<Shareable, 'visibility'>): boolean {
  return item.visibility === 'public'
}
