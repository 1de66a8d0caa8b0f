import { describe, expect, it } from 'vitest'
import { PhotoAnalysisSchema } from '#shared/schemas/photo-analysis.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { SYSTEM_PROMPT } from './photo-analysis.prompt.ts'
import {
  clampConfidence,
  clampEstimates,
  engineScore,
  extractJson,
  type ModelReply,
  ModelReplyError,
  matchSpecies,
  parseModelReply,
  toSuggestion,
} from './photo-analysis.reply.ts'

// The model's reply (photo-analysis.reply.ts): what is accepted, what is refused, and how it becomes a suggestion.

/** A complete, valid reply; each test changes the part it is about. */
function aReply(overrides: Partial<ModelReply> = {}): ModelReply {
  return {
    species: { id: 'largemouth-bass', name: 'Largemouth Bass', confidence: 0.82 },
    category: 'Freshwater Fish',
    referenceObject: { visible: true, kind: 'credit-card' },
    estimates: { lengthIn: 24, girthIn: 18, widthIn: null, weightLbs: 9, spreadIn: null, points: null },
    trophyClass: 'record',
    score: 11,
    notes: 'Fish held toward the camera; length may be overestimated.',
    ...overrides,
  }
}

const json = (value: unknown) => JSON.stringify(value)

describe('extractJson', () => {
  const body = { species: null, n: 1 }
  it.each([
    ['the whole reply', json(body)],
    ['with surrounding whitespace', `\n  ${json(body)}\n`],
    ['in a ```json fence', `Here is the analysis:\n\`\`\`json\n${json(body)}\n\`\`\`\nGood luck!`],
    ['in a bare ``` fence', `\`\`\`\n${json(body)}\n\`\`\``],
    ['inside prose, from the first { to the last }', `The answer is ${json(body)} as requested.`],
  ])('finds the object %s', (_name, text) => {
    expect(extractJson(text)).toEqual(body)
  })

  it.each([
    ['prose only', 'I cannot see an animal in this photo.'],
    ['an array', '[1, 2, 3]'],
    ['a string', '"largemouth-bass"'],
    ['JSON cut short', '{"species": {"id": "largemouth-bass"'],
    ['null', 'null'],
  ])('refuses %s', (_name, text) => {
    expect(() => extractJson(text)).toThrow(ModelReplyError)
  })
})

describe('parseModelReply', () => {
  it('accepts a complete reply and ignores fields it does not know', () => {
    const reply = { ...aReply(), mood: 'cheerful', estimates: { ...aReply().estimates, tailIn: 4 } }
    expect(parseModelReply(json(reply))).toEqual(aReply())
  })

  it('accepts null wherever nothing can be said, and a missing optional key', () => {
    const reply = {
      species: null,
      referenceObject: { visible: false },
      estimates: {},
    }
    expect(parseModelReply(json(reply))).toEqual(reply)
  })

  it.each([
    ['no text', null],
    ['an empty text', '   '],
    ['no JSON', 'A nice bass!'],
    [
      'confidence as a word',
      json(aReply({ species: { id: 'walleye', name: 'Walleye', confidence: 'high' as never } })),
    ],
    ['a length with its unit', json(aReply({ estimates: { lengthIn: '24 in' as never } }))],
    ['visible as a word', json(aReply({ referenceObject: { visible: 'yes' as never, kind: null } }))],
    ['points as text', json(aReply({ estimates: { points: 'ten' as never } }))],
    ['a species without id or name', json(aReply({ species: { id: null, name: ' ', confidence: 0.5 } }))],
    ['a species without confidence', json({ ...aReply(), species: { id: 'walleye' } })],
    ['no species key', json({ ...aReply(), species: undefined })],
    ['no estimates', json({ ...aReply(), estimates: undefined })],
    ['no referenceObject', json({ ...aReply(), referenceObject: undefined })],
    ['notes as a list', json(aReply({ notes: ['blurry'] as never }))],
  ])('refuses %s', (_name, text) => {
    expect(() => parseModelReply(text)).toThrow(ModelReplyError)
  })
})

