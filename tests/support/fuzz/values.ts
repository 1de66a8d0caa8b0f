import { randomUUID } from 'node:crypto'
import fc from 'fast-check'

// Hostile values for the OpenAPI-driven fuzz: bad text, wrong types, huge and deep values, forged cursors.

/**
 * A value that JSON.stringify cannot write or that is too big to print in a counterexample: 1e999 (parsed as
 * Infinity), a 1 MB string, 10,000 levels of arrays. `json` goes into a JSON body as is, `text` into a URL.
 */
export class Raw {
  readonly label: string
  readonly json: () => string
  readonly text: () => string
  constructor(label: string, json: () => string, text: () => string) {
    this.label = label
    this.json = json
    this.text = text
  }
  [fc.toStringMethod]() {
    return `Raw(${this.label})`
  }
}

const MB = 1024 * 1024
const huge = new Raw(
  '1 MB string',
  () => JSON.stringify('a'.repeat(MB)),
  () => 'a'.repeat(MB),
)
const DEPTH = 10_000
const deepArrays = new Raw(
  '10,000 nested arrays',
  () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
)
const number = (text: string) =>
  new Raw(
    text,
    () => text,
    () => text,
  )

export type Fuzzed = null | boolean | number | string | Raw | Fuzzed[] | { [key: string]: Fuzzed }

const SQL = ["' OR '1'='1", "'; drop table users; --", '1) or (1=1', '$$; select pg_sleep(1); $$', '\\', "''", '%_%']
const HTML = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '&lt;&#0;']
const NUMBER_TEXT = ['NaN', 'Infinity', '-Infinity', '-1', '-0', '0', '1e309', '-1e309', '0x1f', '1.5', ' 1', '1_000']
const ODD = ['', ' ', '\t\n', '\u202e', '\ufeff', 'null', 'undefined', 'true', '__proto__', 'constructor', '../../x']

/** A string with a NUL or a lone surrogate somewhere in it. */
export const illFormedText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff', '\udc00'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`)

/** Page cursors as the server makes them (base64url of `time|id`), with impossible times and odd ids. */
export function forgedCursor(ids: string[] = []): fc.Arbitrary<string> {
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  const anyTime = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 999_999 }),
    )
    .map(
      ([y, mo, d, h, mi, us]) => `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:00.${pad(us, 6)}Z`,
    )
  const time = fc.oneof(
    fc.constantFrom(
      '2026-02-30T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2025-02-29T12:00:00.000000Z',
      '2026-04-31T00:00:00.000000Z',
      '2026-01-01T24:00:00.000000Z',
      '2026-01-01T23:59:60.000000Z',
      '9999-12-31T23:59:59.999999Z',
      '0001-01-01T00:00:00.000000Z',
    ),
    anyTime,
  )
  const id = fc.oneof(fc.constantFrom(randomUUID(), 'x', '', ...ids), fc.uuid(), fc.string({ maxLength: 70 }))
  const encoded = fc.tuple(time, id).map(([at, who]) => Buffer.from(`${at}|${who}`, 'utf8').toString('base64url'))
  const junk = fc.oneof(
    fc.string(),
    fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('base64url')),
  )
  return fc.oneof({ weight: 3, arbitrary: encoded }, { weight: 1, arbitrary: junk })
}

/** Hostile text for any string field, query or path parameter. */
export function hostileText(extra: fc.Arbitrary<string>[] = []): fc.Arbitrary<string | Raw> {
  return fc.oneof(
    { weight: 4, arbitrary: illFormedText },
    { weight: 2, arbitrary: fc.constantFrom(...SQL, ...HTML, ...NUMBER_TEXT, ...ODD) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant(huge) },
    { weight: 1, arbitrary: forgedCursor() },
    ...extra.map((arbitrary) => ({ weight: 2, arbitrary })),
  )
}

/** Numbers JSON can carry (and 1e999, which parses as Infinity), and their text forms. */
export const hostileNumber: fc.Arbitrary<Fuzzed> = fc.oneof(
  fc.constantFrom<Fuzzed>(-1, 0, -0.5, 0.1, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 31) - 1, 2 ** 31),
  fc.constantFrom<Fuzzed>(number('1e999'), number('-1e999'), number('-0')),
  fc.constantFrom<Fuzzed>(...NUMBER_TEXT),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/** A value of the wrong type or shape: any JSON, nested arrays, objects with hostile keys. */
export const wrongType: fc.Arbitrary<Fuzzed> = fc.oneof(
  fc.constantFrom<Fuzzed>(null, true, false, [], {}, deepArrays, number('1e999')),
  hostileNumber,
  fc.array(hostileText(), { maxLength: 3 }),
  fc.dictionary(
    hostileText().filter((k): k is string => typeof k === 'string'),
    hostileText(),
    { maxKeys: 3 },
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Fuzzed>,
)

/** A whole body that is not the object the route expects. */
export const hostileBody: fc.Arbitrary<Fuzzed> = fc.oneof(
  fc.constantFrom<Fuzzed>(deepArrays, huge, null, 0, 'text', [], number('1e999')),
  illFormedText,
  fc.array(illFormedText, { maxLength: 3 }),
)

/** Unknown fields next to the known ones (with hostile names and values). */
export const unknownFields: fc.Arbitrary<Record<string, Fuzzed>> = fc.dictionary(
  fc.oneof(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'userId', 'x'), illFormedText),
  fc.oneof(hostileText(), wrongType),
  { minKeys: 1, maxKeys: 3 },
)

/** JSON text of a fuzzed value, with each Raw written in place. */
export function toJson(value: Fuzzed): string {
  const raws: Raw[] = []
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      raws.push(v)
      return `\u0001raw${raws.length - 1}\u0001`
    }
    return v
  })
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => (raws[Number(i)] as Raw).json())
}

/** A fuzzed value as URL text: strings as they are, Raw as its text, anything else as JSON. */
export function toText(value: Fuzzed): string {
  if (typeof value === 'string') return value
  if (value instanceof Raw) return value.text()
  return toJson(value)
}

/**
 * Percent-encodes one path segment or query value byte by byte; a lone surrogate becomes the three bytes it would
 * have in WTF-8 (%ED%A0%80 …), which is what a client that does not check its text sends.
 */
export function encodeUrlText(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase()
    } else {
      out += encodeURIComponent(text[i] as string)
    }
  }
  return out
}
