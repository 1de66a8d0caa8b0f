import { z } from 'zod'
import type { ChatSource, ChatTurn } from '#shared/schemas/assistant.ts'
import {
  buildSheet,
  formatScore,
  getChart,
  parseMeasurement,
  type ScoreResult,
  ScoringError,
  SYSTEM_NAMES,
  scoreSheet,
} from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'
import type { Calculator } from './assistant.types.ts'
import { readCalculationRequest } from './calculation-request.ts'
import { findChartCategory, findSpecies } from './species-words.ts'

// The assistant's calculators: every number comes from the scoring engine, never a second copy of its arithmetic.
// Each is a tool the model may call and what the built-in assistant runs when a member asks with numbers.

const VALUE_HELP = 'a number (22.5) or text as a measurer writes it ("22 4/8", "13 5/16", "22¼")'
const measurement = (what: string) =>
  z.union([z.number().nonnegative(), z.string().trim().min(1).max(64)]).describe(`${what}, in inches: ${VALUE_HELP}`)

const speciesGuide = (speciesId: string) => `/species-guide/${encodeURIComponent(speciesId)}`

const FishWeightParameters = z.object({
  speciesId: z
    .string()
    .max(80)
    .optional()
    .describe(
      'The fish: a Fieldmark species id (largemouth-bass, muskellunge, walleye …) or its name. Picks the species’ own formula; without it the general formula length × girth² ÷ 800 is used.',
    ),
  lengthInches: measurement('Length from the tip of the lower jaw to the fork of the tail'),
  girthInches: measurement(
    'Girth around the body at its thickest point. Without it a length-only formula is used where the species has one',
  ).optional(),
})

const GENERAL_FORMULA = { id: 'length-girth-800', label: 'Length × girth² ÷ 800', note: 'General formula.' }

function fishSpecies(name: string | undefined): Species | undefined {
  if (!name?.trim()) return undefined
  const fish = SPECIES.filter((s) => s.fishFormulas)
  return fish.find((s) => s.id === name.trim().toLowerCase()) ?? findSpecies(name).find((s) => s.fishFormulas)
}

function runFishWeight(args: z.infer<typeof FishWeightParameters>) {
  const species = fishSpecies(args.speciesId)
  const hasGirth = args.girthInches !== undefined
  const kind = hasGirth ? 'length-girth-' : 'length-cubed-'
  const formulas = (species?.fishFormulas ?? []).filter((f) => f.id.startsWith(kind))
  const formula = formulas[0] ?? (hasGirth ? GENERAL_FORMULA : undefined)
  if (!formula) {
    throw new ScoringError(`required: the girth${species ? ` (${species.name} has no length-only formula)` : ''}`, [
      'girthInches',
    ])
  }
  const weigh = (category: string) =>
    scoreSheet(
      {
        system: 'fish',
        category,
        measurements: { lengthIn: args.lengthInches, ...(hasGirth ? { girthIn: args.girthInches } : {}) },
      },
      { trophyWeightLbs: species?.trophyWeightLbs },
    )
  const result = weigh(formula.id)
  const estimate = result.weightLbs ?? result.score
  const fishName = species ? ` of a ${species.name}` : ''
  const lines = [
    `Estimated weight${fishName}: ${result.scoreText}.`,
    `- ${lineValue(result, 'Estimated weight (')}${formula.id === GENERAL_FORMULA.id ? '' : ` (${formula.label}: ${formula.note})`}`,
    `- An estimate, not a scale weight: expect about ±10 % (${pounds(estimate * 0.9)}–${pounds(estimate * 1.1)} lb).`,
    ...formulas.slice(1).map((other) => `- ${other.label} gives ${weigh(other.id).scoreText} (${other.note})`),
  ]
  if (species?.trophyWeightLbs !== undefined) {
    const reached = result.trophyClass === 'record' ? 'reached' : 'not reached'
    lines.push(`- Trophy weight for ${species.name}: ${species.trophyWeightLbs} lb, ${reached} by this estimate.`)
  }
  const sources: ChatSource[] = [
    { kind: 'calculator', title: 'Fieldmark fish weight calculator' },
    {
      kind: 'fish-formula',
      title: `Fish weight formula: ${formula.label}${species ? ` (${species.name})` : ''}`,
      ...(species ? { href: speciesGuide(species.id) } : {}),
    },
  ]
  return { text: lines.join('\n'), sources }
}

