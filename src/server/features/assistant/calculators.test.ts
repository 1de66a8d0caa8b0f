import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChatSourceSchema } from '#shared/schemas/assistant.ts'
import { formatScore, parseMeasurement, ScoringError, scoreSheet } from '#shared/scoring/index.ts'
import { WHITETAIL_RACK, WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { CALCULATORS, matchCalculation } from './calculators.ts'

// The assistant's calculators against the scoring engine itself: every expected number is the engine's (called
// here directly) or worked by hand in the test, never copied from the calculators' output.

function calculator(name: string) {
  const found = CALCULATORS.find((c) => c.name === name)
  if (!found) throw new Error(`no calculator ${name}`)
  return found
}
const run = (name: string, args: Record<string, unknown>) => calculator(name).run(args)

const fish = (category: string, lengthIn: unknown, girthIn?: unknown, trophyWeightLbs?: number) =>
  scoreSheet(
    { system: 'fish', category, measurements: { lengthIn, ...(girthIn !== undefined ? { girthIn } : {}) } },
    { trophyWeightLbs },
  )

describe('CALCULATORS', () => {
  it('are the four tools, each with a described JSON schema of an object', () => {
    expect(CALCULATORS.map((c) => c.name)).toEqual(['fish_weight', 'nwtf_score', 'bc_score', 'convert_units'])
    for (const c of CALCULATORS) {
      const schema = z.toJSONSchema(c.parameters, { io: 'input', unrepresentable: 'any' }) as {
        type: string
        properties: Record<string, { description?: string }>
      }
      expect(schema.type).toBe('object')
      expect(c.description.length).toBeGreaterThan(40)
      for (const [key, property] of Object.entries(schema.properties)) {
        expect(property.description, `${c.name}.${key}`).toMatch(/\w{3,}/)
      }
    }
  })
})

describe('fish_weight', () => {
  it('gives the general formula by hand: 22 × 15² ÷ 800 = 6.1875 lb, 6.188 to the engine’s 0.001 lb', () => {
    expect((22 * 15 ** 2) / 800).toBe(6.1875)
    const { text, sources } = run('fish_weight', { lengthInches: 22, girthInches: 15 })
    expect(text).toContain('Estimated weight: 6.188 lb (6 lb 3 oz)')
    expect(text).toContain('22 × 15² ÷ 800 = 6.188 lb')
    expect(text).toMatch(/±10 %/)
    expect(text).toMatch(/estimate/i)
    expect(sources).toEqual([
      { kind: 'calculator', title: 'Fieldmark fish weight calculator' },
      { kind: 'fish-formula', title: 'Fish weight formula: Length × girth² ÷ 800' },
    ])
  })

  const cases: [string, Record<string, unknown>, string, unknown, unknown, number | undefined][] = [
    [
      'largemouth bass, its first formula',
      { speciesId: 'largemouth-bass', lengthInches: 20, girthInches: 14 },
      'length-girth-800',
      20,
      14,
      10,
    ],
    [
      'a species named in words',
      { speciesId: 'walleye', lengthInches: '25 4/8', girthInches: '13.5' },
      'length-girth-800',
      '25 4/8',
      '13.5',
      undefined,
    ],
    [
      'bluegill: its own length × girth² ÷ 1200',
      { speciesId: 'bluegill', lengthInches: 9, girthInches: 8 },
      'length-girth-1200',
      9,
      8,
      undefined,
    ],
    [
      'largemouth without a girth: length³ ÷ 1600',
      { speciesId: 'largemouth-bass', lengthInches: 22 },
      'length-cubed-1600',
      22,
      undefined,
      10,
    ],
    [
      'muskie without a girth: length³ ÷ 3500',
      { speciesId: 'Muskie', lengthInches: 48 },
      'length-cubed-3500',
      48,
      undefined,
      30,
    ],
    [
      'no species: the general formula',
      { lengthInches: '31', girthInches: '16' },
      'length-girth-800',
      '31',
      '16',
      undefined,
    ],
  ]
  it.each(cases)('%s', (_, args, category, length, girth, trophy) => {
    const expected = fish(category, length, girth, trophy)
    const { text } = run('fish_weight', args)
    expect(text.split('\n')[0]).toContain(expected.scoreText)
  })

  it('adds the species’ other formulas of the same kind and its trophy weight', () => {
    expect((25 * 19 ** 2) / 800).toBeGreaterThan(10)
    const { text } = run('fish_weight', { speciesId: 'largemouth-bass', lengthInches: 25, girthInches: 19 })
    expect(text).toContain(`÷ 880 gives ${fish('length-girth-880', 25, 19, 10).scoreText}`)
    expect(text).toContain('Trophy weight for Largemouth Bass: 10 lb, reached')
  })

  it('needs a girth for a fish without a length-only formula, and refuses unreadable numbers', () => {
    expect(() => run('fish_weight', { speciesId: 'tarpon', lengthInches: 60 })).toThrow(/girth/)
    expect(() => run('fish_weight', { lengthInches: 'long', girthInches: 12 })).toThrow(ScoringError)
    expect(() => run('fish_weight', { lengthInches: -3, girthInches: 12 })).toThrow(z.ZodError)
  })
})

describe('nwtf_score', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      '20 lb 8 oz, one 10 in beard, spurs 1 1/8 and 1',
      { weightPounds: '20 lb 8 oz', beardsInches: [10], spursInches: ['1 1/8', 1] },
      { weightLbs: '20 lb 8 oz', beardsIn: [10], spurRightIn: '1 1/8', spurLeftIn: 1 },
    ],
    [
      'three beards and a decimal weight',
      { weightPounds: 22.4375, beardsInches: ['10 8/16', '9', '7 2/16'], spursInches: ['1 4/16', '1 3/16'] },
      { weightLbs: 22.4375, beardsIn: ['10 8/16', '9', '7 2/16'], spurRightIn: '1 4/16', spurLeftIn: '1 3/16' },
    ],
    ['a jake: no spurs given', { weightPounds: 15, beardsInches: ['4'] }, { weightLbs: 15, beardsIn: ['4'] }],
  ]
  it.each(cases)('%s', (_, args, measurements) => {
    const expected = scoreSheet({ system: 'nwtf', category: 'wild-turkey', measurements })
    const { text, sources } = run('nwtf_score', args)
    expect(text.split('\n')[0]).toBe(`NWTF score: ${expected.scoreText}.`)
    for (const line of expected.lines) expect(text).toContain(`- ${line.label}: ${line.value}`)
    expect(sources.map((s) => s.kind)).toEqual(['calculator', 'scoring-rules'])
  })

  it('works the example by hand: 20.5 + 2 × 10 + 10 × (1.125 + 1) = 61.75', () => {
    expect(20.5 + 2 * 10 + 10 * (1.125 + 1)).toBe(61.75)
    expect(
      run('nwtf_score', { weightPounds: '20 lb 8 oz', beardsInches: [10], spursInches: ['1 1/8', 1] }).text,
    ).toMatch(/^NWTF score: 61\.75\./)
  })

  it('says which spurs were not given', () => {
    expect(run('nwtf_score', { weightPounds: 18, beardsInches: [9], spursInches: [1] }).text).toContain(
      '1 spur(s) not given (counted 0)',
    )
  })
})

