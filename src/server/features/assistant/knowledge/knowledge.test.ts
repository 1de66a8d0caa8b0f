import { describe, expect, it } from 'vitest'
import { CHAT_SOURCE_KINDS } from '#shared/schemas/assistant.ts'
import { CHART_CATEGORIES } from '#shared/scoring/index.ts'
import { minimumsFor, SPECIES } from '#shared/species/catalogue.ts'
import { buildDocs, createKnowledgeBase, getKnowledgeBase, oneEditApart } from './index.ts'
import { MEASURING_PASSAGES } from './measuring-passages.ts'
import { findOtherAnimal, OTHER_ANIMALS } from './other-animals.ts'
import { PASSAGES } from './passages.ts'
import { PROGRAM_PASSAGES } from './program-passages.ts'
import { categoriesMentioned, findSpecies, SPECIES_NICKNAMES, speciesTerms } from './species-match.ts'
import { processTerm, termsOf, tokenize } from './text.ts'

// The knowledge base: what it holds (built from the catalogue and the engine's charts, not retyped), and that
// MiniSearch finds the right passage for questions worded in other ways than the passages are.

const kb = getKnowledgeBase()
const top = (query: string) => kb.search(query, 1)[0]?.id

describe('the knowledge base', () => {
  it('is built once per process and cached', () => {
    expect(getKnowledgeBase()).toBe(kb)
  })

  it('holds unique passages of known kinds, each with a title and a text', () => {
    const docs = buildDocs()
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length)
    for (const doc of docs) {
      expect(CHAT_SOURCE_KINDS).toContain(doc.kind)
      expect(doc.title.length, doc.id).toBeGreaterThan(3)
      expect(doc.text.length, doc.id).toBeGreaterThan(20)
    }
  })

  it('has every species of the guide, with its own link, and every chart of the engine', () => {
    for (const species of SPECIES) {
      for (const aspect of ['overview', 'minimums', 'season', 'habitat', 'measurements']) {
        const doc = kb.get(`species:${species.id}:${aspect}`)
        expect(doc?.speciesId, `${species.id} ${aspect}`).toBe(species.id)
        expect(doc?.href).toBe(`/species-guide/${species.id}`)
      }
    }
    for (const category of CHART_CATEGORIES) expect(kb.get(`chart:${category}`), category).toBeDefined()
  })

  it('states each record minimum of the catalogue in the species’ passage', () => {
    for (const species of SPECIES) {
      const text = kb.get(`species:${species.id}:minimums`)?.text ?? ''
      for (const row of minimumsFor(species)) {
        expect(text).toContain(row.label)
        for (const m of row.minimums) expect(text, `${row.category} ${m.label}`).toContain(m.label)
      }
      if (species.trophyWeightLbs) expect(text).toContain(`${species.trophyWeightLbs} lb`)
    }
    expect(kb.get('species:cougar:minimums')?.text).toContain('B&C All-time 15, P&Y 13 8/16 (unverified)')
  })

  it('curated passages name their source, and the record-book rules name the book', () => {
    for (const passage of PASSAGES) {
      expect(passage.source.length, passage.id).toBeGreaterThan(5)
      if (passage.kind === 'scoring-rules') {
        expect(`${passage.title} ${passage.text}`, passage.id).toMatch(
          /Boone and Crockett|Pope and Young|SCI|NWTF|Fieldmark/,
        )
      }
    }
  })

  it('names programs and their publications as sources, never the web pages we researched', () => {
    for (const passage of [...PASSAGES, ...MEASURING_PASSAGES, ...PROGRAM_PASSAGES]) {
      expect(passage.source, passage.id).not.toMatch(/\.(com|org|net|io|gov)\b|scoring\.md|§|docs\//i)
      expect(passage.text, passage.id).not.toMatch(/\b[\w-]+\.(com|org|net|io)\b/i)
    }
  })

  it('knows the words of its passages, their prefixes and one-letter typos, and nothing else', () => {
    for (const term of ['spread', 'measur', 'symetry', 'nwtf', 'igfa', 'quarter'])
      expect(kb.knows(term), term).toBe(true)
    for (const term of ['bonefish', 'okapi', 'toaster', 'bitcoin']) expect(kb.knows(term), term).toBe(false)
  })

  it('returns nothing for a question of stop words only, and the terms it matched', () => {
    expect(kb.search('what is the')).toEqual([])
    const [hit] = kb.search('spread credit')
    expect(hit?.matchedTerms.sort()).toEqual(['credit', 'spread'])
    expect(hit?.fuzzyTerms).toEqual([])
    expect(kb.search('symetry deductions')[0]?.fuzzyTerms).toEqual(['symetry'])
    // 'rifle' is a word of the seasons passage's text, not what it is about.
    const seasons = kb.search('seasons rifle').find((h) => h.id === 'regulations:seasons')
    expect(seasons?.matchedTerms.sort()).toEqual(['rifl', 'season'])
    expect(seasons?.strongTerms).toEqual(['season'])
  })

  it('builds its index in well under a second', () => {
    const started = performance.now()
    createKnowledgeBase()
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('retrieval finds the passage for a paraphrase', () => {
  it.each([
    ['Is the inside spread limited by beam length?', 'passage:spread-credit'],
    ['how wide can the spread credit be', 'passage:spread-credit'],
    ['penalty when left and right sides differ', 'passage:deductions'],
    ['symetry deductions', 'passage:deductions'],
    ['drop tines kickers and stickers', 'passage:typical-non-typical'],
    ['how long must a rack dry before it is measured officially', 'passage:drying'],
    ['submit my trophy to Boone and Crockett', 'passage:enter-boone-crockett'],
    ['bowhunting record book', 'passage:enter-pope-young'],
    ['crossbow kill in P&Y', 'passage:enter-pope-young'],
    ['estimate the weight of a fish from its girth', 'passage:fish-formula'],
    ['weight of a released fish without girth', 'passage:fish-divisors'],
    ['how precise is a photo measurement', 'passage:photo-accuracy'],
    ['calibrate a picture with a credit card', 'passage:photo-method'],
    ['turkey beard and spur formula', 'passage:nwtf-formula'],
    ['what is a possession limit', 'regulations:bag-limits'],
    ['slot limit for fish', 'regulations:size-limits'],
    ['Montana hunting rules', 'regulations:MT'],
    ['Rocky Mountain elk season dates', 'species:rocky-mountain-elk:season'],
    ['where do mountain goats live', 'species:mountain-goat:habitat'],
    ['whitetail H-2 circumference', 'chart:whitetail-typical:H2'],
    ['measure the palm width of a moose', 'chart:moose-canada:palmWidth'],
  ])('"%s" → %s', (query, id) => {
    expect(top(query)).toBe(id)
  })
})

describe('text processing', () => {
  it('keeps record-book shorthands and chart letters whole', () => {
    expect(termsOf('B&C and P&Y')).toEqual(['boon', 'crockett', 'pope', 'young'])
    expect(termsOf('Boone and Crockett')).toEqual(termsOf('B&C'))
    expect(termsOf('H-2 and g3 and H - 4')).toEqual(['h2', 'g3', 'h4'])
    expect(termsOf('a 4 inch tine, 10 points')).toEqual(['inch', 'tine', 'point'])
    expect(termsOf('non-typical')).toEqual(termsOf('nontypical'))
    expect(termsOf('All-time')).toEqual(termsOf('alltime'))
    expect(termsOf('All-time')).not.toContain('time')
    expect(tokenize('Québec')).toEqual(['Quebec'])
    expect(termsOf('is it a booner')).toEqual(['boon', 'crockett', 'booner'])
    expect(termsOf('p&y min, 10 pts')).toEqual(['pope', 'young', 'minimum', 'point'])
    expect(termsOf('wr from a pic')).toEqual(['world', 'record', 'photo'])
  })

  it.each([
    ['scores', 'scor'],
    ['scored', 'scor'],
    ['scoring', 'scor'],
    ['score', 'scor'],
    ['goats', 'goat'],
    ["Dall's", 'dall'],
    ['grizzlies', 'grizzly'],
    ['inches', 'inch'],
    ['bass', 'bass'],
    ['moose', 'moos'],
    ['officially', 'official'],
    ['typically', 'typical'],
    ['the', null],
  ])('%s → %s', (word, term) => {
    expect(processTerm(word)).toBe(term)
  })
})

describe('findSpecies', () => {
  it.each([
    ['What is the B&C minimum for whitetail?', 'whitetail-deer'],
    ['white-tailed deer', 'whitetail-deer'],
    ['my buck', 'whitetail-deer'],
    ['mule deer', 'mule-deer'],
    ['deer', 'whitetail-deer'],
    ['elk', 'rocky-mountain-elk'],
    ['wapiti', 'rocky-mountain-elk'],
    ["Roosevelt's elk", 'roosevelt-elk'],
    ['tule elk', 'roosevelt-elk'],
    ['Shiras moose', 'moose'],
    ['mountain goat', 'mountain-goat'],
    ['mountain lion', 'cougar'],
    ['grizzly', 'brown-bear'],
    ['black bear', 'black-bear'],
    ['brown bear', 'brown-bear'],
    ['antelope', 'pronghorn'],
    ['Dall sheep', 'dall-sheep'],
    ["Stone's sheep", 'dall-sheep'],
    ['desert sheep', 'bighorn-sheep'],
    ['bass', 'largemouth-bass'],
    ['striped bass', 'striped-bass'],
    ['bucketmouth', 'largemouth-bass'],
    ['muskies', 'muskellunge'],
    ['redfish', 'red-drum'],
    ['speckled trout', 'spotted-seatrout'],
    ['steelhead', 'rainbow-trout'],
    ['ducks', 'mallard'],
    ['Canada goose', 'canada-goose'],
    ['gobbler', 'wild-turkey'],
    ['pronhorn', 'pronghorn'],
    ['walleyes', 'walleye'],
  ])('"%s" → %s', (text, id) => {
    expect(findSpecies(text)[0]?.species.id).toBe(id)
  })

  it.each([
    'hunting in Canada',
    'in the mountains',
    'how do I measure a turkey beard',
    'what is spread credit',
    'Alaska',
    'a red one',
  ])('names no species (or the right one) in "%s"', (text) => {
    const found = findSpecies(text).map((m) => m.species.id)
    expect(found.filter((id) => id !== 'wild-turkey')).toEqual([])
  })
})

describe('categoriesMentioned', () => {
  const species = (id: string) => SPECIES.find((s) => s.id === id) as (typeof SPECIES)[number]
  it.each([
    [
      'whitetail-deer',
      'B&C minimum for whitetail',
      ['whitetail-typical', 'whitetail-non-typical', 'coues-typical', 'coues-non-typical'],
    ],
    ['whitetail-deer', 'non-typical whitetail', ['whitetail-non-typical']],
    ['whitetail-deer', 'typical whitetail', ['whitetail-typical']],
    ['whitetail-deer', "Coues' deer", ['coues-typical', 'coues-non-typical']],
    ['roosevelt-elk', 'tule elk minimum', ['tule-elk']],
    ['moose', 'Shiras moose', ['moose-shiras']],
    ['caribou', 'barren ground caribou', ['caribou-barren-ground']],
    ['pronghorn', 'pronghorn', ['pronghorn']],
  ])('%s, "%s" → %j', (id, text, categories) => {
    expect(categoriesMentioned(species(id), text)).toEqual(categories)
  })
})

describe('animals outside the Species Guide', () => {
  it('never claims a guide species, its categories or its nicknames', () => {
    for (const species of SPECIES) {
      for (const name of [species.name, ...(SPECIES_NICKNAMES[species.id] ?? [])]) {
        expect(findOtherAnimal(name)?.animal.name, name).toBeUndefined()
      }
    }
  })

  it('has no name the guide’s species words would cover on their own', () => {
    for (const animal of OTHER_ANIMALS) {
      const covered = SPECIES.find((s) => animal.terms.every((term) => speciesTerms(s).has(term)))
      expect(covered?.id, animal.name).toBeUndefined()
    }
  })

  it.each([
    ['is a 150 axis deer good', 'axis deer', 'is a 150 good'],
    ['where do bonefish live', 'bonefish', 'where do live'],
    ['brown trout habitat', 'brown trout', 'habitat'],
    ['Snow geese limits', 'snow goose', 'limits'],
  ])('finds the longest name in "%s"', (message, name, rest) => {
    expect(findOtherAnimal(message)).toMatchObject({ animal: { name }, rest })
  })

  it.each(['whitetail', 'how do I measure H-2', 'rainbow trout', 'brown bear', 'canada goose'])(
    'finds none in "%s"',
    (message) => {
      expect(findOtherAnimal(message)).toBeUndefined()
    },
  )
})

describe('oneEditApart', () => {
  it.each([
    ['symmetry', 'symetry', true],
    ['measure', 'meassure', true],
    ['walleye', 'walleys', true],
    ['spread', 'spread', true],
    ['walleye', 'wallaby', false],
    ['bone', 'bonefish', false],
  ])('%s / %s → %s', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected)
    expect(oneEditApart(b, a)).toBe(expected)
  })
})
