import { describe, expect, it } from 'vitest'
import {
  agencyText,
  buildRegulationDocs,
  containsSpecificRegulation,
  findJurisdiction,
  findJurisdictions,
  isRegulationQuestion,
  JURISDICTIONS,
} from './regulations.ts'

// The regulations pointers: every US state, DC and every Canadian province and territory with its
// agency; detection of the place a member mentions; and the guard that no date or limit is ever stated.

const US_STATES =
  `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH
  OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY`.split(/\s+/)
const CANADA = 'AB BC MB NB NL NS ON PE QC SK NT NU YT'.split(' ')

describe('JURISDICTIONS', () => {
  it('holds the 50 states, DC and the 13 provinces and territories, once each', () => {
    const codes = JURISDICTIONS.map((j) => j.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(
      JURISDICTIONS.filter((j) => j.kind === 'state')
        .map((j) => j.code)
        .sort(),
    ).toEqual([...US_STATES].sort())
    expect(
      JURISDICTIONS.filter((j) => j.country === 'CA')
        .map((j) => j.code)
        .sort(),
    ).toEqual([...CANADA].sort())
    expect(
      JURISDICTIONS.filter((j) => j.kind === 'territory')
        .map((j) => j.code)
        .sort(),
    ).toEqual(['NT', 'NU', 'YT'])
    expect(JURISDICTIONS.find((j) => j.kind === 'district')?.code).toBe('DC')
  })

  it.each(JURISDICTIONS.map((j) => [j.name, j] as const))('%s has an agency and an https site', (_name, j) => {
    expect(j.agency.length).toBeGreaterThan(5)
    expect(new URL(j.url).protocol).toBe('https:')
    if (j.fishing) expect(new URL(j.fishing.url).protocol).toBe('https:')
  })
})

describe('findJurisdiction', () => {
  it.each(JURISDICTIONS.map((j) => [j.name, j.code] as const))('finds %s by its name', (name, code) => {
    expect(findJurisdiction(`What are the hunting rules in ${name}?`)?.code).toBe(code)
    expect(findJurisdiction(`${name.toUpperCase()} fishing`)?.code).toBe(code)
  })

  it.each([
    ['When does deer season open in West Virginia?', 'WV'],
    ['deer season in Virginia', 'VA'],
    ['Arkansas duck season', 'AR'],
    ['Kansas turkey tags', 'KS'],
    ['hunting in Washington DC', 'DC'],
    ['fishing in Washington, D.C.', 'DC'],
    ['elk in Washington state', 'WA'],
    ['bag limits in New Mexico', 'NM'],
    ['moose in Québec', 'QC'],
    ['moose in Quebec', 'QC'],
    ['deer in PEI', 'PE'],
    ['caribou in Newfoundland', 'NL'],
    ['muskox in the NWT', 'NT'],
    ['Dall sheep in the Yukon', 'YT'],
    ['elk tags in MT', 'MT'],
    ['walleye limits SK', 'SK'],
    ['can I hunt in OR this fall', 'OR'],
    ['licence for hunting in ON', 'ON'],
    ['moose hunting in BC', 'BC'],
    ['can I hunt in ME with a crossbow', 'ME'],
  ])('"%s" → %s', (text, code) => {
    expect(findJurisdiction(text)?.code).toBe(code)
  })

  it.each([
    'What is the BC minimum for a whitetail?',
    'B&C score for my buck',
    'deer OR elk',
    'OK, and for mule deer?',
    'ME and my buddy',
    'how do I measure it IN inches',
    'Quebec-Labrador caribou minimum',
    'Alaska-Yukon moose minimum',
    'Central Canada barren ground caribou',
    'Canada goose season',
    'in the mountains',
    'what is my biggest bass',
  ])('finds no place in "%s"', (text) => {
    expect(findJurisdiction(text)).toBeUndefined()
  })

  it('lists several places in the order of the text', () => {
    expect(findJurisdictions('Is it easier to draw a tag in Wyoming or Colorado or MT?').map((j) => j.code)).toEqual([
      'WY',
      'CO',
      'MT',
    ])
  })
})

describe('isRegulationQuestion', () => {
  it.each([
    'What is the bag limit for ducks?',
    'When does deer season open?',
    'Do I need a license to fish?',
    'How many walleye can I keep?',
    'Is it legal to hunt on Sunday?',
    'what are the regulations',
    'Who sets hunting seasons?',
    'size limit for bass',
    'Can I hunt elk with a crossbow?',
  ])('"%s" asks about regulations', (text) => {
    expect(isRegulationQuestion(text)).toBe(true)
  })

  it.each(['What is spread credit?', 'How do I measure H-2?', 'B&C minimum for elk', 'What is my biggest bass?'])(
    '"%s" does not',
    (text) => {
      expect(isRegulationQuestion(text)).toBe(false)
    },
  )
})

describe('containsSpecificRegulation', () => {
  it.each([
    'Archery season opens Sept. 15.',
    'The season runs October 1 through November 30.',
    'Opening day is the 15th of November.',
    'Season: 10/01/2026',
    'The daily bag limit is 6 ducks.',
    'The possession limit is 18.',
    'You may keep 5 walleye.',
    'You may take 2 deer per day.',
    'The minimum size limit is 14 inches.',
    'Bass must be 15 inch minimum.',
  ])('flags "%s"', (text) => {
    expect(containsSpecificRegulation(text)).toBe(true)
  })

  it.each([
    'September–January: archery opens first, rifle around November; dates vary by state.',
    'Spring (March–May); fall in some states.',
    'The Pope and Young minimum for whitetail is 125.',
    'Your score: 152 4/8.',
    'A bag limit is how many of a species one person may take in a day.',
    'Estimated weight: 6.188 lb (6 lb 3 oz).',
  ])('lets "%s" through', (text) => {
    expect(containsSpecificRegulation(text)).toBe(false)
  })

  it('never fires on our own regulations passages: agency pointers and general concepts', () => {
    for (const doc of buildRegulationDocs()) expect(containsSpecificRegulation(doc.text), doc.id).toBe(false)
    for (const j of JURISDICTIONS) {
      expect(agencyText(j)).toContain(j.agency)
      expect(agencyText(j)).toContain(j.url)
    }
  })
})