/** A worked example's sheet as the tool's flat `right.G2` keys. */
function flat(measurements: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(measurements)) {
    if ((key === 'right' || key === 'left') && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) out[`${key}.${k}`] = v
    } else out[key] = value
  }
  return out
}

describe('bc_score', () => {
  const bigGame = WORKED_EXAMPLES.filter((e) => !['nwtf', 'fish'].includes(e.sheet.system))
  it.each(bigGame.map((e) => [e.name, e] as const))('%s', (_, example) => {
    const { system, category, measurements } = example.sheet
    const expected = scoreSheet(example.sheet)
    const { text, sources } = run('bc_score', { category, system, measurements: flat(measurements) })
    expect(text.split('\n')[0]).toMatch(new RegExp(` score, .+: ${expected.scoreText.replace(/[/−]/g, '.')}\\.$`))
    expect(sources[0]?.kind).toBe('calculator')
    expect(sources[1]?.kind).toBe('scoring-rules')
  })

  it('scores a bear skull by hand: 13 8/16 + 8 2/16 = 21 10/16, meeting the B&C All-time 21', () => {
    const { text } = run('bc_score', {
      category: 'bear',
      measurements: { skullLength: '13 4/8', skullWidth: '8 2/16' },
    })
    expect(text).toContain('Boone and Crockett score, Black bear: 21 10/16.')
    expect(text).toContain('- B&C All-time minimum (21): met')
    expect(text).toContain('Every scored line of the chart was given.')
  })

  it('names the missing lines, without points beyond the highest one given', () => {
    const { right, left, ...rest } = WHITETAIL_RACK
    const { H4: _h4, ...leftWithoutH4 } = left
    const measurements = flat({ ...rest, right, left: leftWithoutH4 })
    const { text } = run('bc_score', { category: 'whitetail-typical', measurements })
    expect(text).toContain('Not given, so counted 0: left H-4.')
    expect(text).not.toMatch(/G-5/)
    const expected = scoreSheet({
      system: 'bc',
      category: 'whitetail-typical',
      measurements: { ...rest, right, left: leftWithoutH4 },
    })
    expect(text.split('\n')[0]).toContain(expected.scoreText)
  })

  it('resolves a chart from an animal’s name, and P&Y or SCI on request', () => {
    expect(
      run('bc_score', { category: 'mountain lion', measurements: { skullLength: 9, skullWidth: 6 } }).text,
    ).toMatch(/^Boone and Crockett score, Cougar: 15 0\/16\./)
    expect(
      run('bc_score', { category: 'grizzly', system: 'py', measurements: { skullLength: 15, skullWidth: 9 } }).text,
    ).toMatch(/^Pope and Young score, Grizzly bear: 24 0\/16\./)
  })

  it('refuses an unknown chart or a line the chart does not have', () => {
    expect(() => run('bc_score', { category: 'unicorn', measurements: { skullLength: 9 } })).toThrow(
      /not a record-book chart/,
    )
    expect(() => run('bc_score', { category: 'black-bear', measurements: { F: 9 } })).toThrow(
      /not on the black-bear chart/,
    )
    expect(() => run('bc_score', { category: 'black-bear', measurements: {} })).toThrow(/at least one measurement/)
  })
})

