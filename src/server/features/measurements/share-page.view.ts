import { entryScoreText, lengthText, notationOf, weightText } from '#shared/measurements/display.ts'
import type { SharedMeasurement } from '#shared/schemas/measurements.ts'

// The share page (/share/:id) is the client's page; the server only adds the Open Graph and Twitter card tags to
// its <head>, so a pasted link previews with the photo, species and score on Facebook, X and messengers.

/** Text for an HTML attribute or element: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** When the app serves no built client (tests, API-only), the tags still go into a page of their own. */
export const MINIMAL_PAGE =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Fieldmark</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n'

/** 'Ada', else the first word of the account name, else 'A member'. */
export function firstNameOf(firstName: string | null, name: string | null | undefined): string {
  const first = firstName?.trim() || name?.trim().split(/\s+/)[0]
  return first || 'A member'
}

export type ShareTags = { title: string; description: string; image: string | null; url: string }

export function shareTags(measurement: SharedMeasurement, ownerName: string, baseUrl: string): ShareTags {
  const base = baseUrl.replace(/\/+$/, '')
  const who = firstNameOf(measurement.owner.firstName, ownerName)
  const { score, size } = shareValues(measurement)
  const title = `${who}'s ${measurement.species}${size ? ` — ${size}` : ''}`
  const description = [
    measurement.species,
    score,
    `Trophy class: ${measurement.trophyClass}`,
    measurement.location.region,
    measurement.caption,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ')
  const cover = measurement.coverPhotoId ?? measurement.photos[0]?.id ?? null
  return {
    title,
    description,
    image: cover ? `${base}/api/photos/${encodeURIComponent(cover)}/display` : null,
    url: `${base}/share/${encodeURIComponent(measurement.id)}`,
  }
}

/**
 * The size in the title and the score in the description, written as the app writes them (imperial: a link
 * preview has no viewer's units). A fish's score is its weight, so it reads as one: `Weight 1.28 lb (est.)`.
 */
function shareValues(measurement: SharedMeasurement): { score: string | null; size: string | null } {
  const { summary, sheet } = measurement
  const length =
    summary.lengthIn !== null ? lengthText(summary.lengthIn, 'imperial', notationOf(sheet?.category)) : null
  const weight =
    summary.weightLbs === null ? null : `${weightText(summary.weightLbs)}${summary.weightEstimated ? ' (est.)' : ''}`
  if (sheet?.system === 'fish') return { score: weight ? `Weight ${weight}` : null, size: weight ?? length }
  const score = entryScoreText(measurement)
  return { score: score ? `Score ${score}` : null, size: score ?? length ?? weight }
}

export function metaTags(tags: ShareTags): string {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`
  return [
    property('og:type', 'article'),
    property('og:site_name', 'Fieldmark'),
    property('og:title', tags.title),
    property('og:description', tags.description),
    property('og:url', tags.url),
    ...(tags.image ? [property('og:image', tags.image)] : []),
    named('twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', tags.title),
    named('twitter:description', tags.description),
    ...(tags.image ? [named('twitter:image', tags.image)] : []),
  ].join('\n')
}

/** The page with the tags at the end of <head>, and its <title> set to the share title. */
export function injectTags(html: string, tags: ShareTags): string {
  const withTitle = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(tags.title)} · Fieldmark</title>`)
    : html
  const at = withTitle.search(/<\/head>/i)
  const tagsHtml = `${metaTags(tags)}\n`
  return at < 0 ? `${tagsHtml}${withTitle}` : `${withTitle.slice(0, at)}${tagsHtml}${withTitle.slice(at)}`
}