/** The value of the engine's line whose label starts with `label`, as `label: value`. */
function lineValue(result: ScoreResult, label: string): string {
  const line = result.lines.find((l) => l.label.startsWith(label))
  return line ? line.value : result.scoreText
}

function pounds(value: number): string {
  return value.toFixed(2)
}

const NwtfParameters = z.object({
  weightPounds: z
    .union([z.number().nonnegative(), z.string().trim().min(1).max(64)])
    .describe('Live weight in pounds: a number (20.5) or pounds and ounces ("20 lb 8 oz"); read to the nearest ounce'),
  beardsInches: z
    .array(measurement('One beard'))
    .max(12)
    .default([])
    .describe('Each beard’s length in inches (a bird with several beards: every one)'),
  spursInches: z
    .array(measurement('One spur'))
    .max(2)
    .default([])
    .describe('The right and left spur lengths in inches (the longest spur of each leg); a missing spur counts 0'),
})

function runNwtf(args: z.infer<typeof NwtfParameters>) {
  const [right, left] = args.spursInches
  const result = scoreSheet({
    system: 'nwtf',
    category: 'wild-turkey',
    measurements: {
      weightLbs: args.weightPounds,
      beardsIn: args.beardsInches,
      ...(right !== undefined ? { spurRightIn: right } : {}),
      ...(left !== undefined ? { spurLeftIn: left } : {}),
    },
  })
  const missing = [
    ...(args.beardsInches.length === 0 ? ['no beard was given (counted 0)'] : []),
    ...(args.spursInches.length < 2 ? [`${2 - args.spursInches.length} spur(s) not given (counted 0)`] : []),
  ]
  const text = [
    `NWTF score: ${result.scoreText}.`,
    ...result.lines.map((line) => `- ${line.label}: ${line.value}`),
    ...(missing.length ? [`Note: ${missing.join('; ')}.`] : []),
  ].join('\n')
  const sources: ChatSource[] = [
    { kind: 'calculator', title: 'Fieldmark NWTF turkey score calculator' },
    {
      kind: 'scoring-rules',
      title: 'National Wild Turkey Federation scoring rules',
      href: speciesGuide('wild-turkey'),
    },
  ]
  return { text, sources }
}

const BcParameters = z.object({
  category: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe(
      'The score chart: a category id (whitetail-typical, whitetail-non-typical, mule-deer-typical, elk-typical, moose-canada, caribou-barren-ground, pronghorn, bighorn-sheep, mountain-goat, black-bear, grizzly-bear, cougar …) or an animal’s name ("black bear", "mule deer")',
    ),
  system: z
    .enum(['bc', 'py', 'sci'])
    .default('bc')
    .describe(
      'The record book: bc = Boone and Crockett (default), py = Pope and Young, sci = Safari Club International',
    ),
  measurements: z
    .record(
      z.string(),
      z.union([
        measurement('A chart line'),
        z.array(measurement('One point')),
        z.record(z.string(), z.union([measurement('A line of this side'), z.array(measurement('One point'))])),
      ]),
    )
    .describe(
      'The chart lines, in inches, keyed by the chart’s keys. Single lines: insideSpread, tipToTipSpread, greatestSpread, skullLength, skullWidth. Side lines as right.<key> and left.<key> (or objects right and left): antlers F (main beam), G1…G7 (points), H1…H4 (circumferences); horns C (length), D1…D4; moose palmLength, palmWidth, beamCirc, points. Lists: right.abnormal and left.abnormal (each abnormal point’s length). Lines left out count 0.',
    ),
})

type SheetValues = Record<string, string | string[] | Record<string, string | string[]>>