describe('convert_units', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ value: 24, from: 'in' }, '24 in = 60.96 cm.'],
    [{ value: 7.5, from: 'lb', to: 'kg' }, `7.5 lb = ${(7.5 * 0.45359237).toFixed(3)} kg.`],
    [{ value: '3.4', from: 'kg' }, `3.4 kg = ${(3.4 / 0.45359237).toFixed(3)} lb (7 lb 8 oz).`],
    [{ value: 7.5, from: 'lb', to: 'lb-oz' }, '7.5 lb = 7 lb 8 oz to the nearest ounce (7.5 lb).'],
    [{ value: '20 lb 8 oz', from: 'lb', to: 'kg' }, `20 lb 8 oz = ${(20.5 * 0.45359237).toFixed(3)} kg.`],
  ]
  it.each(cases)('%o', (args, expected) => {
    expect(run('convert_units', args).text).toBe(expected)
  })

  it('reads a centimetre length back in inches and eighths, with the engine’s rounding', () => {
    const inches = 61 / 2.54
    const eighths = formatScore(parseMeasurement(String(inches), 'eighths'), 'eighths')
    expect(run('convert_units', { value: 61, from: 'cm' }).text).toBe(
      `61 cm = ${inches.toFixed(3)} in (${eighths} in to the nearest 1/8).`,
    )
  })

  it('rounds a fraction to eighths, an exact half up: 13 5/16 → 13 3/8', () => {
    expect(run('convert_units', { value: '13 5/16', from: 'in', to: 'eighths' }).text).toMatch(
      /^13 5\/16 in = 13 3\/8 in to the nearest 1\/8 inch/,
    )
  })

  it('refuses a length to a weight and a number it cannot read', () => {
    expect(() => run('convert_units', { value: 3, from: 'lb', to: 'cm' })).toThrow(/cannot become cm/)
    expect(() => run('convert_units', { value: '3/0', from: 'in' })).toThrow(/divides by zero/)
    expect(() => run('convert_units', { value: 'lots', from: 'in' })).toThrow(/not a number/)
  })
})

