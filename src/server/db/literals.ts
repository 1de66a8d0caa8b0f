import { type SQL, sql } from 'drizzle-orm'

// The only SQL literals written into statement texts (ADR 028: a generic plan cannot see a parameter's value, and
// PGlite's EXECUTE takes literals). Each accepts a closed format and throws for anything else, so none escapes.

/** A count, for LIMIT and the like: a generic plan would have to guess it were it a parameter. */
export function countLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`)
  return sql.raw(String(n))
}

/** Catalogue ids: lowercase letters, digits and dashes. */
const ID = /^[a-z0-9-]+$/
/** Catalogue names: letters, digits, spaces and dashes. */
const NAME = /^[A-Za-z0-9 -]+$/

function checked(text: string, format: RegExp): string {
  if (typeof text !== 'string' || !format.test(text)) throw new Error(`not a catalogue word: ${JSON.stringify(text)}`)
  return text
}

/** Catalogue ids as a list of literals (`'a', 'b'`), for `in (…)`. */
export function idListLiteral(ids: readonly string[]): SQL {
  if (ids.length === 0) throw new Error('an empty list')
  return sql.raw(ids.map((id) => `'${checked(id, ID)}'`).join(', '))
}

/** Catalogue ids to names as one JSON literal (a jsonb lookup); JSON could not be a PGlite value. */
export function idMapLiteral(map: Readonly<Record<string, string>>): SQL {
  const entries = Object.entries(map).map(([id, name]) => [checked(id, ID), checked(name, NAME)])
  return sql.raw(`'${JSON.stringify(Object.fromEntries(entries))}'`)
}
