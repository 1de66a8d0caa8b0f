// Questions members ask, with the facts each reply must hold and must not. Facts come from the catalogue and are
// computed with the scoring engine, never typed in; the held-out set (not tuned on) is question-set-held-out.ts.

import { CM_PER_IN, QUARTER_DIAMETER_IN } from '#shared/measuring/index.ts'
import type { ChatTurn } from '#shared/schemas/assistant.ts'
import { scoreSheet } from '#shared/scoring/index.ts'
import { SPECIFIC_REGULATION_PATTERNS } from './regulations.ts'

export type Fact = string | RegExp

export type QuestionArea =
  | 'minimums'
  | 'species'
  | 'measuring'
  | 'rules'
  | 'fish'
  | 'photo'
  | 'regulations'
  | 'follow-up'
  | 'calculation'
  | 'records'
  | 'unknown'

export type QuestionItem = {
  area: QuestionArea
  question: string
  history?: ChatTurn[]
  /** Every fact must be in the reply (strings case-insensitive). */
  facts: readonly Fact[]
  /** None of these may be in it. */
  not?: readonly Fact[]
}

const user = (text: string): ChatTurn => ({ role: 'user', text })

/** A regulations reply must not state a date, a bag number or a size limit. */
const NO_SPECIFICS = SPECIFIC_REGULATION_PATTERNS
/** "I don't know" with suggestions of what it can answer. */
const DONT_KNOW: readonly Fact[] = [/don't know/i, /record-book minimums/i, /your own records/i]

const fish = (lengthIn: number, girthIn: number) =>
  scoreSheet({ system: 'fish', category: 'length-girth-800', measurements: { lengthIn, girthIn } })

const WHITETAIL_WORDS =
  'score my whitetail: inside spread 18 4/8, main beams 24 2/8 and 24 4/8, G1 4 4/8 and 4 3/8, G2 10 2/8 and 10 6/8, G3 9 6/8 and 9 3/8, G4 5 and 5 2/8, H1 4 6/8 and 4 5/8, H2 4 2/8 and 4 3/8, H3 4 4/8 and 4 2/8, H4 4 and 4 1/8, abnormal points 3 2/8, 1 4/8 and 2'
const whitetail = scoreSheet({
  system: 'bc',
  category: 'whitetail-typical',
  measurements: {
    insideSpread: '18 4/8',
    right: {
      F: '24 2/8',
      G1: '4 4/8',
      G2: '10 2/8',
      G3: '9 6/8',
      G4: '5',
      H1: '4 6/8',
      H2: '4 2/8',
      H3: '4 4/8',
      H4: '4',
      abnormal: ['3 2/8', '1 4/8', '2'],
    },
    left: {
      F: '24 4/8',
      G1: '4 3/8',
      G2: '10 6/8',
      G3: '9 3/8',
      G4: '5 2/8',
      H1: '4 5/8',
      H2: '4 3/8',
      H3: '4 2/8',
      H4: '4 1/8',
    },
  },
})
const turkey = scoreSheet({
  system: 'nwtf',
  category: 'wild-turkey',
  measurements: { weightLbs: '20 lb 8 oz', beardsIn: [10], spurRightIn: '1 1/8', spurLeftIn: 1 },
})
const bearSkull = scoreSheet({
  system: 'bc',
  category: 'black-bear',
  measurements: { skullLength: '13 4/8', skullWidth: '8 2/16' },
})

export const KNOWLEDGE_QUESTIONS: readonly QuestionItem[] = [
  // Record minimums per book (categories.ts through the catalogue).
  {
    area: 'minimums',
    question: 'What is the Boone and Crockett minimum for a typical whitetail?',
    facts: ['170', '160'],
    not: ['P&Y 125'],
  },
  { area: 'minimums', question: 'Pope and Young minimum for whitetail deer?', facts: ['125', '155'], not: ['170'] },
  { area: 'minimums', question: 'What score does a mule deer need to make B&C?', facts: ['190', '180'] },
  { area: 'minimums', question: 'P&Y minimum for a mule deer', facts: ['145'] },
  { area: 'minimums', question: 'Rocky Mountain elk record book minimums', facts: ['375', '260'] },
  { area: 'minimums', question: "What's the B&C minimum for a Roosevelt elk?", facts: ['290'], not: ['285'] },
  { area: 'minimums', question: "Pope and Young minimum for Roosevelt's elk", facts: ['225'] },
  { area: 'minimums', question: 'tule elk B&C minimum', facts: ['285'], not: ['290'] },
  {
    area: 'minimums',
    question: 'Minimum score for a Canada moose in Boone and Crockett and Pope and Young',
    facts: ['195', '135'],
  },
  { area: 'minimums', question: 'black bear pope and young minimum', facts: ['18'] },
  { area: 'minimums', question: 'What is the B&C all-time minimum for a brown bear?', facts: ['28'] },
  { area: 'minimums', question: 'mountain goat minimum score', facts: ['50', '40'] },
  { area: 'minimums', question: 'bighorn sheep record book minimums', facts: ['180', '140'] },
  { area: 'minimums', question: "What does a Dall's sheep need to score for Boone and Crockett?", facts: ['170'] },
  { area: 'minimums', question: 'barren ground caribou B&C minimum', facts: ['400'] },
  { area: 'minimums', question: 'What are the pronghorn minimums?', facts: ['82', '67'] },
  { area: 'minimums', question: "Coues' deer minimum score", facts: ['110'], not: ['170'] },
  { area: 'minimums', question: 'What is the trophy weight for a largemouth bass?', facts: ['10 lb'] },
  { area: 'minimums', question: 'How big is a trophy muskie?', facts: ['30 lb'] },
  { area: 'minimums', question: 'trophy tarpon weight?', facts: ['80 lb'] },
  { area: 'minimums', question: 'What is the NWTF minimum score for a turkey?', facts: ['65', /no minimum/i] },

  // Species guide: season, habitat, measurements, records.
  { area: 'species', question: 'When is turkey season?', facts: ['March–May'] },
  { area: 'species', question: 'Where do mountain goats live?', facts: [/cliffs/i] },
  { area: 'species', question: 'What kind of habitat do walleye like?', facts: [/large lakes and rivers/i] },
  { area: 'species', question: 'What are the key measurements for a pronghorn?', facts: [/horn length/i, /prong/i] },
  { area: 'species', question: 'What is the world record largemouth bass?', facts: ['22 lb 4 oz'] },
  { area: 'species', question: 'When is the best time of year to catch tarpon?', facts: ['May–July'] },
  { area: 'species', question: "What's the season for mallards?", facts: ['October–January', /federal/i] },
  { area: 'species', question: "How hard is it to hunt Dall's sheep?", facts: ['Expert'] },
  { area: 'species', question: 'tell me about bluegill', facts: [/ponds|sunfish|weigh/i, /Bluegill/] },

  // How to measure each chart line.
  {
    area: 'measuring',
    question: 'How do I measure H-2 on a whitetail?',
    facts: [/between the first and second points/i],
  },
  {
    area: 'measuring',
    question: 'How do you measure the inside spread on a deer?',
    facts: [/inner sides of the main beams/i],
  },
  { area: 'measuring', question: 'Where does the main beam measurement start?', facts: [/burr/i] },
  { area: 'measuring', question: 'How do I measure G-3 on a mule deer?', facts: [/off G-2/i] },
  { area: 'measuring', question: 'How is the palm width of a moose measured?', facts: [/palm/i, /widest/i] },
  { area: 'measuring', question: 'How do you score a black bear skull?', facts: [/length/i, /width/i, '1/16'] },
  { area: 'measuring', question: 'How do I measure turkey spurs?', facts: [/scaled skin/i] },
  { area: 'measuring', question: 'How do I measure a turkey beard?', facts: [/longest bristle/i] },
  { area: 'measuring', question: 'Where do I take the D-2 circumference on a bighorn?', facts: [/quarter|four/i] },
  { area: 'measuring', question: 'What does royal tine mean?', facts: [/fourth point/i] },
  {
    area: 'measuring',
    question: 'How do I score a non-typical mule deer?',
    facts: ['Mule deer, non-typical', /added/i],
  },
  {
    area: 'measuring',
    question: 'What if my whitetail has no G-4, where does H-4 go?',
    facts: [/halfway between G-3/i],
  },

  // Scoring rules.
  { area: 'rules', question: 'What is spread credit?', facts: [/longer main beam/i] },
  {
    area: 'rules',
    question: 'Can the inside spread count for more than the length of the beams?',
    facts: [/longer main beam/i],
  },
  { area: 'rules', question: 'How do deductions work?', facts: [/difference/i, /deducted/i] },
  {
    area: 'rules',
    question: "What's the difference between typical and non-typical?",
    facts: [/subtracted/i, /added/i],
  },
  { area: 'rules', question: 'How long do antlers have to dry before they can be scored?', facts: ['60 days'] },
  {
    area: 'rules',
    question: 'How do I enter my buck in the Boone and Crockett record book?',
    facts: [/official measurer/i, /affidavit/i],
  },
  { area: 'rules', question: 'Can I enter a crossbow kill in Pope and Young?', facts: [/crossbow/i, /excluded/i] },
  { area: 'rules', question: 'What counts as a point on an antler?', facts: ['1 inch'] },
  { area: 'rules', question: 'gross score vs net score?', facts: [/net/i, /gross/i] },
  { area: 'rules', question: 'Does SCI take deductions?', facts: [/without deductions|no symmetry deductions/i] },
  { area: 'rules', question: 'How is a wild turkey scored?', facts: [/2 ×/, /10 ×/] },
  {
    area: 'rules',
    question: "What's the difference between B&C and P&Y?",
    facts: [/same charts/i, /bow and arrow/i],
  },

  // Fish formulas.
  { area: 'fish', question: 'What is the formula for fish weight?', facts: ['800', /girth/i] },
  { area: 'fish', question: 'How accurate is the fish weight formula?', facts: ['10 %'] },
  {
    area: 'fish',
    question: 'How can I estimate the weight of a released fish without a girth?',
    facts: ['1600', /length³/],
  },
  { area: 'fish', question: 'Which divisor should I use for muskie?', facts: ['754'] },

  // The photo measuring method.
  { area: 'photo', question: 'How does the photo measuring tool work?', facts: ['3.37', '0.955'] },
  { area: 'photo', question: 'How accurate are photo measurements?', facts: ['1/8', /perspective/i] },
  { area: 'photo', question: 'What size is a credit card for calibration?', facts: ['3.37', '2.13'] },

  // Regulations: the agency, never a date or a limit.
  {
    area: 'regulations',
    question: 'When does deer season open in Montana?',
    facts: ['Montana Fish, Wildlife & Parks', 'fwp.mt.gov'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'What is the bag limit for ducks in Texas?',
    facts: ['Texas Parks and Wildlife Department', /federal/i],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'fishing regulations in Ontario',
    facts: ['Ontario Ministry of Natural Resources'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: "What's the size limit for bass in Florida?",
    facts: ['Florida Fish and Wildlife Conservation Commission'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'Do I need a license to hunt elk in Colorado?',
    facts: ['Colorado Parks and Wildlife'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'hunting regulations in PA',
    facts: ['Pennsylvania Game Commission', 'Pennsylvania Fish and Boat Commission'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'How do I get elk tags in WY?',
    facts: ['Wyoming Game and Fish Department'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'When is moose season in British Columbia?',
    facts: ['British Columbia', 'gov.bc.ca'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'How many walleye can I keep in Minnesota?',
    facts: ['Minnesota Department of Natural Resources'],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'What are the rules for hunting in Saskatchewan?',
    facts: ['Saskatchewan Ministry of Environment'],
    not: NO_SPECIFICS,
  },
  { area: 'regulations', question: 'What is a bag limit?', facts: [/possession/i], not: NO_SPECIFICS },
  {
    area: 'regulations',
    question: 'How do I get a deer tag?',
    facts: [/licence/i, /tell me your state or province/i],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'Who sets hunting seasons and limits?',
    facts: [/state/i, /province/i],
    not: NO_SPECIFICS,
  },
  {
    area: 'regulations',
    question: 'When does turkey season open?',
    facts: [/March–May/, /agency/i],
    not: NO_SPECIFICS,
  },

  // Follow-ups that need the conversation.
  {
    area: 'follow-up',
    question: 'and for Pope and Young?',
    history: [user('What is the B&C minimum for whitetail?')],
    facts: ['125'],
    not: ['170'],
  },
  {
    area: 'follow-up',
    question: 'and in Idaho?',
    history: [user('When is elk season?')],
    facts: ['Idaho Department of Fish and Game'],
    not: NO_SPECIFICS,
  },
  {
    area: 'follow-up',
    question: 'what about moose?',
    history: [user("What's the P&Y minimum for elk?")],
    facts: ['135'],
  },
  {
    area: 'follow-up',
    question: 'and on a whitetail?',
    history: [user('How do I measure H-3 on a mule deer?')],
    facts: [/between the second and third points/i],
  },

  // Calculations: the engine's numbers.
  {
    area: 'calculation',
    question: 'How much does a 22 inch largemouth bass with a 15 inch girth weigh?',
    facts: [fish(22, 15).scoreText],
  },
  {
    area: 'calculation',
    question: 'estimate the weight of a 40 inch muskie with a 20 inch girth',
    facts: [fish(40, 20).scoreText],
  },
  {
    area: 'calculation',
    question: 'score my turkey: 20 lb 8 oz, 10 inch beard, spurs 1 1/8 and 1 inch',
    facts: [`NWTF score: ${turkey.scoreText}`],
  },
  { area: 'calculation', question: WHITETAIL_WORDS, facts: [whitetail.scoreText] },
  {
    area: 'calculation',
    question: 'B&C score for a bear skull 13 4/8 long 8 2/16 wide',
    facts: [bearSkull.scoreText],
  },
  { area: 'calculation', question: 'convert 24 inches to cm', facts: [`${(24 * 2.54).toFixed(2)} cm`] },

  // What it does not know: it says so and suggests what it can answer.
  { area: 'unknown', question: 'Who won the Super Bowl?', facts: DONT_KNOW },
  { area: 'unknown', question: "What's a good recipe for venison chili?", facts: DONT_KNOW },
  { area: 'unknown', question: 'What is the best rifle caliber for elk?', facts: [...DONT_KNOW, 'Rocky Mountain Elk'] },
  { area: 'unknown', question: 'How do I train my bird dog?', facts: DONT_KNOW },
  { area: 'unknown', question: 'How much does a moose weigh?', facts: DONT_KNOW, not: [/÷ 800/] },

  // What members found wrong: the subject decides, and the answers give steps, sizes and what a name stands for.
  {
    area: 'unknown',
    question: 'Where do you find bonefish?',
    facts: [...DONT_KNOW, /bonefish is not in Fieldmark's Species Guide/],
    not: [/habitat:/i, /Passes, beaches/],
  },
  {
    area: 'measuring',
    question: 'How do I measure a whitetail?',
    facts: [
      /outer curve/i,
      /right angles/i,
      /top edge of the main beam/i,
      /smallest place/i,
      /nearest 1\/8/,
      /60 days/,
    ],
  },
  {
    area: 'photo',
    question: 'What is the diameter of a quarter in millimetres?',
    facts: [String(QUARTER_DIAMETER_IN), (QUARTER_DIAMETER_IN * CM_PER_IN * 10).toFixed(2)],
  },
  { area: 'rules', question: 'What does NWTF stand for?', facts: [/National Wild Turkey Federation/] },
  {
    area: 'rules',
    question: 'How does SCI differ from Boone and Crockett?',
    facts: [/no symmetry deductions/i, /abnormal points are added/i],
  },
]

/** What question-set.test.ts records for its member, for the questions about the member's own data. */
export type MemberData = {
  /** The heaviest bass: a largemouth measured 22 × 15 (an estimate from the formula). */
  biggestBass: { speciesName: string; lengthText: string }
  speciesNames: string[]
  elkScoreText: string
  latestSpeciesName: string
}

/** Questions about the member's own records, whose facts are what the test recorded for them. */
export function memberQuestions(data: MemberData): QuestionItem[] {
  return [
    {
      area: 'records',
      question: 'What is my biggest bass?',
      facts: [data.biggestBass.speciesName, data.biggestBass.lengthText],
    },
    {
      area: 'records',
      question: 'How many species have I recorded?',
      facts: [`${data.speciesNames.length} species`, ...data.speciesNames],
    },
    { area: 'records', question: "What's my best elk score?", facts: [data.elkScoreText] },
    { area: 'records', question: 'What was my latest catch?', facts: [data.latestSpeciesName] },
    {
      area: 'records',
      question: 'what about elk?',
      history: [user('What is my biggest bass?')],
      facts: [data.elkScoreText],
    },
    { area: 'records', question: 'Do I have any record-class measurements?', facts: [/record[ -]class/i] },
  ]
}

const has = (text: string, fact: Fact) =>
  typeof fact === 'string' ? text.toLowerCase().includes(fact.toLowerCase()) : fact.test(text)

/** What is wrong with a reply to an item: facts missing, facts that must not be there; [] when it is right. */
export function checkReply(item: QuestionItem, reply: string): string[] {
  return [
    ...item.facts.filter((fact) => !has(reply, fact)).map((fact) => `missing ${String(fact)}`),
    ...(item.not ?? []).filter((fact) => has(reply, fact)).map((fact) => `must not contain ${String(fact)}`),
  ]
}
