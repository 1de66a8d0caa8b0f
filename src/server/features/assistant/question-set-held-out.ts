// The held-out questions of the built-in assistant: asked the way members type them (lower case, typos, slang,
// shorthand), written before the assistant was improved and never used to tune it phrase by phrase. They measure
// how the answers hold on questions the project has not seen; question-set.test.ts reports their pass rate on
// its own. Species facts are read from the catalogue, never typed in.
import type { ChatTurn } from '#shared/schemas/assistant.ts'
import { getSpecies, SPECIES } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { Fact, QuestionItem } from './question-set.ts'

const user = (text: string): ChatTurn => ({ role: 'user', text })
const species = (id: string) => getSpecies(id) as Species

/** "I don't know" with what it can answer instead. */
const DONT_KNOW: readonly Fact[] = [/don't know/i, /record-book minimums/i]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Any fact of a catalogue species: a reply about an animal we do not cover must state none of them. */
export const CATALOGUE_FACTS: readonly Fact[] = [
  ...SPECIES.flatMap((s) => [s.habitat, s.season, s.description, ...(s.recordNote ? [s.recordNote] : [])]),
  /Record-book minimum scores for/i,
  /^How to score/m,
  /trophy weight is/i,
].map((fact) => (typeof fact === 'string' ? new RegExp(escapeRegExp(fact), 'i') : fact))

const unknown = (question: string, history?: ChatTurn[]): QuestionItem => ({
  area: 'unknown',
  question,
  ...(history ? { history } : {}),
  facts: DONT_KNOW,
  not: CATALOGUE_FACTS,
})

export const HELD_OUT_QUESTIONS: readonly QuestionItem[] = [
  // Measuring: the steps, not the names of the chart lines.
  {
    area: 'measuring',
    question: 'how do i score my buck',
    facts: [/main beam/i, /inside spread/i, /circumference/i, /1\/8|eighth/i],
  },
  {
    area: 'measuring',
    question: 'whats the right way to measure deer antlers',
    facts: [/main beam/i, /outer (side|curve)/i, /1\/8|eighth/i],
  },
  { area: 'measuring', question: 'what kind of tape do i need to measure a rack', facts: [/steel/i, /1\/4/] },
  {
    area: 'measuring',
    question: 'where do you take the circumference measurements on a buck',
    facts: [/smallest place/i, /between/i],
  },
  { area: 'measuring', question: 'how do you measure tine length', facts: [/top edge of the (main )?beam/i, /tip/i] },
  {
    area: 'measuring',
    question: 'measuring spread on a rack, where do i put the tape',
    facts: [/inner sides of the main beams|between the main beams/i, /right angles/i],
  },
  {
    area: 'measuring',
    question: 'how to measure elk antlers',
    facts: [/main beam/i, /1\/8|eighth/i, /circumference/i],
  },
  { area: 'measuring', question: 'how do i measure my bear skull', facts: [/calipers/i, /1\/16/, /lower jaw/i] },
  { area: 'measuring', question: 'how to measure pronghorn horns', facts: [/horn/i, /prong/i] },
  {
    area: 'measuring',
    question: 'how do u measure a rams horns',
    facts: [/outer curve/i, /circumference/i, /steel tape/i],
  },
  {
    area: 'measuring',
    question: 'how do i measure a fish for length and girth',
    facts: [/lower jaw/i, /fork of the tail/i, /thickest/i],
  },
  { area: 'measuring', question: 'turkey beard length how to measure', facts: [/longest bristle/i, '1/16'] },
  { area: 'measuring', question: 'how to measure spurs on a gobbler', facts: [/scaled/i, '1/16'] },
  { area: 'measuring', question: 'cable or tape for the main beam?', facts: [/cable/i, /tape/i] },
  {
    area: 'measuring',
    question: 'do i round to the nearest 1/8 when measuring antlers',
    facts: [/nearest 1\/8|nearest eighth/i],
  },
  { area: 'measuring', question: 'can i get antlers in velvet scored', facts: [/velvet/i, /60/] },
  {
    area: 'measuring',
    question: 'how long do i have to wait to get my deer officially scored',
    facts: [/60 days|60-day/i],
  },

  // References for the photo tool: the values the tool uses.
  { area: 'photo', question: 'whats a quarter in mm', facts: ['24.26'] },
  { area: 'photo', question: 'how big is a quarter', facts: ['0.955'] },
  { area: 'photo', question: 'credit card size in inches', facts: ['3.37', '2.13'] },
  { area: 'photo', question: 'what can i put in the picture for scale', facts: [/credit card/i, /quarter/i] },
  { area: 'photo', question: 'can i measure my fish off a photo', facts: [/reference/i, /credit card|quarter/i] },
  { area: 'photo', question: 'how acurate is measuring from a pic', facts: [/perspective/i] },
  { area: 'photo', question: 'diameter of a us quarter', facts: ['0.955'] },

  // Record programs: what they stand for, what they record, how they differ.
  { area: 'rules', question: "what's nwtf", facts: [/National Wild Turkey Federation/i] },
  {
    area: 'rules',
    question: 'sci vs b&c',
    facts: [/no (symmetry )?deductions|without deductions/i, /abnormal/i],
  },
  { area: 'rules', question: 'what does sci stand for', facts: [/Safari Club International/i] },
  { area: 'rules', question: 'what is pope and young', facts: [/Pope and Young Club/i, /bow/i] },
  { area: 'rules', question: 'whats igfa', facts: [/International Game Fish Association/i] },
  { area: 'rules', question: 'who keeps the world records for fish', facts: [/IGFA|International Game Fish/i] },
  { area: 'rules', question: 'what does b&c stand for', facts: [/Boone and Crockett Club/i] },
  {
    area: 'rules',
    question: 'difference between the awards book and the all time book',
    facts: [/Awards/, /All-time/i, /3-year|three-year/i],
  },
  { area: 'rules', question: 'does p&y take crossbow kills', facts: [/crossbow/i, /excluded|not/i] },
  {
    area: 'rules',
    question: 'can i enter a rifle buck in pope and young',
    facts: [/bow and arrow/i],
  },
  { area: 'rules', question: 'how do you figure a turkey score', facts: [/2 ×/, /10 ×/] },
  { area: 'rules', question: 'does boone and crockett deduct for uneven racks', facts: [/deduct/i, /difference/i] },
  { area: 'rules', question: 'who can officially score my deer', facts: [/official measurer/i] },
  { area: 'rules', question: 'why did my spread credit get cut', facts: [/longer main beam/i] },
  { area: 'rules', question: 'do stickers count on a typical', facts: [/subtracted/i] },
  { area: 'rules', question: 'whats gross vs net', facts: [/gross/i, /net/i, /deduction/i] },
  { area: 'rules', question: 'how long does a point have to be to count', facts: ['1 inch'] },
  { area: 'rules', question: 'is a drop tine typical or non typical', facts: [/abnormal/i] },
  {
    area: 'rules',
    question: 'does sci deduct for asymmetry',
    facts: [/no (symmetry )?deductions|without deductions/i],
  },

  // Record minimums, in slang.
  {
    area: 'minimums',
    question: 'is a 140 deer booner',
    facts: ['160', /does not meet|but not/i],
  },
  { area: 'minimums', question: 'min score for a mulie in b&c', facts: ['190', '180'] },
  { area: 'minimums', question: 'what does a bull moose need to go pope & young', facts: ['135'] },
  { area: 'minimums', question: 'how big does a muskie have to be to be a trophy', facts: ['30 lb'] },
  { area: 'minimums', question: 'whats considered a trophy largemouth', facts: ['10 lb'] },
  { area: 'minimums', question: 'bear p&y min', facts: ['18'] },
  { area: 'minimums', question: 'coues deer book score', facts: ['110', '100'] },
  { area: 'minimums', question: 'will a 165 whitetail make the all time book', facts: ['170', /not/i] },
  {
    area: 'minimums',
    question: 'and a mulie?',
    history: [user('whats the b&c min for a whitetail')],
    facts: ['190'],
    not: ['170'],
  },

  // Species of the catalogue.
  { area: 'species', question: 'where do walleyes live', facts: [species('walleye').habitat] },
  { area: 'species', question: 'when can i shoot a turkey', facts: ['March–May'] },
  { area: 'species', question: 'elk habitat', facts: [species('rocky-mountain-elk').habitat] },
  { area: 'species', question: 'whats the biggest bluegill ever caught', facts: ['4 lb 12 oz'] },
  { area: 'species', question: 'world record striper', facts: ['81 lb 14 oz'] },
  { area: 'species', question: 'where do dall sheep live', facts: [species('dall-sheep').habitat] },
  {
    area: 'species',
    question: 'how hard are mountain goats to hunt',
    facts: [species('mountain-goat').difficulty],
  },
  { area: 'species', question: 'tell me about snook', facts: [species('common-snook').name] },
  { area: 'species', question: 'when do steelhead run', facts: [/winter/i] },
  { area: 'species', question: 'biggest whitetail ever', facts: ['213 5/8'] },
  { area: 'species', question: 'where can i find redfish', facts: [species('red-drum').habitat] },

  // Fish weight.
  { area: 'fish', question: 'how do i figure out how much my fish weighed', facts: ['800', /girth/i] },
  { area: 'fish', question: 'is the girth formula accurate', facts: ['10 %'] },
  { area: 'fish', question: 'fish weight with only length', facts: [/1600|length³/] },

  // Outside its knowledge: it says so, and states no other species' facts.
  unknown('where do bonefish live'),
  unknown('whats the bonefish world record'),
  unknown('how big do sailfish get'),
  unknown('where can i catch crappie'),
  unknown('b&c minimum for a bison'),
  unknown('how do i score a javelina'),
  unknown('when is dove season'),
  unknown('is a 150 axis deer good'),
  unknown('brown trout habitat'),
  unknown('whats the best broadhead'),
  unknown('how do i fix my truck'),
  unknown('whats the weather tomorrow'),
  unknown('what about bonefish?', [user('where do walleye live')]),
]
