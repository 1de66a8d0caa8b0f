import type { ChatTurn } from '#shared/schemas/assistant.ts'
import { getChart } from '#shared/scoring/index.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import { findChartCategories, findNamedSpecies } from './species-words.ts'
import {
  assignSlots,
  isLength,
  isWeight,
  normalise,
  type Quantity,
  quantities,
  type SlotSpec,
  type Token,
  tokenize,
} from './text-quantities.ts'

// Reads a calculation asked in plain words ("what does a 22 inch bass with a 15 inch girth weigh", "score my
// turkey: 20 lb 8 oz, 10 inch beard, spurs 1 1/8 and 1 inch", "convert 24 inches to cm") into a calculator's
// name and arguments. Metric lengths and weights become inches and pounds, with a note saying so. Pure: no I/O.

export type CalculatorName = 'fish_weight' | 'nwtf_score' | 'bc_score' | 'convert_units'

export type CalculationRequest =
  | { name: CalculatorName; args: Record<string, unknown>; notes: string[] }
  /** The member clearly asked for this calculation, but something it needs is missing or unreadable. */
  | { name: CalculatorName; problem: string }

const CM_PER_INCH = 2.54
const KG_PER_POUND = 0.45359237

/** The calculation a message asks for, or null when it asks none (no numbers, or numbers for no calculator). */
export function readCalculationRequest(message: string, history: readonly ChatTurn[] = []): CalculationRequest | null {
  const own = readRequest(message)
  if (own || quantities(tokenize(message)).length === 0) return own
  // A follow-up with numbers only ("and with a 16 inch girth?"): the last question's calculation, its numbers
  // overridden by the new ones.
  const previous = history.findLast((turn) => turn.role === 'user')
  if (!previous || !readRequest(previous.text)) return null
  return readRequest(`${previous.text}\n${message}`)
}

function readRequest(message: string): CalculationRequest | null {
  const tokens = tokenize(message).filter((t) => !(t.kind === 'number' && isYear(t.quantity)))
  const numbers = quantities(tokens)
  if (numbers.length === 0) return null
  const text = normalise(message)
  return (
    readConversion(text, tokens, numbers) ??
    (TURKEY.test(text) ? readTurkey(text, tokens) : null) ??
    (SCORE.test(text) ? readScore(message, text) : null) ??
    (FISH_WEIGHT.test(text) ? readFish(message, tokens) : null)
  )
}

/** "in 2024", "the 2026 season": a year, not a measurement. */
const isYear = (q: Quantity) => !q.unit && /^\d{4}$/.test(q.text) && q.value >= 1900 && q.value <= 2100

const TURKEY = /\b(turkeys?|nwtf|gobblers?|beards?|spurs?)\b/
const SCORE = /\b(score|scores|scoring|gross|net|b&c|b and c|boone|crockett|p&y|pope|sci|safari|skull)\b/
const FISH_WEIGHT = /\b(weigh|weighs|weight|heavy|girth)\b/

// Conversions ----------------------------------------------------------------------------------------------------

const TARGETS: [RegExp, string][] = [
  [/^(?:pounds? and ounces?|lbs? and oz|lb-oz)$/, 'lb-oz'],
  [/^(?:eighths?)$/, 'eighths'],
  [/^(?:sixteenths?)$/, 'sixteenths'],
  [/^(?:inches|inch|in)$/, 'in'],
  [/^(?:centimet(?:er|re)s?|cms?)$/, 'cm'],
  [/^(?:millimet(?:er|re)s?|mm)$/, 'mm'],
  [/^(?:feet|foot|ft)$/, 'ft'],
  [/^(?:pounds?|lbs?)$/, 'lb'],
  [/^(?:ounces?|oz)$/, 'oz'],
  [/^(?:kilograms?|kilos?|kgs?)$/, 'kg'],
  [/^(?:grams?|g)$/, 'g'],
]
const LENGTHS = new Set(['in', 'cm', 'mm', 'ft', 'eighths', 'sixteenths'])

