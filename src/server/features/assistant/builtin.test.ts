import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatReply, ChatTurn } from '#shared/schemas/assistant.ts'
import { scoreSheet } from '#shared/scoring/index.ts'
import { createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import type { KnowledgeBase } from './assistant.types.ts'
import { answerBuiltIn, getKnowledgeBase, readQuestion } from './builtin.ts'
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
    ['cougar minimum score', ['B&C Awards 14 8/16', 'P&Y 13 8/16 (unverified)', /unverified come from memory/], []],
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