function runBcScore(args: z.infer<typeof BcParameters>) {
  const category = findChartCategory(args.category)
  if (!category || category === 'wild-turkey') {
    throw new ScoringError(
      `${JSON.stringify(args.category)} is not a record-book chart I know (e.g. whitetail-typical, elk-typical, black-bear)`,
      ['category'],
    )
  }
  const chart = getChart(category, args.system)
  const values = sheetValues(chart, args.measurements)
  if (Object.keys(values).length === 0) throw new ScoringError('give at least one measurement', ['measurements'])
  const result = scoreSheet(buildSheet({ system: args.system, category, values }))
  const missing = missingLines(chart, values)
  const text = [
    `${SYSTEM_NAMES[args.system]} score, ${chart.name}: ${result.scoreText}.`,
    ...result.lines.filter((line) => !isSideRowLine(line.value)).map((line) => `- ${line.label}: ${line.value}`),
    ...(missing.length
      ? [`Not given, so counted 0: ${missing.join(', ')}. Add them for the full score.`]
      : ['Every scored line of the chart was given.']),
  ].join('\n')
  const species = SPECIES.find((s) => s.scoringCategories.includes(category))
  const sources: ChatSource[] = [
    { kind: 'calculator', title: `Fieldmark score calculator: ${CATEGORY_LABELS[category]}` },
    {
      kind: 'scoring-rules',
      title: `${SYSTEM_NAMES[args.system]} scoring rules: ${CATEGORY_LABELS[category]}`,
      ...(species ? { href: speciesGuide(species.id) } : {}),
    },
  ]
  return { text, sources }
}

const isSideRowLine = (value: string) => value.startsWith('right ') && value.includes('·')

/** `right.G2` / `G2` (case-insensitive) → the chart's own keys, in the shape buildSheet takes. */
function sheetValues(chart: ReturnType<typeof getChart>, given: Record<string, unknown>): SheetValues {
  const singles = [...chart.spreadRows, ...chart.singleRows, ...chart.singleLists].map((r) => r.key)
  const sideKeys = [...chart.sideRows, ...chart.sideLists].map((r) => r.key)
  const find = (keys: string[], key: string) => keys.find((k) => k.toLowerCase() === key.toLowerCase())
  const values: SheetValues = {}
  const entries = Object.entries(given).flatMap(([key, value]): [string, unknown][] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).map(([inner, v]) => [`${key}.${inner}`, v])
      : [[key, value]],
  )
  for (const [rawKey, value] of entries) {
    const [first = '', second] = rawKey.split('.')
    const side = first.toLowerCase()
    const text = Array.isArray(value) ? value.map(String) : String(value)
    if ((side === 'right' || side === 'left') && second !== undefined) {
      const key = find(sideKeys, second)
      if (!key) throw new ScoringError(`not on the ${chart.category} chart (use ${sideKeys.join(', ')})`, [rawKey])
      values[side] = { ...(values[side] as Record<string, string | string[]> | undefined), [key]: text }
      continue
    }
    const key = find(singles, rawKey)
    if (!key) {
      const known = [...singles, ...sideKeys.flatMap((k) => [`right.${k}`, `left.${k}`])]
      throw new ScoringError(`not on the ${chart.category} chart (use ${known.join(', ')})`, [rawKey])
    }
    values[key] = text
  }
  return values
}

/**
 * The chart's scored lines the sheet leaves out, by letter and side: "D Inside spread", "left H-4". Antler points
 * (G-1…) count only up to the highest point given on either side: a 4-point antler has no G-5 to measure.
 */
function missingLines(chart: ReturnType<typeof getChart>, values: SheetValues): string[] {
  const has = (side: 'right' | 'left', key: string) => {
    const sideValues = values[side]
    return typeof sideValues === 'object' && !Array.isArray(sideValues) && sideValues[key] !== undefined
  }
  const pointIndex = (key: string) => (chart.kind === 'antlers' && /^G\d$/.test(key) ? Number(key.slice(1)) : 0)
  const highestPoint = Math.max(
    0,
    ...chart.sideRows.filter((r) => has('right', r.key) || has('left', r.key)).map((r) => pointIndex(r.key)),
  )
  const missing: string[] = []
  for (const row of [...chart.spreadRows, ...chart.singleRows]) {
    if (row.scored && values[row.key] === undefined) missing.push(`${row.letter ? `${row.letter} ` : ''}${row.label}`)
  }
  for (const side of ['right', 'left'] as const) {
    for (const row of chart.sideRows) {
      if (!row.scored || has(side, row.key) || pointIndex(row.key) > Math.max(highestPoint, 1)) continue
      missing.push(`${side} ${row.letter || row.label}`)
    }
  }
  return missing
}

const FROM_UNITS = ['in', 'cm', 'mm', 'ft', 'lb', 'oz', 'kg', 'g'] as const
const TO_UNITS = [...FROM_UNITS, 'lb-oz', 'eighths', 'sixteenths'] as const
type FromUnit = (typeof FROM_UNITS)[number]
type ToUnit = (typeof TO_UNITS)[number]