function targetUnit(text: string): string | undefined {
  if (/\b(pounds? and ounces?|lbs? and oz)\b/.test(text)) return 'lb-oz'
  const list = text.split(/[^a-z]+/)
  for (let i = 0; i < list.length; i += 1) {
    const word = list[i] ?? ''
    const next = list[i + 1] ?? ''
    // "in" is a preposition before another unit ("61 cm in inches") or after a verb; a unit after a number.
    if (word === 'in' && !/^(many|much)$/.test(list[i - 1] ?? '')) continue
    const unit = TARGETS.find(([pattern]) => pattern.test(word))?.[1]
    if (unit && !(word === 'in' && TARGETS.some(([p]) => p.test(next)))) return unit
  }
  return undefined
}

function readConversion(text: string, tokens: Token[], numbers: Quantity[]): CalculationRequest | null {
  const asked = /\b(convert|conversion)\b/.test(text) || /\bhow (many|much)\b|\b(to|in|into)\s+[a-z]/.test(text)
  if (!asked || numbers.length !== 1) return null
  // The unit words left after the number's own: "24 inches to cm" → cm.
  const rest = tokens
    .filter((t) => t.kind === 'word')
    .map((t) => (t as { word: string }).word)
    .join(' ')
  const to = targetUnit(rest)
  const [amount] = numbers as [Quantity]
  if (!to && !/\bconvert/.test(text)) return null
  const from = amount.unit ?? (to ? guessSource(to) : undefined)
  if (!from) return { name: 'convert_units', problem: 'Tell me the unit too, e.g. "convert 24 inches to cm".' }
  if (to && LENGTHS.has(to) !== LENGTHS.has(from)) return null
  if (!Number.isFinite(amount.value)) return { name: 'convert_units', problem: `I can't read "${amount.text}".` }
  const notes = amount.unit ? [] : [`I read ${amount.text} as ${UNIT_NAMES[from] ?? from}.`]
  return { name: 'convert_units', args: { value: amount.text, from, ...(to ? { to } : {}) }, notes }
}

const UNIT_NAMES: Record<string, string> = { in: 'inches', cm: 'centimetres', lb: 'pounds', kg: 'kilograms' }

function guessSource(to: string): string {
  if (to === 'cm' || to === 'mm' || to === 'eighths' || to === 'sixteenths') return 'in'
  if (to === 'in' || to === 'ft') return 'cm'
  if (to === 'kg' || to === 'g') return 'lb'
  return 'kg'
}

// Turkey ---------------------------------------------------------------------------------------------------------

const TURKEY_SLOTS: SlotSpec[] = [
  {
    slot: 'weight',
    match: (w) => /^(weight|weighed|weighs|weighing|weigh)$/.test(w),
    accepts: (q) => !q.unit || isWeight(q),
  },
  { slot: 'beards', match: (w) => /^beards?$/.test(w), list: true, accepts: isLength },
  { slot: 'spurs', match: (w) => /^spurs?$/.test(w), list: true, accepts: isLength },
]

function readTurkey(text: string, tokens: Token[]): CalculationRequest | null {
  const { values, unlabelled } = assignSlots(tokens, TURKEY_SLOTS)
  const notes: string[] = []
  const weight = values.get('weight')?.[0] ?? unlabelled.find(isWeight)
  if (!weight && !values.has('beards') && !values.has('spurs')) return null
  const need =
    'To score a turkey I need its weight (e.g. 20 lb 8 oz), each beard and both spurs, e.g. "score my turkey: 20 lb 8 oz, 10 inch beard, spurs 1 1/8 and 1 inch".'
  if (!weight) return { name: 'nwtf_score', problem: `I couldn't find the weight. ${need}` }
  const weightPounds = pounds(weight, notes)
  if (weightPounds === undefined) return { name: 'nwtf_score', problem: `"${weight.text}" is not a weight. ${need}` }
  const beards = values.get('beards') ?? []
  // "1 inch spurs": one length for both spurs.
  const spurs = values.get('spurs') ?? []
  if (spurs.length === 1 && /\bspurs\b/.test(text) && spurs[0]) {
    spurs.push(spurs[0])
    notes.push(`I took ${spurs[0].text}${spurs[0].unit ? ` ${spurs[0].unit}` : ''} for both spurs.`)
  }
  if (beards.length === 0 && spurs.length === 0) return { name: 'nwtf_score', problem: need }
  const lengths = [...beards, ...spurs].map((q) => inches(q, notes))
  if (lengths.some((l) => l === undefined))
    return { name: 'nwtf_score', problem: `Beards and spurs are lengths. ${need}` }
  return {
    name: 'nwtf_score',
    args: {
      weightPounds,
      beardsInches: lengths.slice(0, beards.length),
      spursInches: lengths.slice(beards.length, beards.length + 2),
    },
    notes,
  }
}