describe('matchSpecies: a catalogue entry only when the label names exactly one', () => {
  it.each([
    ['largemouth-bass', 'largemouth-bass'],
    ['Largemouth Bass', 'largemouth-bass'],
    ['  LARGEMOUTH   bass ', 'largemouth-bass'],
    ['largemouth', 'largemouth-bass'],
    ['Mallards', 'mallard'],
    ['Muskie', 'muskellunge'],
    ['muskellunge', 'muskellunge'],
    ['Grizzly', 'brown-bear'],
    ['Steelhead', 'rainbow-trout'],
    ['mountain lion', 'cougar'],
    ["Dall's sheep", 'dall-sheep'],
    ['Dall sheep', 'dall-sheep'],
    ['Roosevelt elk', 'roosevelt-elk'],
    ['Whitetail', 'whitetail-deer'],
    ['moose', 'moose'],
  ])('%s → %s', (label, id) => {
    expect(matchSpecies(label)?.id).toBe(id)
  })

  it.each([
    ['bass', 'three bass in the catalogue'],
    ['elk', 'two elk'],
    ['deer', 'two deer'],
    ['Brown Trout', 'not in the catalogue'],
    ['trout', 'a trout, not a rainbow trout'],
    ['Snow Goose', 'not in the catalogue'],
    ['northern', 'northern pike or northern bobwhite'],
    ['eastern', 'two eastern species'],
    ['', 'nothing'],
    ['!!', 'no word'],
  ])('%s → no match (%s)', (label) => {
    expect(matchSpecies(label)).toBeUndefined()
  })

  it('matches every catalogue id and name to itself', () => {
    for (const species of SPECIES) {
      expect(matchSpecies(species.id)?.id).toBe(species.id)
      expect(matchSpecies(species.name)?.id).toBe(species.id)
    }
  })
})

describe('values', () => {
  it.each([
    [-0.3, 0],
    [0, 0],
    [0.42, 0.42],
    [1, 1],
    [85, 1],
  ])('confidence %s → %s', (said, kept) => {
    expect(clampConfidence(said)).toBe(kept)
  })

  it('clamps sizes to what a measurement accepts and leaves out zeros, negatives and nulls', () => {
    expect(
      clampEstimates({ lengthIn: 400, girthIn: 0, widthIn: -3, weightLbs: 5000, spreadIn: 300, points: 12.6 }),
    ).toEqual({ lengthIn: 240, weightLbs: 2000, spreadIn: 120, points: 13 })
    expect(clampEstimates({ lengthIn: null, points: 0 })).toEqual({ points: 0 })
    expect(clampEstimates({ points: 500 })).toEqual({ points: 100 })
    expect(clampEstimates({ points: -1 })).toEqual({})
  })
})