/** Exact definitions: 1 in = 2.54 cm, 1 lb = 0.45359237 kg. */
const INCHES: Partial<Record<ToUnit, number>> = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4, ft: 12, eighths: 1, sixteenths: 1 }
const POUNDS: Partial<Record<ToUnit, number>> = { lb: 1, oz: 1 / 16, kg: 1 / 0.45359237, g: 1 / 453.59237, 'lb-oz': 1 }
const DEFAULT_TARGET: Record<FromUnit, ToUnit> = {
  in: 'cm',
  cm: 'in',
  mm: 'in',
  ft: 'in',
  lb: 'kg',
  oz: 'lb-oz',
  kg: 'lb',
  g: 'oz',
}

const ConvertParameters = z.object({
  value: z
    .union([z.number().nonnegative(), z.string().trim().min(1).max(64)])
    .describe('The amount: a number (7.5), a fraction ("13 5/16") or, in pounds, "20 lb 8 oz"'),
  from: z.enum(FROM_UNITS).describe('Its unit: in, cm, mm, ft, lb, oz, kg or g'),
  to: z
    .enum(TO_UNITS)
    .optional()
    .describe(
      'The unit wanted: in, cm, mm, ft, lb, oz, kg, g, lb-oz (pounds and ounces), eighths or sixteenths (inches to the nearest 1/8 or 1/16, as score charts are read). Default: in↔cm, lb↔kg',
    ),
})

function runConvert(args: z.infer<typeof ConvertParameters>) {
  const to = args.to ?? DEFAULT_TARGET[args.from]
  const length = INCHES[args.from] !== undefined
  const factors = length ? INCHES : POUNDS
  const toFactor = factors[to]
  if (toFactor === undefined) {
    throw new ScoringError(`${args.from} is a ${length ? 'length' : 'weight'}; it cannot become ${to}`, ['to'])
  }
  const base = readAmount(args.value, args.from) * (factors[args.from] ?? 1)
  const source =
    typeof args.value === 'string' && /\b(lbs?|oz)\b/i.test(args.value) ? args.value : `${args.value} ${args.from}`
  let result: string
  if (to === 'eighths' || to === 'sixteenths') {
    const units = parseMeasurement(String(base), to)
    const step = to === 'eighths' ? '1/8' : '1/16'
    result = `${formatScore(units, to)} in to the nearest ${step} inch (${decimal(base, 4)} in; an exact half rounds up, as score charts do)`
  } else if (to === 'lb-oz') {
    result = `${poundsOunces(base)} to the nearest ounce (${decimal(base, 3)} lb)`
  } else {
    const value = base / toFactor
    result = `${decimal(value, to === 'g' || to === 'mm' ? 1 : 3)} ${to}`
    if (to === 'lb' && value <= 1000) result += ` (${poundsOunces(value)})`
    if (to === 'in' && value <= 1000)
      result += ` (${formatScore(parseMeasurement(String(value), 'eighths'), 'eighths')} in to the nearest 1/8)`
  }
  const text = `${source} = ${result}.`
  return { text, sources: [{ kind: 'calculator', title: 'Fieldmark unit converter' }] satisfies ChatSource[] }
}

/** The amount in the `from` unit: pounds may be written "20 lb 8 oz"; otherwise a decimal or a fraction. */
function readAmount(value: number | string, from: FromUnit): number {
  if (typeof value === 'number') return value
  if (from === 'lb' && /[a-z]/i.test(value)) return parseMeasurement(value, 'sixteenths', 'weight') / 16
  const match = /^(\d+(?:\.\d+)?)(?:\s+(\d+)\/(\d+))?$|^(\d+)\/(\d+)$/.exec(value.trim())
  if (!match) throw new ScoringError(`${JSON.stringify(value)} is not a number`, ['value'])
  if (match[4] !== undefined) return divide(Number(match[4]), Number(match[5]), value)
  return Number(match[1]) + (match[2] !== undefined ? divide(Number(match[2]), Number(match[3]), value) : 0)
}

/** Pounds as pounds and ounces, read to the nearest ounce by the engine (as turkey weights are). */
function poundsOunces(lb: number): string {
  const ounces = parseMeasurement(String(lb), 'sixteenths', 'weight')
  return `${Math.floor(ounces / 16)} lb ${ounces % 16} oz`
}

