import type { z } from 'zod'

// PostgreSQL refuses NUL in text and jsonb, and an unpaired UTF-16 surrogate is not a character at all: text holding
// either cannot be stored, so it is refused as a field error where it arrives, not as a database failure.

export const ILL_FORMED_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates'

export type TextPath = (string | number)[]

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when the text can be stored: no NUL and no unpaired surrogate. */
export function isWellFormedText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)
}

type Visit = { value: unknown; key: string | number | undefined; parent: Visit | undefined }

function pathOf(visit: Visit): TextPath {
  const path: TextPath = []
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key)
  return path
}

/** Objects made of data: literals, JSON.parse's, and the null-prototype kind query parsers make; no class instances. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null
}

/**
 * The path of the first ill-formed string or key in `value` (a key at its object; `[]` for `value` itself), else
 * undefined. Walks without recursion, so deep nesting costs no stack.
 */
export function findIllFormedText(value: unknown): TextPath | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }]
  const seen = new WeakSet<object>()
  while (stack.length > 0) {
    const visit = stack.pop() as Visit
    const current = visit.value
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pathOf(visit)
      continue
    }
    if (Array.isArray(current)) {
      if (seen.has(current)) continue
      seen.add(current)
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: visit })
      continue
    }
    if (isPlainObject(current)) {
      if (seen.has(current)) continue
      seen.add(current)
      const keys = Object.keys(current)
      if (keys.some((key) => !isWellFormedText(key))) return pathOf(visit)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        stack.push({ value: current[key], key, parent: visit })
      }
    }
  }
  return undefined
}

/** The text rule on any schema (a field or a whole form): the first ill-formed string becomes an issue at its path. */
export function withWellFormedText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const path = findIllFormedText(value)
    if (path) ctx.addIssue({ code: 'custom', path, message: ILL_FORMED_TEXT_MESSAGE })
  }) as unknown as T
}