describe('toSuggestion', () => {
  it('scores a catalogue fish with the engine from length and girth, whatever the model guessed', () => {
    const suggestion = toSuggestion(aReply())
    // 24 × 18² ÷ 800 = 9.72 lb; the largemouth's trophy weight is 10 lb, 80 % of it 8 lb: trophy.
    expect(suggestion).toEqual({
      species: { id: 'largemouth-bass', name: 'Largemouth Bass', modelLabel: 'Largemouth Bass', confidence: 0.82 },
      category: 'Freshwater Fish',
      referenceObject: { visible: true, kind: 'credit-card' },
      estimates: { lengthIn: 24, girthIn: 18, weightLbs: 9 },
      score: 9.72,
      scoreSource: 'engine',
      trophyClass: 'trophy',
      notes: 'Fish held toward the camera; length may be overestimated.',
    })
    expect(
      PhotoAnalysisSchema.safeParse({
        ...suggestion,
        id: crypto.randomUUID(),
        photoId: crypto.randomUUID(),
        model: 'm',
        createdAt: new Date().toISOString(),
      }).success,
    ).toBe(true)
  })

  it('uses a length-cubed formula when only the length is estimated', () => {
    // Largemouth: length-girth-800 first, then length-cubed-1600: 24³ ÷ 1600 = 8.64 lb (trophy at 8 lb).
    const bass = SPECIES.find((s) => s.id === 'largemouth-bass')
    expect(engineScore(bass, { lengthIn: 24 })).toEqual({ score: 8.64, scoreSource: 'engine', trophyClass: 'trophy' })
    // Tarpon has only length-girth-800: no score without a girth.
    expect(
      engineScore(
        SPECIES.find((s) => s.id === 'tarpon'),
        { lengthIn: 60 },
      ),
    ).toBeUndefined()
    expect(engineScore(bass, { girthIn: 18 })).toBeUndefined()
    expect(engineScore(undefined, { lengthIn: 24, girthIn: 18 })).toBeUndefined()
  })

  it("keeps the model's score and class for what the engine cannot score from estimates", () => {
    const deer = toSuggestion(
      aReply({
        species: { id: 'whitetail-deer', name: 'White-tailed deer', confidence: 0.9 },
        category: 'Freshwater Fish',
        estimates: { spreadIn: 18.5, points: 10 },
        trophyClass: 'Trophy',
        score: 151.4,
      }),
    )
    expect(deer).toMatchObject({
      species: { id: 'whitetail-deer', name: 'Whitetail Deer', modelLabel: 'White-tailed deer' },
      // The catalogue's category, not the model's.
      category: 'Big Game',
      estimates: { spreadIn: 18.5, points: 10 },
      score: 151.4,
      scoreSource: 'model',
      trophyClass: 'trophy',
    })
    expect(
      toSuggestion(aReply({ species: { id: 'moose', confidence: 1 }, score: -4, trophyClass: 'huge' })),
    ).toMatchObject({ score: null, scoreSource: null, trophyClass: null })
  })

  it("answers a species outside the catalogue as 'Unknown' with the model's label, never a near match", () => {
    const trout = toSuggestion(
      aReply({
        species: { id: 'brown-trout', name: 'Brown Trout', confidence: 0.7 },
        category: 'freshwater fish',
        score: 4.2,
      }),
    )
    expect(trout).toMatchObject({
      species: { id: null, name: 'Unknown', modelLabel: 'Brown Trout', confidence: 0.7 },
      category: 'Freshwater Fish',
      score: 4.2,
      scoreSource: 'model',
    })
    expect(
      toSuggestion(aReply({ species: { id: null, name: 'Bass', confidence: 0.4 }, category: 'Fish' })),
    ).toMatchObject({ species: { id: null, name: 'Unknown', modelLabel: 'Bass' }, category: null })
    expect(toSuggestion(aReply({ species: null, category: null }))).toMatchObject({
      species: { id: null, name: 'Unknown', modelLabel: null, confidence: 0 },
      category: null,
    })
  })

  it('prefers the catalogue id to the name when both are given', () => {
    const s = toSuggestion(aReply({ species: { id: 'smallmouth-bass', name: 'Largemouth Bass', confidence: 0.5 } }))
    expect(s.species.id).toBe('smallmouth-bass')
  })

  it.each([
    [
      { visible: true, kind: 'Credit Card' },
      { visible: true, kind: 'credit-card' },
    ],
    [
      { visible: true, kind: 'quarter' },
      { visible: true, kind: 'quarter' },
    ],
    [
      { visible: true, kind: 'tape measure' },
      { visible: true, kind: 'other' },
    ],
    [
      { visible: true, kind: null },
      { visible: true, kind: null },
    ],
    [
      { visible: false, kind: 'quarter' },
      { visible: false, kind: null },
    ],
  ])('reference object %j → %j', (said, kept) => {
    expect(toSuggestion(aReply({ referenceObject: said })).referenceObject).toEqual(kept)
  })

  it('trims the notes, cuts them at 500 characters, and answers null for none', () => {
    expect(toSuggestion(aReply({ notes: `  ${'a'.repeat(600)}  ` })).notes).toBe('a'.repeat(500))
    expect(toSuggestion(aReply({ notes: '   ' })).notes).toBeNull()
    expect(toSuggestion(aReply({ notes: null })).notes).toBeNull()
  })
})

describe('SYSTEM_PROMPT', () => {
  it('lists every catalogue species by id and name, and the JSON shape', () => {
    for (const species of SPECIES) expect(SYSTEM_PROMPT).toContain(`- ${species.id}: ${species.name}`)
    for (const key of ['"species"', '"referenceObject"', '"estimates"', '"lengthIn"', '"trophyClass"', '"notes"']) {
      expect(SYSTEM_PROMPT).toContain(key)
    }
  })
})
