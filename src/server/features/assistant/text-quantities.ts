// Numbers in a member's sentence, for the built-in calculators: "a 22 inch bass with a 15 inch girth", "spurs
// 1 1/8 and 1 inch", "13 4/8 long", "20 lb 8 oz", "61 cm". The text becomes tokens (numbers with their unit, words,
// separators); assignSlots then pairs label words with the numbers next to them. Pure: no I/O.

export const LENGTH_UNITS = ['in', 'cm', 'mm'] as const
export const WEIGHT_UNITS = ['lb', 'oz', 'kg', 'g'] as const
export type LengthUnit = (typeof LENGTH_UNITS)[number]
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
export type TextUnit = LengthUnit | WeightUnit

export type Quantity = {
  /** The number as written, normalised: `13 4/8`, `22.5`, `½`; for pounds and ounces together `20 lb 8 oz`. */
  text: string
  /** Its value in `unit` (pounds for `20 lb 8 oz`); NaN when it cannot be read (`3/0`). */
  value: number
  unit?: TextUnit
}

export type Token =
  | { kind: 'number'; quantity: Quantity }
  | { kind: 'word'; word: string }
  /** , ; : and sentence ends: a label across one of these is only weakly tied to its number. */
  | { kind: 'sep' }

const VULGAR: Record<string, number> = {
  '¼': 1 / 4,
  '½': 1 / 2,
  '¾': 3 / 4,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
}
const NUMBER = /^(?:(\d+)\s+(\d+)\/(\d+)|(\d+)\/(\d+)|(\d*)\s?([¼½¾⅛⅜⅝⅞])|(\d*\.\d+|\d+(?:\.\d+)?))(?![\d/])/u
const UNIT_WORDS: [RegExp, TextUnit][] = [
  [/^(?:inches|inch|in\.?(?![a-z])|"|''|″|”)/, 'in'],
  [/^(?:centimet(?:er|re)s?|cms?(?![a-z]))/, 'cm'],
  [/^(?:millimet(?:er|re)s?|mm(?![a-z]))/, 'mm'],
  [/^(?:pounds?|lbs?\.?(?![a-z]))/, 'lb'],
  [/^(?:ounces?|oz\.?(?![a-z]))/, 'oz'],
  [/^(?:kilograms?|kilos?|kgs?(?![a-z]))/, 'kg'],
  [/^(?:grams?|g(?![a-z0-9]))/, 'g'],
]

/** Lower case, one kind of fraction slash and quote; `1-1/8` → `1 1/8`, `G-2` → `g2`. */
export function normalise(message: string): string {
  return message
    .toLowerCase()
    .replace(/[⁄∕]/g, '/')
    .replace(/[‘’`]/g, "'")
    .replace(/(\d)\s*-\s*(\d+\/\d+)/g, '$1 $2')
    .replace(/\b([a-z])-(\d)\b/g, '$1$2')
}

export function tokenize(message: string): Token[] {
  const text = normalise(message)
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const rest = text.slice(i)
    const number = /^\d|^\.\d|^[¼½¾⅛⅜⅝⅞]/u.test(rest) ? NUMBER.exec(rest) : null
    if (number) {
      i += number[0].length
      const unit = readUnit(text.slice(i))
      i += unit.length
      tokens.push({ kind: 'number', quantity: { ...readNumber(number), ...(unit.unit ? { unit: unit.unit } : {}) } })
      continue
    }
    const word = /^[a-z][a-z0-9&']*/.exec(rest)
    if (word) {
      i += word[0].length
      tokens.push({ kind: 'word', word: word[0].replace(/'s$/, '').replace(/'/g, '') })
      continue
    }
    if (/^[,;:!?]|^\.(?!\d)/.test(rest)) tokens.push({ kind: 'sep' })
    i += 1
  }
  return mergePoundsOunces(tokens)
}

function readNumber(m: RegExpExecArray): Quantity {
  const [text, mixedWhole, mixedNum, mixedDen, num, den, vulgarWhole, vulgar, decimal] = m
  if (mixedWhole !== undefined) return fraction(text, Number(mixedWhole), Number(mixedNum), Number(mixedDen))
  if (num !== undefined) return fraction(text, 0, Number(num), Number(den))
  if (vulgar !== undefined)
    return { text: text.replace(/\s/g, ''), value: Number(vulgarWhole || 0) + (VULGAR[vulgar] ?? 0) }
  return { text: decimal ?? text, value: Number(decimal) }
}

function fraction(text: string, whole: number, num: number, den: number): Quantity {
  return { text: text.replace(/\s+/g, ' '), value: den === 0 ? Number.NaN : whole + num / den }
}

function readUnit(text: string): { length: number; unit?: TextUnit } {
  const lead = /^\s?-?\s?/.exec(text)?.[0] ?? ''
  const after = text.slice(lead.length)
  for (const [pattern, unit] of UNIT_WORDS) {
    const m = pattern.exec(after)
    if (m) return { length: lead.length + m[0].length, unit }
  }
  return { length: 0 }
}

/** `20 lb 8 oz` is one weight. */
function mergePoundsOunces(tokens: Token[]): Token[] {
  const out: Token[] = []
  for (const token of tokens) {
    const last = out.at(-1)
    if (
      token.kind === 'number' &&
      token.quantity.unit === 'oz' &&
      last?.kind === 'number' &&
      last.quantity.unit === 'lb' &&
      !last.quantity.text.includes('oz')
    ) {
      last.quantity = {
        text: `${last.quantity.text} lb ${token.quantity.text} oz`,
        value: last.quantity.value + token.quantity.value / 16,
        unit: 'lb',
      }
      continue
    }
    out.push(token)
  }
  return out
}

export function quantities(tokens: readonly Token[]): Quantity[] {
  return tokens.flatMap((t) => (t.kind === 'number' ? [t.quantity] : []))
}

export function words(tokens: readonly Token[]): string[] {
  return tokens.flatMap((t) => (t.kind === 'word' ? [t.word] : []))
}

export const isLength = (q: Quantity) => q.unit === undefined || (LENGTH_UNITS as readonly string[]).includes(q.unit)
export const isWeight = (q: Quantity) => q.unit !== undefined && (WEIGHT_UNITS as readonly string[]).includes(q.unit)

/** A label: the words that name a slot (`girth`, `around`), and whether it takes several numbers (`beards`). */
export type SlotSpec = {
  slot: string
  match: (word: string) => boolean
  list?: boolean
  /** The numbers this slot can take (e.g. lengths only); default any. */
  accepts?: (q: Quantity) => boolean
}
export type Slots = { values: Map<string, Quantity[]>; unlabelled: Quantity[] }

/** Words between a label and its number that say nothing: "a girth of 15", "spurs were 1 and 1 1/8". */
const FILLERS = new Set(
  'of is was were at about approx approximately roughly measuring measured measures measure with a an the its my his her it s to'.split(
    ' ',
  ),
)
const LIST_JOINERS = new Set(['and', '&', 'plus'])

type Candidate = { index: number; strong: boolean }

/**
 * Pairs each label word with an unclaimed number next to it (only fillers between): the one on the same side of a
 * separator wins; when both neighbours qualify ("length 30 girth 18"), the text's orientation decides (labels
 * first or numbers first). List slots take further numbers joined by "and" or a comma; a single slot named
 * twice keeps the later number. Numbers left over are `unlabelled`, in text order.
 */
export function assignSlots(tokens: readonly Token[], specs: readonly SlotSpec[]): Slots {
  const values = new Map<string, Quantity[]>()
  const claimed = new Set<number>()
  const labels = tokens.flatMap((t, index) => {
    if (t.kind !== 'word') return []
    const spec = specs.find((s) => s.match(t.word))
    return spec ? [{ index, spec }] : []
  })
  const labelAt = new Set(labels.map((l) => l.index))
  const firstNumber = tokens.findIndex((t) => t.kind === 'number')
  const labelsFirst = labels.length > 0 && (firstNumber < 0 || (labels[0]?.index ?? 0) < firstNumber)
  for (const { index, spec } of labels) {
    const accepts = spec.accepts ?? (() => true)
    const before = neighbour(tokens, index, -1, claimed, accepts)
    const after = neighbour(tokens, index, 1, claimed, accepts)
    const pick = choose(before, after, labelsFirst)
    if (!pick) continue
    const step = pick === after ? 1 : -1
    const taken = [pick.index, ...(spec.list ? more(tokens, pick.index, step, claimed, labelAt, accepts) : [])]
    for (const i of taken) claimed.add(i)
    const list = taken.sort((a, b) => a - b).map((i) => (tokens[i] as Extract<Token, { kind: 'number' }>).quantity)
    // A later label of a single slot overrides an earlier one ("… girth 15 … and with a 16 inch girth?").
    values.set(spec.slot, spec.list ? [...(values.get(spec.slot) ?? []), ...list] : list)
  }
  const unlabelled = tokens.flatMap((t, i) => (t.kind === 'number' && !claimed.has(i) ? [t.quantity] : []))
  return { values, unlabelled }
}

function neighbour(
  tokens: readonly Token[],
  from: number,
  step: 1 | -1,
  claimed: Set<number>,
  accepts: (q: Quantity) => boolean,
): Candidate | undefined {
  let strong = true
  for (let i = from + step; i >= 0 && i < tokens.length; i += step) {
    const t = tokens[i] as Token
    if (t.kind === 'number') return claimed.has(i) || !accepts(t.quantity) ? undefined : { index: i, strong }
    if (t.kind === 'sep') {
      if (!strong) return undefined
      strong = false
      continue
    }
    if (!FILLERS.has(t.word)) return undefined
  }
  return undefined
}

function choose(before: Candidate | undefined, after: Candidate | undefined, labelsFirst: boolean) {
  if (!before || !after) return before ?? after
  if (before.strong !== after.strong) return before.strong ? before : after
  return labelsFirst ? after : before
}

/**
 * The further numbers of a list: "1 1/8 and 1", "10, 9 and 8"; not a number that another label claims from the
 * far side ("spurs 1 1/8, 10 inch beard").
 */
function more(
  tokens: readonly Token[],
  from: number,
  step: 1 | -1,
  claimed: Set<number>,
  labelAt: Set<number>,
  accepts: (q: Quantity) => boolean,
) {
  const found: number[] = []
  let i = from + step
  while (i >= 0 && i < tokens.length) {
    const joiner = tokens[i] as Token
    const isJoiner = joiner.kind === 'sep' || (joiner.kind === 'word' && LIST_JOINERS.has(joiner.word))
    const next = tokens[i + step]
    if (!isJoiner || next?.kind !== 'number' || claimed.has(i + step) || !accepts(next.quantity)) break
    if (labelNext(tokens, i + step, step, labelAt)) break
    found.push(i + step)
    i += 2 * step
  }
  return found
}

function labelNext(tokens: readonly Token[], from: number, step: 1 | -1, labelAt: Set<number>): boolean {
  for (let i = from + step; i >= 0 && i < tokens.length; i += step) {
    const t = tokens[i] as Token
    if (t.kind !== 'word') return false
    if (labelAt.has(i)) return true
    if (!FILLERS.has(t.word)) return false
  }
  return false
}
