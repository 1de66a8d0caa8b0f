import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CM_PER_IN, CREDIT_CARD_IN, QUARTER_DIAMETER_IN } from '#shared/measuring/index.ts'
import type { ChatReply, ChatTurn } from '#shared/schemas/assistant.ts'
import { scoreSheet } from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import type { KnowledgeBase } from './assistant.types.ts'
import { answerBuiltIn, getKnowledgeBase, readQuestion } from './builtin.ts'
import { CATALOGUE_FACTS } from './question-set-held-out.ts'
import { containsSpecificRegulation, JURISDICTIONS } from './regulations.ts'

// The built-in assistant's composer: the order of its routes (calculation, the member's records, regulations,
// knowledge, "I don't know"), the sources it names, follow-ups read from the history, and the regulations guard.

let t: TestApp
let member: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  member = await createUser(t, { verify: 'mark' })
  await createMeasurement(t, member.cookie, {
    speciesId: 'largemouth-bass',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 21, girthIn: 14 } },
  })
})
afterAll(() => t?.close())

const ask = (message: string, history?: ChatTurn[], knowledge: KnowledgeBase = getKnowledgeBase()) =>
  answerBuiltIn({ db: t.db, knowledge }, { userId: member.id, request: { message, history } })
const turns = (...texts: string[]): ChatTurn[] =>
  texts.map((text, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', text }))
const kinds = (reply: ChatReply) => reply.sources?.map((s) => s.kind)

describe('routing', () => {
  it('runs a calculation asked with numbers through the engine', async () => {
    const reply = await ask('How much does a 20 inch bass with a 14 inch girth weigh?')
    const engine = scoreSheet({
      system: 'fish',
      category: 'length-girth-800',
      measurements: { lengthIn: 20, girthIn: 14 },
    })
    expect(reply.reply).toContain(engine.scoreText)
    expect(kinds(reply)).toContain('calculator')
    expect(reply.answeredBy).toBe('built-in')
  })

  it("answers from the member's own records", async () => {
    const reply = await ask('What is my biggest bass?')
    expect(reply.reply).toContain('Largemouth Bass')
    expect(reply.reply).toContain('21 in')
    expect(kinds(reply)).toEqual(['my-records'])
  })

  it('names the agency for a regulations question, with its site as the source', async () => {
    const reply = await ask('What is the bag limit for walleye in Minnesota?')
    expect(reply.reply).toContain('Minnesota Department of Natural Resources')
    expect(reply.sources?.[0]).toEqual({
      kind: 'regulations',
      title: 'Minnesota Department of Natural Resources',
      href: 'https://www.dnr.state.mn.us',
    })
    expect(reply.sources).toContainEqual({
      kind: 'species-guide',
      title: 'Species Guide: Walleye',
      href: '/species-guide/walleye',
    })
  })

  it('answers a species fact from the guide, linking to the species page', async () => {
    const reply = await ask('Where do pronghorn live?')
    expect(reply.reply).toBe('Pronghorn habitat: Open prairie and sagebrush.')
    expect(reply.sources).toEqual([
      { kind: 'species-guide', title: 'Species Guide: Pronghorn', href: '/species-guide/pronghorn' },
    ])
  })

  it('answers a scoring rule from its passage, naming the book', async () => {
    const reply = await ask('How is spread credit figured?')
    expect(reply.reply).toMatch(/longer main beam/)
    expect(reply.sources?.[0]).toMatchObject({
      kind: 'scoring-rules',
      title: expect.stringMatching(/Boone and Crockett/),
    })
  })

  it.each([
    ['How do I score a non-typical mule deer?', /^How to score Mule deer, non-typical/],
    ['How do I score a tule elk?', /^How to score Tule elk/],
    ['How do I score a mule deer?', /^How to score Mule deer, typical/],
    ['What is G-2?', /^G-2, Length of point G-2 \(Whitetail deer, typical chart\)/],
    ['What does royal tine mean?', /^G-4, .*\(American elk, typical chart\): Royal tine/],
  ])('picks the chart the question names, else the guide’s first: "%s"', async (question, expected) => {
    expect((await ask(question)).reply).toMatch(expected)
  })

  it('gives the overview of a species named alone', async () => {
    const reply = await ask('moose')
    expect(reply.reply).toMatch(/^Moose \(Big Game, North America\)\./)
    expect(reply.reply).toContain('- Habitat: Boreal forest, willow flats and lakes.')
    expect(kinds(reply)).toEqual(['species-guide'])
  })
})

describe('record minimums', () => {
  it.each([
    ['What is the Pope and Young minimum for whitetail?', ['Pope and Young', '125', '155'], ['170', '160']],
    [
      'B&C minimum for a typical whitetail',
      ['Whitetail deer, typical: B&C Awards 160, B&C All-time 170'],
      ['125', 'Coues'],
    ],
    ['tule elk minimum', ['Tule elk: B&C Awards 270, B&C All-time 285'], ["Roosevelt's elk:"]],
    [
      'cougar minimum score',
      ['B&C Awards 14 8/16', 'P&Y 13 8/16 (unverified)', /unverified are not confirmed by the program's own list/],
      [],
    ],
    ['Pope and Young minimum for caribou', [/no Pope and Young minimum for Caribou/i, 'B&C All-time 400'], []],
    ['NWTF minimum for a turkey', [/Kansas.*Trophy Turkey Award/, /\b65\b/, /no minimum score/], []],
    [
      'Is 150 a good score for a whitetail?',
      ['A score of 150 as Whitetail deer, typical meets P&Y 125 but not B&C Awards 160, B&C All-time 170.'],
      [],
    ],
    ['record book minimum for a pheasant', ['No record book sets a minimum score for Ring-necked Pheasant.'], []],
  ])('"%s"', async (question, facts, absent) => {
    const { reply } = await ask(question)
    for (const fact of facts) expect(reply).toMatch(typeof fact === 'string' ? new RegExp(escapeRegExp(fact)) : fact)
    for (const fact of absent) expect(reply).not.toContain(fact)
  })
})

describe('follow-ups from the history', () => {
  it('keeps the species and takes the new book: "and for Pope and Young?"', async () => {
    const reply = await ask(
      'and for Pope and Young?',
      turns('What is the B&C minimum for mule deer?', 'Boone and Crockett minimum scores for Mule Deer: …'),
    )
    expect(reply.reply).toMatch(/^Pope and Young minimum scores for Mule Deer:/)
    expect(reply.reply).toContain('145')
  })

  it('keeps the question and takes the new species: "what about moose?"', async () => {
    const reply = await ask('what about moose?', turns("What's the P&Y minimum for elk?"))
    expect(reply.reply).toMatch(/^Pope and Young minimum scores for Moose:/)
    expect(reply.reply).not.toMatch(/Elk/)
  })

  it('keeps the question and takes the new place: "and in Ontario?"', async () => {
    const reply = await ask('and in Ontario?', turns('When does moose season open in Manitoba?'))
    expect(reply.reply).toContain('Ontario Ministry of Natural Resources')
    expect(reply.reply).not.toContain('Manitoba')
    expect(reply.reply).toContain('For Moose')
  })

  it('keeps the chart line and takes the new species: "and on a whitetail?"', async () => {
    const reply = await ask('and on a whitetail?', turns('How do I measure H-4 on a mule deer?'))
    expect(reply.reply).toMatch(/H-4.*Whitetail deer, typical chart.*between the third and fourth points/)
  })

  it('answers a question about no species with the species of the conversation', async () => {
    const reply = await ask('How do I measure G-3?', turns('How do I score a mule deer?'))
    expect(reply.reply).toMatch(/G-3.*Mule deer/)
  })

  it('takes a category of the same species: "how about non-typical?"', async () => {
    const reply = await ask('how about non-typical?', turns('What is the B&C minimum for whitetail?'))
    expect(reply.reply).toContain('Whitetail deer, non-typical: B&C Awards 185, B&C All-time 195')
    expect(reply.reply).not.toContain('Whitetail deer, typical:')
  })

  it('answers a new question about the same species on its own: "and what about the habitat?"', async () => {
    const reply = await ask('and what about the habitat?', turns('When is elk season?', 'Rocky Mountain Elk season …'))
    expect(reply.reply).toBe('Rocky Mountain Elk habitat: Western mountains: open parks and timber.')
  })

  it('takes no species from the examples of its own "I don\'t know"', async () => {
    const dontKnow = (await ask('Who won the Super Bowl?')).reply
    const reply = await ask('What is the minimum score?', [
      { role: 'user', text: 'Who won the Super Bowl?' },
      { role: 'assistant', text: dontKnow },
    ])
    expect(dontKnow).toMatch(/mule deer/)
    expect(reply.reply).not.toMatch(/Mule Deer/)
  })

  it('reads a follow-up that makes no sense as one on its own', async () => {
    const reply = await ask('moose', turns('Who won the Super Bowl?', "I don't know the answer to that one. …"))
    expect(reply.reply).toMatch(/^Moose \(Big Game/)
  })

  it('does not carry the species into an unrelated question', async () => {
    const history = turns('What is the B&C minimum for whitetail?', 'Record-book minimum scores for Whitetail Deer: …')
    const unrelated = await ask('Who won the Super Bowl?', history)
    expect(unrelated.reply).toMatch(/^I don't know/)
    expect(unrelated.reply).not.toMatch(/Whitetail/)
    const place = await ask('What are the hunting regulations in Iowa?', history)
    expect(place.reply).toContain('Iowa Department of Natural Resources')
    expect(place.reply).not.toMatch(/Whitetail/)
  })

  it('reads the question with its history', () => {
    const q = readQuestion(
      'and for P&Y?',
      turns('B&C minimum for elk', 'Boone and Crockett minimum scores for Rocky Mountain Elk: …'),
    )
    expect(q).toMatchObject({ followUp: true, speciesFromHistory: true, books: ['py'] })
    expect(q.species?.id).toBe('rocky-mountain-elk')
    expect(readQuestion('What is spread credit?', turns('elk minimum'))).toMatchObject({ followUp: false })
    expect(readQuestion('Ontario?', turns('moose season in Manitoba'))).toMatchObject({ followUp: true })
    expect(readQuestion('P&Y?', turns('elk minimum'))).toMatchObject({ followUp: true })
    expect(readQuestion('mule deer', turns('elk minimum'))).toMatchObject({ followUp: true })
  })
})

describe('when it does not know', () => {
  it.each(['Who won the Super Bowl?', 'Best recipe for venison chili?', 'How do I train my bird dog?'])(
    'says so for "%s" and lists what it can answer, with no sources',
    async (question) => {
      const reply = await ask(question)
      expect(reply.reply).toMatch(/^I don't know the answer to that one\. Here is what I can help with:/)
      for (const topic of [/record-book minimums/, /how to measure/, /fish weight/, /your own records/, /agency/]) {
        expect(reply.reply).toMatch(topic)
      }
      expect(reply.sources).toBeUndefined()
      expect(reply.answeredBy).toBe('built-in')
    },
  )

  it('offers what it knows of a species it cannot answer about', async () => {
    const reply = await ask('What is the best rifle caliber for elk?')
    expect(reply.reply).toMatch(/^I don't know/)
    expect(reply.reply).toContain('For Rocky Mountain Elk I can give its record minimums, season, habitat')
  })

  it('greets with what it can do, without an "I don\'t know"', async () => {
    for (const question of ['hi', 'Hello!', 'What can you do?', '?']) {
      const reply = await ask(question)
      expect(reply.reply).toMatch(/^Here is what I can help with:/)
    }
  })

  it('falls back when the knowledge base finds nothing at all', async () => {
    const empty: KnowledgeBase = { search: () => [] }
    const reply = await ask('What is spread credit?', undefined, empty)
    expect(reply.reply).toMatch(/^I don't know/)
  })
})

describe('regulations never state a date or a limit', () => {
  it.each(JURISDICTIONS.map((j) => [j.name, j] as const))('%s', async (name, j) => {
    for (const question of [
      `When does deer season open in ${name}?`,
      `What is the bag limit for ducks in ${name}?`,
      `size limit for walleye in ${name}`,
    ]) {
      const reply = await ask(question)
      expect(reply.reply, question).toContain(j.agency)
      expect(containsSpecificRegulation(reply.reply), reply.reply).toBe(false)
      expect(reply.sources?.[0]).toEqual({ kind: 'regulations', title: j.agency, href: j.url })
    }
  })

  it('explains a concept and asks for the place when none is named', async () => {
    const reply = await ask('What is a possession limit?')
    expect(reply.reply).toMatch(/possession limit is how many you may hold/)
    expect(reply.reply).toMatch(/Tell me your state or province/)
    expect(containsSpecificRegulation(reply.reply)).toBe(false)
  })
})

describe('a subject outside the Species Guide', () => {
  // Animals and fish the guide lacks (some of them unknown to the assistant by name), and things that are not
  // animals at all: whatever is asked about them, no guide species' facts come back.
  const NOT_IN_GUIDE = [
    'bonefish',
    'sailfish',
    'crappie',
    'brown trout',
    'lake trout',
    'yellow perch',
    'carp',
    'halibut',
    'mahi mahi',
    'red snapper',
    'chinook salmon',
    'peacock bass',
    'white bass',
    'sturgeon',
    'axis deer',
    'sika deer',
    'red deer',
    'bison',
    'javelina',
    'wild hog',
    'wolf',
    'coyote',
    'bobcat',
    'polar bear',
    'jaguar',
    'snow goose',
    'wood duck',
    'dove',
    'woodcock',
    'sandhill crane',
    'chukar',
    'snowshoe hare',
    'fox squirrel',
    'okapi',
    'narwhal',
    'wombat',
    'capybara',
    'toaster',
    'bitcoin',
    'pickup truck',
    'laptop',
  ]
  const TEMPLATES = [
    (n: string) => `where do ${n} live?`,
    (n: string) => `how big do ${n} get`,
    (n: string) => `how do I measure a ${n}`,
    (n: string) => `when is ${n} season?`,
    (n: string) => `world record ${n}`,
    (n: string) => `what is the B&C minimum for a ${n}?`,
    (n: string) => `tell me about ${n}`,
  ]
  const guideNames = SPECIES.map((s) => s.name)

  it.each(NOT_IN_GUIDE)('states no guide species’ facts about "%s"', async (name) => {
    for (const [i, template] of TEMPLATES.entries()) {
      const question = template(name)
      const { reply } = await ask(question)
      for (const fact of CATALOGUE_FACTS) expect(reply, question).not.toMatch(fact)
      // Where it lives, how big it gets, how to measure it, what it is: only the guide's species have answers.
      if ([0, 1, 2, 6].includes(i)) expect(reply, question).toMatch(/^I don't know/)
    }
  })

  it('says which guide species of that kind it can answer about instead', async () => {
    const { reply, sources } = await ask('Where do you find bonefish?')
    expect(reply).toMatch(/^I don't know that: bonefish is not in Fieldmark's Species Guide/)
    expect(reply).toContain('The fish it covers: Largemouth Bass,')
    expect(reply).toMatch(/record-book minimums/)
    expect(sources).toBeUndefined()
    const deer = await ask('is a 150 axis deer good?')
    expect(deer.reply).toMatch(/^I don't know that: axis deer/)
    expect(deer.reply).toContain('The game animals it covers: Whitetail Deer,')
    expect(deer.reply).not.toMatch(/P&Y 125|B&C Awards 160/)
  })

  it('does not carry the conversation’s species to an animal outside the guide', async () => {
    const reply = await ask('what about bonefish?', turns('where do walleye live', 'Walleye habitat: …'))
    expect(reply.reply).toMatch(/^I don't know that: bonefish/)
    expect(reply.reply).not.toMatch(/Walleye habitat|lakes and rivers/)
  })

  it('still answers a guide species named beside a word it does not know', async () => {
    const reply = await ask('where would I find walleyes around here')
    expect(reply.reply).toContain('Walleye habitat:')
  })

  it.each(guideNames)('never takes the guide species "%s" for an animal outside it', async (name) => {
    const { reply } = await ask(`where do ${name} live?`)
    expect(reply).not.toMatch(/^I don't know/)
  })
})

describe('measuring steps, references and record programs', () => {
  it('gives the steps for measuring a whitetail, not the names of its chart lines', async () => {
    const reply = await ask('How do I measure a whitetail?')
    for (const step of [
      /Main beams \(F\): from the lowest outside edge of the burr, along the outer curve/,
      /Inside spread \(D\): .* at right angles to the skull's centre line/,
      /Tine lengths \(G-1, G-2 …\): from the top edge of the main beam/,
      /Circumferences \(H-1 to H-4\): at the smallest place between/,
      /nearest 1\/8 inch/,
      /1\/4-inch-wide flexible steel tape/,
      /air-dried 60 days/,
    ]) {
      expect(reply.reply).toMatch(step)
    }
    expect(reply.reply).toContain('Whitetail Deer: its charts are Whitetail deer, typical;')
    expect(reply.sources).toEqual([
      { kind: 'scoring-rules', title: expect.stringMatching(/^How to measure deer and elk antlers/) },
      { kind: 'species-guide', title: 'Species Guide: Whitetail Deer', href: '/species-guide/whitetail-deer' },
    ])
  })

  it.each([
    ['How do I measure my bighorn?', /steel tape only/, /Divide the longer horn by four/],
    ['how to measure a black bear skull', /calipers/, /nearest 1\/16 inch/],
    ['How do I measure a gobbler?', /longest bristle/, /scaled skin of the leg/],
    ['how should I measure a walleye', /lower jaw to the fork of the tail/, /thickest point/],
  ])('gives the steps of the species’ kind of chart: "%s"', async (question, first, second) => {
    const { reply } = await ask(question)
    expect(reply).toMatch(/^How to measure/)
    expect(reply).toMatch(first)
    expect(reply).toMatch(second)
  })

  it('still answers one chart line when the question names it', async () => {
    const { reply } = await ask('How do I measure H-2 on a whitetail?')
    expect(reply).toMatch(/^H-2, Circumference H-2/)
  })

  it('gives the reference sizes the photo tool uses', async () => {
    const mm = (inches: number, decimals: number) => (inches * CM_PER_IN * 10).toFixed(decimals)
    const quarter = await ask('How big is a quarter in mm?')
    expect(quarter.reply).toContain(`${QUARTER_DIAMETER_IN} in across (${mm(QUARTER_DIAMETER_IN, 2)} mm)`)
    expect(quarter.reply).toContain('(24.26 mm)')
    const card = await ask('What size is a credit card?')
    expect(card.reply).toContain(`${CREDIT_CARD_IN.long} × ${CREDIT_CARD_IN.short} in`)
  })

  it.each([
    ['What does NWTF stand for?', /National Wild Turkey Federation/],
    ['what is IGFA', /International Game Fish Association/],
    ['What does SCI mean?', /Safari Club International/],
    ['What is B&C?', /Boone and Crockett Club/],
    ['what is P&Y', /Pope and Young Club/],
  ])('says what a record program stands for: "%s"', async (question, name) => {
    const reply = await ask(question)
    expect(reply.reply).toMatch(name)
    expect(kinds(reply)).toEqual(['scoring-rules'])
  })

  it('says how SCI differs from Boone and Crockett', async () => {
    const { reply } = await ask('How does SCI differ from Boone and Crockett?')
    expect(reply).toMatch(/no symmetry deductions/)
    expect(reply).toMatch(/abnormal points are added in non-typical/)
    expect(reply).toMatch(/full inside spread/)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
