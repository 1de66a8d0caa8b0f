import { MENTION_PATTERN } from '#shared/community/constants.ts'

// Mentions in a comment. The body keeps `@[First Last](userId)` tokens exactly as the member picked them;
// everything here is pure so the rules can be tested, and the body is only ever rendered as React text nodes.

export type BodySegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string }

/** A comment body as text and mention segments, in order. Anything that is not a whole token stays text. */
export function bodySegments(body: string): BodySegment[] {
  const segments: BodySegment[] = []
  let last = 0
  // matchAll works on a copy of the pattern, so its shared lastIndex is never touched.
  for (const match of body.matchAll(MENTION_PATTERN)) {
    const start = match.index ?? 0
    if (start > last) segments.push({ kind: 'text', text: body.slice(last, start) })
    segments.push({ kind: 'mention', name: (match[1] ?? '').trim() || 'Member', userId: match[2] ?? '' })
    last = start + match[0].length
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) })
  return segments
}

/** The name a token carries: no ']' or line breaks (they would end the token), at most 80 characters. */
export function mentionName(member: { firstName: string | null; lastName: string | null }): string {
  const name = [member.firstName, member.lastName]
    .map((part) => part?.replace(/[\]\r\n]/g, ' ').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 80)
    .trim()
  return name || 'Member'
}

export function mentionToken(member: { id: string; firstName: string | null; lastName: string | null }): string {
  return `@[${mentionName(member)}](${member.id})`
}

/** The '@name' being typed just before the caret: where its '@' is and the letters after it. */
export type MentionQuery = { start: number; query: string }

// '@' at the start or after a space or an opening bracket, then a letter, then letters, apostrophes, dots or
// hyphens, with at most one space inside ('@Sam Ca' looks for Sam Carter).
const TYPING = /(?:^|[\s(])@(\p{L}[\p{L}'.-]*(?: [\p{L}'.-]*)?)$/u

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const match = TYPING.exec(before)
  if (!match?.[1]) return null
  const query = match[1]
  if (query.length > 60) return null
  return { start: caret - query.length - 1, query: query.trimEnd() }
}

/** Replaces the '@query' being typed with the member's token and a space; returns the text and the new caret. */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  member: { id: string; firstName: string | null; lastName: string | null },
): { text: string; caret: number } {
  const token = `${mentionToken(member)} `
  const after = text.slice(caret).replace(/^ /, '')
  return { text: text.slice(0, at.start) + token + after, caret: at.start + token.length }
}