function divide(num: number, den: number, value: string): number {
  if (den === 0) throw new ScoringError(`${JSON.stringify(value)} divides by zero`, ['value'])
  return num / den
}

function decimal(value: number, places: number): string {
  const text = value.toFixed(places)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

export const CALCULATORS: Calculator[] = [
  {
    name: 'fish_weight',
    description:
      'Estimates a fish’s weight in pounds from its length and girth (inches) with the species’ formula (general: length × girth² ÷ 800), or from length alone where the species has a length-only formula. An estimate, about ±10 %.',
    parameters: FishWeightParameters,
    run: (args) => runFishWeight(FishWeightParameters.parse(args)),
  },
  {
    name: 'nwtf_score',
    description:
      'Scores a wild turkey by the National Wild Turkey Federation formula: weight (lb) + 2 × total beard length + 10 × (left spur + right spur), lengths in inches.',
    parameters: NwtfParameters,
    run: (args) => runNwtf(NwtfParameters.parse(args)),
  },
  {
    name: 'bc_score',
    description:
      'Scores antlers, horns or a skull on a record-book chart (Boone and Crockett by default, or Pope and Young / SCI) from the chart’s measurements in inches; says which scored lines are missing.',
    parameters: BcParameters,
    run: (args) => runBcScore(BcParameters.parse(args)),
  },
  {
    name: 'convert_units',
    description:
      'Converts a length or weight: inches ↔ centimetres, pounds ↔ kilograms, pounds to pounds and ounces, and inches to the nearest 1/8 or 1/16 inch as score charts are read.',
    parameters: ConvertParameters,
    run: (args) => runConvert(ConvertParameters.parse(args)),
  },
]

const TITLES: Record<string, string> = {
  fish_weight: 'Fieldmark fish weight calculator',
  nwtf_score: 'Fieldmark NWTF turkey score calculator',
  bc_score: 'Fieldmark score calculator',
  convert_units: 'Fieldmark unit converter',
}

/** Sheet and argument keys in a member's words, for error messages. */
const FIELD_WORDS: Record<string, string> = {
  lengthIn: 'length',
  girthIn: 'girth',
  lengthInches: 'length',
  girthInches: 'girth',
  weightLbs: 'weight',
  weightPounds: 'weight',
  beardsIn: 'beard',
  spurRightIn: 'right spur',
  spurLeftIn: 'left spur',
  skullLength: 'skull length',
  skullWidth: 'skull width',
  insideSpread: 'inside spread',
}

/**
 * A calculation asked in words with numbers, run by its calculator: the engine's result, or what is missing or
 * wrong. Null when none is asked ("how do you calculate fish weight" is the knowledge base's). Never throws.
 */
export function matchCalculation(
  message: string,
  history?: ChatTurn[],
): { text: string; sources: ChatSource[] } | null {
  let request: ReturnType<typeof readCalculationRequest>
  try {
    request = readCalculationRequest(message, history)
  } catch {
    return null
  }
  if (!request) return null
  const sources: ChatSource[] = [{ kind: 'calculator', title: TITLES[request.name] ?? 'Fieldmark calculator' }]
  if ('problem' in request) return { text: request.problem, sources }
  const calculator = CALCULATORS.find((c) => c.name === request.name)
  if (!calculator) return null
  try {
    const result = calculator.run(request.args)
    const [headline = '', ...rest] = result.text.split('\n')
    const notes = request.notes.length ? [`(${[...new Set(request.notes)].join(' ')})`] : []
    return { text: [headline, ...notes, ...rest].join('\n'), sources: result.sources }
  } catch (error) {
    return { text: `I couldn't work that out: ${problemText(error)}`, sources }
  }
}

function problemText(error: unknown): string {
  const field = (path: readonly PropertyKey[]) => {
    const key = String(path.at(-1) ?? '')
    return FIELD_WORDS[key] ?? (key && !/^\d+$/.test(key) ? key : (FIELD_WORDS[String(path.at(-2))] ?? ''))
  }
  if (error instanceof ScoringError) {
    const where = field(error.path)
    return `${where ? `the ${where}: ` : ''}${error.detail}.`
  }
  if (error instanceof z.ZodError) {
    return `${error.issues.map((i) => `${field(i.path) || 'a value'}: ${i.message}`).join('; ')}.`
  }
  return 'the numbers could not be read. Try e.g. "fish weight: 22 inch length, 15 inch girth".'
}