// Fish weight ----------------------------------------------------------------------------------------------------

const FISH_SLOTS: SlotSpec[] = [
  { slot: 'length', match: (w) => /^(length|long|len)$/.test(w), accepts: isLength },
  { slot: 'girth', match: (w) => /^(girth|around)$/.test(w), accepts: isLength },
]

function readFish(message: string, tokens: Token[]): CalculationRequest | null {
  const { values, unlabelled } = assignSlots(tokens, FISH_SLOTS)
  const loose = unlabelled.filter(isLength)
  const length = values.get('length')?.[0] ?? loose.shift()
  const girth = values.get('girth')?.[0] ?? loose.shift()
  // A bare number is a fish's length only beside a unit or a label ("a 22 inch bass", "length 30").
  if (!length || (!length.unit && !values.has('length') && !values.has('girth'))) return null
  const notes: string[] = []
  const named = findNamedSpecies(message).filter((s) => s.fishFormulas)
  const species = named[0]
  if (named.length > 1 && species) {
    notes.push(`${named.map((s) => s.name).join(', ')} all match; I used ${species.name}.`)
  }
  const lengthInches = inches(length, notes)
  const girthInches = girth ? inches(girth, notes) : undefined
  if (lengthInches === undefined || (girth && girthInches === undefined)) {
    return { name: 'fish_weight', problem: 'Length and girth are lengths, e.g. "22 inch bass with a 15 inch girth".' }
  }
  return {
    name: 'fish_weight',
    args: {
      ...(species ? { speciesId: species.id } : {}),
      lengthInches,
      ...(girthInches !== undefined ? { girthInches } : {}),
    },
    notes,
  }
}

// Record-book score ------------------------------------------------------------------------------------------------

const SKULL_SLOTS: SlotSpec[] = [
  { slot: 'skullLength', match: (w) => /^(length|long|len)$/.test(w), accepts: isLength },
  { slot: 'skullWidth', match: (w) => /^(width|wide|breadth)$/.test(w), accepts: isLength },
]

/** Chart words as one token: "inside spread" → insidespread, "main beams" → beam, "brow tines" → g1. */
function joinChartWords(text: string): string {
  return text
    .replace(/\binside spread\b/g, 'insidespread')
    .replace(/\bgreatest spread\b/g, 'greatestspread')
    .replace(/\btip[\s-]to[\s-]tip(?: spread)?\b/g, 'tiptotip')
    .replace(/\bmain beams?\b/g, 'beam')
    .replace(/\bbrow tines?\b/g, 'g1')
    .replace(/\babnormal points?\b/g, 'abnormal')
}

