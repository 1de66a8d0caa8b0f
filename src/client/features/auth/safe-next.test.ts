import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_NEXT, safeNext } from './safe-next.ts'

const ORIGIN = 'https://fieldmark.example'

describe('safeNext', () => {
  it.each([
    ['a path of ours', '/admin', '/admin'],
    ['a path with query and fragment', '/measurements?tab=mine#top', '/measurements?tab=mine#top'],
    ['an encoded slash inside a path', '/species-guide/%2F%2Fevil.example', '/species-guide/%2F%2Fevil.example'],
    ['a tab between slashes (browsers drop it)', '/\t/evil.example/phish', DEFAULT_NEXT],
    ['a newline between slashes', '/\n/evil.example', DEFAULT_NEXT],
    ['a carriage return', '/\r/evil.example', DEFAULT_NEXT],
    ['a protocol-relative URL', '//evil.example', DEFAULT_NEXT],
    ['a backslash after the slash', '/\\evil.example', DEFAULT_NEXT],
    ['a leading backslash', '\\/evil.example', DEFAULT_NEXT],
    ['a backslash anywhere', '/admin\\..\\..', DEFAULT_NEXT],
    ['a dot segment that resolves to //', '/.//evil.example', DEFAULT_NEXT],
    ['an absolute URL elsewhere', 'https://evil.example/', DEFAULT_NEXT],
    ['an absolute URL of ours', `${ORIGIN}/admin`, DEFAULT_NEXT],
    ['a javascript: URL', 'javascript:alert(1)', DEFAULT_NEXT],
    ['a leading space', ' /admin', DEFAULT_NEXT],
    ['a relative path', 'admin', DEFAULT_NEXT],
    ['a DEL character', '/\u007f/evil.example', DEFAULT_NEXT],
    ['a C1 control character', '/\u0085/evil.example', DEFAULT_NEXT],
    ['empty', '', DEFAULT_NEXT],
    ['missing', null, DEFAULT_NEXT],
  ])('%s: %j → %j', (_what, next, expected) => {
    expect(safeNext(next, ORIGIN)).toBe(expected)
  })

  /** Strings made of the pieces open redirects are built from, plus any text. */
  const tricky = fc
    .array(
      fc.oneof(
        fc.constantFrom('/', '//', '\\', '\t', '\n', '\r', ' ', '.', '..', ':', '@', '?', '#', '%2f', '%09', '%5c'),
        fc.constantFrom('evil.example', 'https:', 'javascript:', 'fieldmark.example', '\u3000', '\u2028', '\u00a0'),
        fc.string({ unit: 'binary', maxLength: 4 }),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(''))

  it('accepts only values that resolve to our origin, wherever the page is', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          tricky.map((s) => `/${s}`),
        ),
        (next) => {
          const result = safeNext(next, ORIGIN)
          if (result === DEFAULT_NEXT) return
          expect(result).toBe(next)
          for (const page of [ORIGIN, `${ORIGIN}/sign-in?next=x`, `${ORIGIN}/a/b/c`]) {
            const url = new URL(result, page)
            expect(url.origin).toBe(ORIGIN)
            expect(url.pathname.startsWith('//')).toBe(false)
          }
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('keeps every plain path of ours', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/)
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const next = `/${segments.join('/')}`
        expect(safeNext(next, ORIGIN)).toBe(next)
      }),
    )
  })
})
