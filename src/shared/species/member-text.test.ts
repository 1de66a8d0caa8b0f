import { describe, expect, it } from 'vitest'
import { CATEGORY_MINIMUMS, type Minimum } from '#shared/scoring/categories.ts'
import { RECORD_PROGRAMS } from '#shared/scoring/record-programs.ts'
import { SPECIES } from './catalogue.ts'
import { CATEGORY_LABELS } from './category-labels.ts'

// Members read the catalogue and the record-book minimums as published facts. A source names the program or
// agency and its publication; it never names a page we read while researching, a section of our own notes or a
// decision label, and a value the program does not confirm says so (docs/scoring.md, "Record-book sources").

const RESEARCH_NOTE_MARKS: ReadonlyArray<readonly [string, RegExp]> = [
  ['a web domain', /\b[a-z0-9-]+\.(io|com|org|net|is)\b/i],
  ['a file name', /\b[\w-]+\.(asp|php|kt|htm|html|pdf)\b/i],
  ['a section sign', /§/],
  ['our notes file', /scoring\.md/i],
  ['"settled"', /\bsettled\b/i],
  ['"open <n>"', /\bopen \d+/i],
  ['a repository handle', /\b[a-z][\w-]*\/[A-Za-z][\w-]*/],
  ['a decision label', /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\[(?:S2?|M)\]|\bADR\b/],
  ['research wording', /\bfrom memory\b|\bour (?:sources|notes|product spec)\b|\bno public (?:copy|source)\b/i],
  ['a record quoted as evidence', /\bon (?:[A-Z][\w-]*'s|the) record\b/],
]

function marksIn(text: string): string[] {
  return RESEARCH_NOTE_MARKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name)
}

type MemberText = { where: string; text: string }

function catalogueTexts(): MemberText[] {
  const texts: MemberText[] = []
  for (const s of SPECIES) {
    const add = (field: string, text: string | undefined) => {
      if (text !== undefined) texts.push({ where: `${s.id} ${field}`, text })
    }
    for (const field of ['name', 'scoring', 'description', 'habitat', 'season'] as const) add(field, s[field])
    add('recordNote', s.recordNote)
    add('trophyWeightNote', s.trophyWeightNote)
    for (const m of s.measurements) add('measurement', m)
    for (const source of s.sources) add('source', source)
    for (const f of s.fishFormulas ?? []) {
      add('formula label', f.label)
      add('formula note', f.note)
    }
  }
  for (const [category, label] of Object.entries(CATEGORY_LABELS))
    texts.push({ where: `${category} label`, text: label })
  return texts
}

const minimums = (): Array<{ where: string; minimum: Minimum & { label?: string } }> =>
  Object.entries(CATEGORY_MINIMUMS).flatMap(([category, books]) =>
    Object.entries(books).map(([book, minimum]) => ({ where: `${category} ${book}`, minimum })),
  )

const offending = (texts: MemberText[]) =>
  texts.flatMap(({ where, text }) => marksIn(text).map((mark) => `${where}: ${mark} in "${text}"`))

describe('the research-note check', () => {
  it.each<[string, string[]]>([
    [
      'Source: B&C minimums as listed by unanswered.io and enviroliteracy.org (scoring.md, minimums table)',
      ['a web domain', 'our notes file'],
    ],
    ['as the table in § 1 says', ['a section sign']],
    ['trantor.is B&C manual ch. 10', ['a web domain']],
    ['jayjo/topdraw pronghorn chart', ['a repository handle']],
    ['bbandzapps/BuckScoreApp WesternElkProfile.kt', ['a file name', 'a repository handle']],
    ['bc_scoring_moose.asp (old B&C online chart)', ['a file name']],
    ['SCI form 18-T (settled 5)', ['"settled"']],
    ['no P&Y source found (open 7)', ['"open <n>"']],
    ['GOAT_LENGTH_DIFFERENCE_DEDUCTED', ['a decision label']],
    ['Leupold [S2]', ['a decision label']],
    ['From memory of the B&C list; no public copy found', ['research wording']],
    ["length × girth² ÷ 800 read 9 % heavy on Kurita's record bass", ['a record quoted as evidence']],
    ['Length × girth² ÷ 800 read 9 % heavy on the record fish', ['a record quoted as evidence']],
  ])('flags %j', (text, expected) => {
    expect(marksIn(text)).toEqual(expected)
  })

  it.each([
    'Boone and Crockett Club — Records of North American Big Game, minimum entry scores (Awards / All-time)',
    'Report a band at reportband.gov and you keep it.',
    'IGFA all-tackle: 11 lb 15 oz, David Hayes, Dale Hollow Reservoir (TN/KY), 9 Jul 1955.',
    'Length × girth² ÷ 800 tends to read heavy on big fish; beards and spurs to 1/16 inch.',
    'Open most of the year; closed periods vary',
  ])('lets %j through', (text) => {
    expect(marksIn(text)).toEqual([])
  })
})

describe('member-visible text of the species catalogue', () => {
  it('has no research-note mark in any field, source, formula note or category name', () => {
    const texts = catalogueTexts()
    expect(texts.length).toBeGreaterThan(SPECIES.length * 5)
    expect(offending(texts)).toEqual([])
  })

  it('names who published each source ("Publisher — title"), or a weight formula by name', () => {
    for (const s of SPECIES) {
      for (const source of s.sources) expect(source, s.id).toMatch(/^[^—]+ — \S|^Length × girth² ÷ \d+: \S/)
    }
  })
})

describe('record-book minimums', () => {
  const programs = Object.values(RECORD_PROGRAMS)

  it('have no research-note mark in a source or a label', () => {
    const texts = minimums().flatMap(({ where, minimum }) => [
      { where: `${where} source`, text: minimum.source },
      ...(minimum.label ? [{ where: `${where} label`, text: minimum.label }] : []),
    ])
    expect(offending(texts)).toEqual([])
  })

  it('each name a known record-book program or agency first', () => {
    for (const { where, minimum } of minimums()) {
      expect(
        programs.some((program) => minimum.source.startsWith(`${program} — `)),
        `${where}: ${minimum.source}`,
      ).toBe(true)
    }
  })

  it('say in plain words when the program does not confirm the value, and only then', () => {
    const all = minimums()
    expect(all.some(({ minimum }) => !minimum.verified)).toBe(true)
    for (const { where, minimum } of all) {
      expect(
        /not confirmed by the club's published list; check the current record book/.test(minimum.source),
        where,
      ).toBe(!minimum.verified)
    }
  })
})
