import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { findIllFormedText, ILL_FORMED_TEXT_MESSAGE, isWellFormedText, withWellFormedText } from './text.ts'

// The text rule: NUL and unpaired surrogates are refused wherever they are, everything else passes untouched.

const loneSurrogate = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdbff }).map((unit) => ({ unit, high: true })),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((unit) => ({ unit, high: false })),
)

/** Well-formed text around the bad character; a high surrogate is never followed by a low one, nor a low one preceded. */
const withLoneSurrogate = fc
  .tuple(fc.string({ unit: 'grapheme' }), loneSurrogate, fc.string({ unit: 'grapheme' }))
  .map(([before, { unit, high }, after]) => {
    const safeAfter = high ? `x${after}` : after
    const safeBefore = high ? before : `${before}x`
    return `${safeBefore}${String.fromCharCode(unit)}${safeAfter}`
  })

const withNul = fc
  .tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }))
  .map(([before, after]) => `${before}\u0000${after}`)

const illFormed = fc.oneof(withNul, withLoneSurrogate)
/** Any code point but NUL: surrogate pairs (emoji, astral letters) included, lone surrogates impossible. */
const wellFormed = fc.string({
  unit: fc
    .integer({ min: 1, max: 0x10ffff })
    .filter((cp) => cp < 0xd800 || cp > 0xdfff)
    .map(String.fromCodePoint),
})

describe('isWellFormedText', () => {
  it.each([
    ['plain text', 'Sheridan County, Montana', true],
    ['emoji (a surrogate pair)', 'big buck 🦌', true],
    ['empty', '', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', 'a\udc00b', false],
    ['a high surrogate at the end', 'buck\ud83e', false],
    ['a low surrogate at the start', '\udd8cbuck', false],
    ['a pair reversed', '\udd8c\ud83e', false],
  ])('%s → %s', (_name, text, ok) => {
    expect(isWellFormedText(text)).toBe(ok)
  })

  it('refuses any string holding NUL or a lone surrogate', () => {
    fc.assert(fc.property(illFormed, (text) => !isWellFormedText(text)))
  })

  it('accepts any well-formed string', () => {
    fc.assert(fc.property(wellFormed, (text) => isWellFormedText(text)))
  })
})

describe('findIllFormedText', () => {
  it('names the first bad string in document order', () => {
    const body = { a: 'fine', b: [{ c: 'ok' }, { d: 'x\u0000' }], e: '\ud800' }
    expect(findIllFormedText(body)).toEqual(['b', 1, 'd'])
  })

  it('names the value itself as the empty path', () => {
    expect(findIllFormedText('a\u0000')).toEqual([])
  })

  it('reports a bad key at the object that holds it', () => {
    expect(findIllFormedText({ sheet: { inputs: { 'a\u0000': 1 } } })).toEqual(['sheet', 'inputs'])
  })

  it('walks objects without a prototype and those query parsers make', () => {
    // fast-querystring's objects: their prototype is an object without a prototype.
    const query = Object.create(Object.create(null)) as Record<string, string>
    query.q = 'a\u0000b'
    expect(findIllFormedText({ query })).toEqual(['query', 'q'])
    expect(findIllFormedText(Object.assign(Object.create(null), { id: '\ud800' }))).toEqual(['id'])
  })

  it('ignores numbers, booleans, null and objects that are not plain data', () => {
    expect(findIllFormedText({ n: 1, b: true, z: null, d: new Date(0), bytes: new Uint8Array([0]) })).toBeUndefined()
  })

  it('walks 10,000 levels of nesting without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`)
    expect(findIllFormedText(deep)).toHaveLength(10_000)
  })

  it('finds a bad string anywhere in any JSON value', () => {
    const json = fc.jsonValue().map((v) => v ?? {})
    fc.assert(
      fc.property(json, illFormed, fc.context(), (value, bad, ctx) => {
        const wrapped = { before: value, bad: [bad] }
        ctx.log(JSON.stringify(wrapped))
        const found = findIllFormedText(wrapped)
        // The generated value may hold a bad string of its own (fc.jsonValue), found first.
        return found !== undefined && (findIllFormedText(value) !== undefined || found.join('.') === 'bad.0')
      }),
    )
  })

  it('finds nothing in well-formed JSON', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        wellFormed,
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(wellFormed, tie('value')),
      ),
    })).value
    fc.assert(fc.property(json, (value) => findIllFormedText(value) === undefined))
  })
})

describe('withWellFormedText', () => {
  const Form = withWellFormedText(z.object({ caption: z.string(), location: z.object({ region: z.string() }) }))

  it('refuses a bad field with an issue at its path', () => {
    const result = Form.safeParse({ caption: 'ok', location: { region: 'Mon\u0000tana' } })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['location', 'region'], message: ILL_FORMED_TEXT_MESSAGE }),
    ])
  })

  it('passes well-formed forms through unchanged', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, (caption, region) => {
        expect(Form.parse({ caption, location: { region } })).toEqual({ caption, location: { region } })
      }),
    )
  })
})