describe('matchCalculation', () => {
  const firstLine = (message: string) => matchCalculation(message)?.text.split('\n')[0]
  const phrasings: [string, string][] = [
    [
      'what does a 22 inch bass with a 15 inch girth weigh',
      `Estimated weight of a Largemouth Bass: ${fish('length-girth-800', 22, 15, 10).scoreText}.`,
    ],
    ['fish weight 30 length 18 girth', `Estimated weight: ${fish('length-girth-800', 30, 18).scoreText}.`],
    ['Fish weight: length 30, girth 18?', `Estimated weight: ${fish('length-girth-800', 30, 18).scoreText}.`],
    [
      'how heavy is a walleye 25 1/2" long and 13" around',
      `Estimated weight of a Walleye: ${fish('length-girth-800', '25 1/2', 13).scoreText}.`,
    ],
    [
      'estimate the weight of a 48 inch muskie with a girth of 22 inches',
      `Estimated weight of a Muskellunge (Muskie): ${fish('length-girth-800', 48, 22, 30).scoreText}.`,
    ],
    [
      'what does a 22 inch largemouth weigh',
      `Estimated weight of a Largemouth Bass: ${fish('length-cubed-1600', 22, undefined, 10).scoreText}.`,
    ],
    ['score my turkey: 20 lb 8 oz, 10 inch beard, spurs 1 1/8 and 1 inch', 'NWTF score: 61.75.'],
    [
      'NWTF score for a gobbler that weighed 22 lbs with beards 10 and 9 and 1 inch spurs',
      `NWTF score: ${scoreSheet({ system: 'nwtf', category: 'wild-turkey', measurements: { weightLbs: 22, beardsIn: [10, 9], spurRightIn: 1, spurLeftIn: 1 } }).scoreText}.`,
    ],
    ['B&C score for a bear skull 13 4/8 long 8 2/16 wide', 'Boone and Crockett score, Black bear: 21 10/16.'],
    ['score a grizzly skull: length 15 2/16, width 9 1/16', 'Boone and Crockett score, Grizzly bear: 24 3/16.'],
    ['P&Y score cougar skull 9 and 6 1/16', 'Pope and Young score, Cougar: 15 1/16.'],
    ['convert 24 inches to cm', '24 in = 60.96 cm.'],
    ['how many kg is 7.5 lbs', `7.5 lb = ${(7.5 * 0.45359237).toFixed(3)} kg.`],
    ['what is 61 cm in inches?', `61 cm = ${(61 / 2.54).toFixed(3)} in (24 0/8 in to the nearest 1/8).`],
    [
      'convert 13 5/16 to eighths',
      '13 5/16 in = 13 3/8 in to the nearest 1/8 inch (13.3125 in; an exact half rounds up, as score charts do).',
    ],
    ['7.5 lb in pounds and ounces', '7.5 lb = 7 lb 8 oz to the nearest ounce (7.5 lb).'],
    ['how many pounds is 3.4 kg', `3.4 kg = ${(3.4 / 0.45359237).toFixed(3)} lb (7 lb 8 oz).`],
  ]
  it.each(phrasings)('reads "%s"', (message, expected) => {
    expect(firstLine(message)).toBe(expected)
  })

  it('scores antlers written as chart lines in words', () => {
    const message =
      'score my whitetail: inside spread 18 4/8, main beams 24 2/8 and 24 4/8, G1 4 4/8 and 4 3/8, G2 10 2/8 and 10 6/8, G-3 9 6/8 and 9 3/8, G4 5 and 5 2/8, H1 4 6/8 and 4 5/8, H2 4 2/8 and 4 3/8, H3 4 4/8 and 4 2/8, H4 4 and 4 1/8, abnormal points 3 2/8, 1 4/8 and 2'
    expect(firstLine(message)).toBe(
      `Boone and Crockett score, Whitetail deer, typical: ${scoreSheet({ system: 'bc', category: 'whitetail-typical', measurements: WHITETAIL_RACK }).scoreText}.`,
    )
  })

  it('says which chart a word naming several scored, and how to ask for another', () => {
    expect(matchCalculation('B&C score for a bear skull 13 4/8 long 8 2/16 wide')?.text.split('\n')[1]).toBe(
      '(I used the Black bear chart; ask for Grizzly bear, Alaska brown bear or Polar bear if it is one of those.)',
    )
    expect(firstLine('score an alaska brown bear skull 17 long 10 wide')).toBe(
      'Boone and Crockett score, Alaska brown bear: 27 0/16.',
    )
  })

  it('takes the tool’s right and left lines as objects too', () => {
    const { right, left, ...rest } = WHITETAIL_RACK
    const expected = scoreSheet({ system: 'bc', category: 'whitetail-typical', measurements: WHITETAIL_RACK })
    expect(run('bc_score', { category: 'whitetail-typical', measurements: { ...rest, right, left } }).text).toMatch(
      new RegExp(`: ${expected.scoreText}\\.`),
    )
  })

  it('converts metric input to inches and pounds and says so', () => {
    const result = matchCalculation('how heavy is a 56 cm pike with a 30 cm girth')
    const expected = fish('length-girth-800', Math.round((56 / 2.54) * 1e4) / 1e4, Math.round((30 / 2.54) * 1e4) / 1e4)
    expect(result?.text.split('\n')[0]).toBe(`Estimated weight of a Northern Pike: ${expected.scoreText}.`)
    expect(result?.text).toContain('(56 cm = 22.0472 in. 30 cm = 11.811 in.)')
    expect(matchCalculation('turkey 9 kg, beard 25 cm, spurs 2.5 cm and 2.4 cm')?.text).toContain('9 kg = 19.8416 lb.')
  })

  it('takes a follow-up’s numbers into the last question’s calculation', () => {
    const history = [
      { role: 'user' as const, text: 'what does a 22 inch bass with a 15 inch girth weigh' },
      { role: 'assistant' as const, text: 'About 6.19 lb.' },
    ]
    expect(matchCalculation('and with a 16 inch girth?', history)?.text.split('\n')[0]).toBe(
      `Estimated weight of a Largemouth Bass: ${fish('length-girth-800', 22, 16, 10).scoreText}.`,
    )
    expect(matchCalculation('and with a 16 inch girth?')).toBeNull()
  })

  it.each([
    'how do you calculate fish weight',
    'what is the NWTF scoring formula',
    'how many species have I recorded',
    'what is my biggest bass',
    'is 170 a good score for a whitetail?',
    'what is the B&C minimum for a typical whitetail',
    'I shot a 10 point buck in 2024, how do I score it?',
    'when does the 2026 turkey season open in Kansas?',
    'what was the heaviest fish weight recorded in 2024?',
    'my fish weighed 8 lb',
    'hello',
  ])('returns null for "%s"', (message) => {
    expect(matchCalculation(message)).toBeNull()
  })

  it.each([
    ['fish weight 0/0 length 15 girth', /divides by zero/],
    ['B&C score for a bear skull 5000 long 8 wide', /more than 1000/],
    ['score my turkey: 10 inch beard, spurs 1 and 1', /weight/],
    ['what does a 60 inch tarpon weigh', /girth/],
    ['convert 5 to nothing', /unit/],
  ])('answers "%s" with what is wrong, not an error', (message, problem) => {
    const result = matchCalculation(message)
    expect(result?.text).toMatch(problem)
    for (const source of result?.sources ?? []) expect(ChatSourceSchema.parse(source)).toEqual(source)
  })

  it('never throws, whatever the text', () => {
    const noise = [
      '½½½ girth girth',
      'spurs and and 1/',
      '9'.repeat(400),
      'turkey 1e999 lb',
      'score skull ⅞ ⅞ ⅞ 0/0',
      '"""',
    ]
    for (const text of noise) expect(() => matchCalculation(text)).not.toThrow()
  })
})