function readScore(message: string, text: string): CalculationRequest | null {
  const [category, ...others] = findChartCategories(message)
  if (!category || category === 'wild-turkey') return null
  const system = /\b(p&y|pope)\b/.test(text) ? 'py' : /\b(sci|safari)\b/.test(text) ? 'sci' : 'bc'
  const chart = getChart(category, system)
  const notes: string[] = []
  // "bear" is four charts: say which one scored it and how to ask for another.
  const alike = others.filter((c) => getChart(c).kind === chart.kind && !c.includes('non-typical'))
  if (alike.length > 0) {
    const names = alike.map((c) => CATEGORY_LABELS[c])
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]
    notes.push(`I used the ${CATEGORY_LABELS[category]} chart; ask for ${list} if it is one of those.`)
  }
  const tokens = tokenize(joinChartWords(text))
  const measurements: Record<string, unknown> = {}
  if (chart.kind === 'skull') {
    const { values, unlabelled } = assignSlots(tokens, SKULL_SLOTS)
    const loose = unlabelled.filter(isLength)
    const labelled = values.size
    for (const slot of ['skullLength', 'skullWidth']) {
      const q = values.get(slot)?.[0] ?? (labelled > 0 || unlabelled.length >= 2 ? loose.shift() : undefined)
      if (q) measurements[slot] = inches(q, notes)
    }
  } else {
    const { values } = assignSlots(tokens, chartSlots(chart))
    for (const [slot, list] of values) {
      const [right, left] = list.map((q) => inches(q, notes))
      if (slot === 'abnormal') measurements['right.abnormal'] = list.map((q) => inches(q, notes))
      else if (slot.startsWith('side:')) {
        measurements[`right.${slot.slice(5)}`] = right
        if (left !== undefined) measurements[`left.${slot.slice(5)}`] = left
      } else measurements[slot] = right
    }
  }
  if (Object.keys(measurements).length === 0) return null
  if (Object.values(measurements).some((v) => v === undefined || (Array.isArray(v) && v.includes(undefined)))) {
    return {
      name: 'bc_score',
      problem: 'Score charts take lengths in inches (or cm), e.g. "13 4/8 long, 8 2/16 wide".',
    }
  }
  return { name: 'bc_score', args: { category, system, measurements }, notes }
}

/** Labels for a chart's lines: its keys as typed ("G2", "H-1"), and the chart words for spread, beam, abnormal. */
function chartSlots(chart: ReturnType<typeof getChart>): SlotSpec[] {
  const specs: SlotSpec[] = []
  const single = new Map([...chart.spreadRows, ...chart.singleRows].map((r) => [r.key.toLowerCase(), r.key]))
  if (single.has('insidespread')) {
    specs.push({ slot: 'insideSpread', match: (w) => w === 'insidespread' || w === 'spread', accepts: isLength })
  }
  if (single.has('greatestspread')) {
    specs.push({ slot: 'greatestSpread', match: (w) => w === 'greatestspread', accepts: isLength })
  }
  if (single.has('tiptotipspread')) {
    specs.push({ slot: 'tipToTipSpread', match: (w) => w === 'tiptotip', accepts: isLength })
  }
  for (const row of chart.sideRows) {
    const key = row.key.toLowerCase()
    const beam = chart.kind === 'antlers' && row.key === 'F'
    const match = (w: string) => w === key || (beam && /^beams?$/.test(w))
    specs.push({ slot: `side:${row.key}`, match, list: true, accepts: isLength })
  }
  if (chart.sideLists.some((l) => l.key === 'abnormal')) {
    specs.push({ slot: 'abnormal', match: (w) => /^abnormals?$/.test(w), list: true, accepts: isLength })
  }
  return specs
}

// Units ----------------------------------------------------------------------------------------------------------

/** A length in inches (number), converting cm and mm with a note; undefined for a weight. */
function inches(q: Quantity, notes: string[]): number | string | undefined {
  if (!isLength(q)) return undefined
  if (q.unit === 'cm' || q.unit === 'mm') {
    const value = round4(q.value / (q.unit === 'cm' ? CM_PER_INCH : 10 * CM_PER_INCH))
    notes.push(`${q.text} ${q.unit} = ${value} in.`)
    return value
  }
  return q.text
}

/** A weight in pounds (text the engine reads, e.g. "20 lb 8 oz"), converting kg and g with a note. */
function pounds(q: Quantity, notes: string[]): number | string | undefined {
  if (q.unit === 'kg' || q.unit === 'g') {
    const value = round4((q.unit === 'kg' ? q.value : q.value / 1000) / KG_PER_POUND)
    notes.push(`${q.text} ${q.unit} = ${value} lb.`)
    return value
  }
  if (q.unit === 'oz') return `${q.text} oz`
  if (q.unit === undefined || q.unit === 'lb') return q.text
  return undefined
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000
