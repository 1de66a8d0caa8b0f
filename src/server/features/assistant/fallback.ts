// What the built-in assistant says when it cannot answer: a plain "I don't know" with what it does cover. A
// question about an animal outside the Species Guide says so and names the guide's species of its kind, so the
// member sees what to ask instead of another species' facts.
import type { ChatReply } from '#shared/schemas/assistant.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { AnimalGroup, OtherAnimal } from './knowledge/other-animals.ts'

const CAN_ANSWER = [
  "record-book minimums (e.g. 'B&C minimum for mule deer')",
  "how to measure a trophy or a chart line ('how do I measure a whitetail', 'where is H-2 taken')",
  'scoring rules: spread credit, deductions, typical vs non-typical, the 60-day drying period, entering a record book',
  'record programs: Boone and Crockett, Pope and Young, SCI, NWTF and IGFA',
  "fish weight from length and girth ('22 inch bass, 15 inch girth')",
  'turkey (NWTF) and antler scores from your measurements, and unit conversions',
  'photo references (a quarter, a credit card) and how accurate photo measuring is',
  "your own records ('what is my biggest bass?')",
  'which agency sets the hunting and fishing rules in your state or province',
]

export const CAN_ANSWER_HEAD = 'Here is what I can help with:'
export const DONT_KNOW_HEAD = "I don't know the answer to that one."
const DONT_KNOW_THAT = "I don't know that"

/** A reply of ours that lists species as examples, not as the subject: never the conversation's species. */
export const isListReply = (reply: string) => reply.startsWith(CAN_ANSWER_HEAD) || reply.startsWith("I don't know")

const builtIn = (reply: string): ChatReply => ({ reply, answeredBy: 'built-in' })
const canAnswerLines = () => CAN_ANSWER.map((c) => `- ${c}`)

export function fallbackReply(q: { species?: Species; speciesFromHistory?: boolean }): ChatReply {
  const lines = [`${DONT_KNOW_HEAD} ${CAN_ANSWER_HEAD}`, ...canAnswerLines()]
  if (q.species && !q.speciesFromHistory) {
    lines.push(`For ${q.species.name} I can give its record minimums, season, habitat and how it is scored.`)
  }
  return builtIn(lines.join('\n'))
}

/** A greeting or "what can you do": what the assistant answers, without an "I don't know". */
export function capabilitiesReply(): ChatReply {
  return builtIn([CAN_ANSWER_HEAD, ...canAnswerLines()].join('\n'))
}

const GROUP_CATEGORIES: Record<Exclude<AnimalGroup, 'other'>, { label: string; categories: readonly string[] }> = {
  fish: { label: 'The fish it covers', categories: ['Freshwater Fish', 'Saltwater Fish'] },
  game: { label: 'The game animals it covers', categories: ['Big Game', 'Small Game'] },
  bird: { label: 'The birds it covers', categories: ['Upland Game', 'Waterfowl'] },
}

/** "Where do bonefish live?": not in the guide, so no facts at all, and the guide's species of that kind. */
export function otherAnimalReply(animal: OtherAnimal): ChatReply {
  if (animal.group === 'other') return fallbackReply({})
  const { label, categories } = GROUP_CATEGORIES[animal.group]
  const covered = SPECIES.filter((s) => categories.includes(s.category)).map((s) => s.name)
  return builtIn(
    [
      `${DONT_KNOW_THAT}: ${animal.name} is not in Fieldmark's Species Guide, so I have no facts about it, and I won't answer with another species' facts.`,
      `${label}: ${covered.join(', ')}.`,
      CAN_ANSWER_HEAD,
      ...canAnswerLines(),
    ].join('\n'),
  )
}
