// Curated passages for what lives only in prose: the record-book rules and our decisions (docs/scoring.md) and
// the photo measuring method (docs/measuring.md). A passage's source names the program
// and its own publication, never the pages we read while researching.
// Numbers that live in code are read from it (the photo references, the click error, the fish trophy share), so
// the passages cannot drift from what the app does.

import {
  CARD_PLANE_IN,
  CLICK_ERROR_PX,
  CREDIT_CARD_IN,
  CUSTOM_REFERENCE_MAX_IN,
  PERSPECTIVE_CAVEAT,
  PLANE_CAVEAT,
  QUARTER_DIAMETER_IN,
  SMALL_REFERENCE_PX,
  SMALL_REFERENCE_WARNING,
} from '#shared/measuring/index.ts'
import type { ChatSourceKind } from '#shared/schemas/assistant.ts'
import { CATEGORY_MINIMUMS } from '#shared/scoring/categories.ts'
import { FISH_TROPHY_SHARE } from '#shared/scoring/decisions.ts'
import type { Species } from '#shared/species/types.ts'
import type { KnowledgeDoc } from '../assistant.types.ts'

export type Passage = KnowledgeDoc & {
  /** Where the facts come from, as a person would cite them. */
  source: string
  /** Extra words a member may use for this topic (indexed, never shown). */
  keywords: string
}

export const passage = (
  id: string,
  kind: ChatSourceKind,
  title: string,
  text: string,
  source: string,
  keywords = '',
): Passage => ({ id: `passage:${id}`, kind, title, text, source, keywords })

const fishTrophyShare = Math.round((100 * FISH_TROPHY_SHARE.numerator) / FISH_TROPHY_SHARE.denominator)
const whitetailAllTime = {
  typical: CATEGORY_MINIMUMS['whitetail-typical'].bcAllTime?.value,
  nonTypical: CATEGORY_MINIMUMS['whitetail-non-typical'].bcAllTime?.value,
}
const turkeyAward = CATEGORY_MINIMUMS['wild-turkey'].other?.value

/** The animals a passage is about: asked about a species of another group, it is not the answer. */
export type SpeciesGroup = 'big-game' | 'fish' | 'turkey'

export function speciesGroup(species: Pick<Species, 'id' | 'category'>): SpeciesGroup | undefined {
  if (species.category === 'Big Game') return 'big-game'
  if (species.category.endsWith('Fish')) return 'fish'
  return species.id === 'wild-turkey' ? 'turkey' : undefined
}

/** Passages about one group of animals, by id; the others (photo method, trophy class) apply to all. */
export const PASSAGE_GROUPS: Readonly<Record<string, SpeciesGroup>> = Object.fromEntries([
  ...[
    'spread-credit',
    'deductions',
    'typical-non-typical',
    'gross-net',
    'points',
    'units',
    'drying',
    'enter-boone-crockett',
    'enter-pope-young',
    'measure-antlers',
    'measure-moose',
    'measure-caribou',
    'measure-horns',
    'measure-skull',
    'program-boone-crockett',
    'program-pope-young',
    'program-sci',
    'bc-vs-py',
    'sci',
    'awards-all-time',
    'skulls',
    'roosevelt-crown',
    'sheep-horns',
  ].map((id) => [`passage:${id}`, 'big-game' as const]),
  ...['nwtf-formula', 'nwtf-entry', 'measure-turkey', 'program-nwtf'].map((id) => [`passage:${id}`, 'turkey' as const]),
  ...['fish-formula', 'fish-divisors', 'fish-accuracy', 'measure-fish', 'program-igfa'].map((id) => [
    `passage:${id}`,
    'fish' as const,
  ]),
])

export const PASSAGES: readonly Passage[] = [
  // Scoring rules: Boone and Crockett, Pope and Young, SCI, NWTF.
  passage(
    'spread-credit',
    'scoring-rules',
    'Spread credit (Boone and Crockett, Pope and Young)',
    [
      'Spread credit is the inside spread of the main beams (chart line D on deer and elk, C on caribou), measured at right angles to the centre line of the skull at the widest point between the main beams.',
      'The credit may equal, but not exceed, the length of the longer main beam: if the inside spread is wider than the longer beam, only the beam length is counted. This holds on the Boone and Crockett Club charts for whitetail, mule deer, blacktail, elk and caribou, and the Pope and Young Club uses the same charts.',
      'Moose are different: the greatest spread is credited in full, with no cap. SCI credits the full inside spread too. The B&C gross score uses the full inside spread, not the capped credit.',
    ].join('\n'),
    "Boone and Crockett Club: the official score charts; Fieldmark's scoring decisions",
    'inside spread wide width credit capped cap limit longer beam',
  ),
  passage(
    'deductions',
    'scoring-rules',
    'Symmetry deductions: the difference column (Boone and Crockett, Pope and Young)',
    [
      'Every scored line with a right and a left value (main beam, each normal point, each circumference) goes into the difference column: the absolute difference between the right and left measurement is deducted from the score.',
      'A point that exists on one side only counts 0 on the other, so its whole length is deducted. Example: G-2 of 10 on the right and 9 5/8 on the left gives a 3/8 deduction.',
      'Symmetry deductions are taken in both typical and non-typical categories. On sheep only the circumference differences are deducted, not the horn length; skulls have no deductions; SCI and Buckmasters take no symmetry deductions at all.',
    ].join('\n'),
    'Boone and Crockett Club and Pope and Young Club score charts; SCI Record Book of Trophy Animals',
    'deduction deduct deducted difference differences symmetry asymmetry right left net penalty',
  ),
  passage(
    'typical-non-typical',
    'scoring-rules',
    'Typical vs non-typical and abnormal points (Boone and Crockett, Pope and Young)',
    [
      'Abnormal points are points growing off another point, off the bottom or sides of the main beam, or beyond the normal pattern of points.',
      '- Typical category: the total length of the abnormal points (line E) is subtracted from the score.',
      '- Non-typical category: the same total is added to the score.',
      `Symmetry deductions are taken in both. A rack with a lot of abnormal growth usually scores better as a non-typical; each category has its own minimum (whitetail B&C All-time: typical ${whitetailAllTime.typical}, non-typical ${whitetailAllTime.nonTypical}).`,
      "On Roosevelt's and tule elk the crown points above the fourth (sword) point are not abnormal: their total is added. For turkeys, a bird with more than one beard is called non-typical.",
    ].join('\n'),
    'Boone and Crockett Club: the official score charts (typical and non-typical)',
    'abnormal nontypical typical difference between drop tine sticker kicker irregular extra points category',
  ),
  passage(
    'gross-net',
    'scoring-rules',
    'Gross and net scores (Boone and Crockett policy)',
    [
      'The Boone and Crockett Club ranks trophies by the net score (the entry or final score); the gross score is printed for information only.',
      'For antlered game, B&C gross = the typical frame without symmetry deductions + all abnormal points + the full inside spread (not the capped spread credit). For horned game, gross = left + right with no deductions.',
      'Net = gross with the spread credit in place of the spread, less the symmetry deductions, and less (typical) or plus (non-typical) the abnormal points.',
    ].join('\n'),
    'Boone and Crockett Club: policies of the Big Game Records Program',
    'gross net final entry score difference between',
  ),
  passage(
    'points',
    'scoring-rules',
    'What counts as a point (Boone and Crockett)',
    'On deer and elk a point must be at least 1 inch long and longer than it is wide at 1 inch or more of its length. The beam tip counts as a point but is not measured as one. On caribou a point needs only 1/2 inch.',
    'Boone and Crockett Club: the official score charts and scoring rules',
    'point tine count counts inch long wide',
  ),
  passage(
    'units',
    'scoring-rules',
    'Measuring units and tools (Boone and Crockett)',
    [
      'Antlers and horns are measured in inches to the nearest 1/8 inch with a 1/4-inch-wide flexible steel tape; a flexible steel cable may be used for main beams and points only. Pronghorn and sheep: steel tape only, never a cable.',
      'Eighths are written without reducing: 7 2/8, not 7 1/4; a whole number is written 194 0/8.',
      'Bear and cat skulls are measured to the nearest 1/16 inch (29 12/16), with calipers; turkey beards and spurs to 1/16 inch and turkey weight to the nearest ounce.',
    ].join('\n'),
    'Boone and Crockett Club: measuring and scoring big game trophies',
    'eighth eighths sixteenth fraction tape cable steel tool nearest write unit',
  ),
  passage(
    'drying',
    'scoring-rules',
    'Drying period: 60 days (Boone and Crockett, Pope and Young)',
    [
      'A trophy cannot be officially measured until it has air-dried for at least 60 days at normal room temperature and humidity.',
      'For a boiled or frozen skull the 60 days start after it is taken out. The Pope and Young Club also accepts velvet antlers after a 60-day drying or curing period.',
      'Fieldmark can score green measurements at any time, but an official entry needs the drying period first.',
    ].join('\n'),
    'Boone and Crockett Club and Pope and Young Club entry requirements',
    'dry drying dried shrink shrinkage wait wait long before official measure green velvet day days',
  ),
  passage(
    'enter-boone-crockett',
    'scoring-rules',
    'Entering the Boone and Crockett record book',
    [
      "To enter a trophy in the Boone and Crockett Club's records:",
      '- let it air-dry 60 days, then have it measured by a B&C Official Measurer, who signs the original score chart;',
      '- send the signed chart with the entry affidavit, photos of the trophy (front, left and right sides), a copy of the hunting licence or tag, and the entry fee;',
      '- the score must meet the Awards minimum (listed every 3-year Awards period) or the All-time minimum of its category.',
      'The top trophies of each Awards period go to the Judges’ Panel for verification.',
    ].join('\n'),
    'Boone and Crockett Club: entry requirements and minimum entry scores (Awards / All-time)',
    'enter entry submit submitting record book official measurer affidavit fee how get into awards all-time register booner',
  ),
  passage(
    'enter-pope-young',
    'scoring-rules',
    'Entering the Pope and Young record book (bowhunting)',
    [
      'The Pope and Young Club keeps the records of North American big game taken entirely with bow and arrow; crossbow kills are excluded (the Bolt & Quarrel club records those, with its own minimums).',
      'P&Y uses the same measuring system and arithmetic as Boone and Crockett; only who may enter and the minimum scores differ. The trophy must dry 60 days, be measured by an official P&Y measurer, and for species whose inside spread is scored the skull plate must be intact and unsplit.',
    ].join('\n'),
    'Pope and Young Club: entry requirements; Bowhunting Big Game Records of North America',
    'bow bowhunting archery crossbow enter entry submit pope young club how',
  ),
  passage(
    'bc-vs-py',
    'scoring-rules',
    'Boone and Crockett vs Pope and Young: the difference',
    [
      'The Boone and Crockett Club and the Pope and Young Club score with the same charts and the same arithmetic; they differ in who may enter and in the minimum scores.',
      '- Boone and Crockett: big game taken by any legal fair-chase method (and pick-ups), with two minimums per category, Awards and All-time.',
      '- Pope and Young: only animals taken entirely with bow and arrow (no crossbows), with one, lower, minimum per category.',
      'So a bow-killed buck can make Pope and Young without making Boone and Crockett: a typical whitetail needs 125 for P&Y and 160 for the B&C Awards book.',
    ].join('\n'),
    'Boone and Crockett Club and Pope and Young Club: minimum entry scores and entry requirements',
    'difference between compare comparison versus vs boone crockett pope young',
  ),
  passage(
    'sci',
    'scoring-rules',
    'Safari Club International (SCI) scoring',
    [
      "SCI's scoring is basically Boone and Crockett's without deductions: inside spread, main beams, every point over 1 inch and the circumferences, with no symmetry deductions.",
      'SCI keeps typical and non-typical categories, regional whitetail categories and categories by weapon. In Fieldmark an SCI sheet is checked only against SCI minimums; the only one we have is free-range typical Rocky Mountain mule deer, 155.',
    ].join('\n'),
    "Safari Club International: SCI Record Book of Trophy Animals; Fieldmark's scoring decisions",
    'safari club international sci',
  ),
  passage(
    'awards-all-time',
    'scoring-rules',
    'Awards and All-time minimums (Boone and Crockett)',
    'Boone and Crockett has two minimums per category: the Awards minimum, for the book of each 3-year Awards period, and the higher All-time minimum, for the All-time records book. A trophy meeting the All-time minimum is listed in the Awards book too. Fieldmark calls a score meeting the highest minimum of its category a record, one meeting a lower minimum a trophy.',
    'Boone and Crockett Club: minimum entry scores (Awards / All-time)',
    'awards all-time alltime period book two minimum record trophy class standard',
  ),
  passage(
    'nwtf-formula',
    'scoring-rules',
    'Scoring a wild turkey (NWTF formula)',
    [
      'The National Wild Turkey Federation (NWTF) score = weight in pounds + 2 × the total length of all beards in inches + 10 × (left spur + right spur) in inches.',
      '- Weight: live (undressed) weight on a certified scale, to the nearest ounce (20 lb 7 oz = 20.4375).',
      '- Beard: from the centre of the point where it leaves the skin to the tip of the longest bristle, to 1/16 inch. With several beards, measure each and add them (such a bird is non-typical).',
      '- Spur: along the outside centre, from where it leaves the scaled leg skin to its tip, to 1/16 inch; with two spurs on a leg, the longest counts.',
      'Example: 20 lb 7 oz, beards totalling 25.5 in, spurs 1 1/16 and 1 in: 20.4375 + 51 + 20.625 = 92.0625.',
    ].join('\n'),
    'National Wild Turkey Federation: NWTF Wild Turkey Records, scoring formula',
    'turkey gobbler tom beard beards spur spurs weight nwtf wild turkey federation score formula',
  ),
  passage(
    'nwtf-entry',
    'scoring-rules',
    'Turkey records: NWTF and the 65-point threshold',
    `The NWTF records program keeps records by subspecies (Eastern, Osceola, Rio Grande, Merriam’s, Gould’s, ocellated) and by state, and has no minimum score: an NWTF member enters any legally harvested bird with the official form, signed and witnessed, and a processing fee. The ${turkeyAward} Fieldmark shows is the Kansas (KDWPT) Trophy Turkey Award minimum, which uses the NWTF formula.`,
    'National Wild Turkey Federation: NWTF Wild Turkey Records; Kansas Trophy Turkey Award',
    'turkey record minimum enter entry nwtf kansas 65 subspecies',
  ),
  passage(
    'skulls',
    'scoring-rules',
    'Scoring a bear or cougar skull (Boone and Crockett)',
    'A bear or cat skull scores its greatest length without the lower jaw plus its greatest width across the cheek bones (zygomatic arches), measured with calipers to the nearest 1/16 inch, with no deductions. Remove all flesh, membrane and cartilage and let the skull air-dry 60 days before an official measurement.',
    'Boone and Crockett Club: the official score chart for bears and cougar',
    'skull bear cougar lion cat caliper calipers length width measure',
  ),
  passage(
    'roosevelt-crown',
    'scoring-rules',
    "Crown points on Roosevelt's and tule elk (Boone and Crockett)",
    "Roosevelt's and tule elk are scored on their own chart: the points above the fourth (sword) point that form the crown are not abnormal. The crown points' lengths on both antlers are added as one total, with no right–left difference; abnormal points below the sword point are subtracted.",
    'Boone and Crockett Club: the official score chart for Roosevelt’s and tule elk',
    'crown points roosevelt tule elk sword',
  ),
  passage(
    'sheep-horns',
    'scoring-rules',
    'Scoring sheep horns (Boone and Crockett)',
    'Wild sheep score the length of each horn (C, along the outer curve from the lowest front edge of the base to the tip or broomed end) and four circumferences: D-1 at the base and D-2 to D-4 at the quarters of the longer horn. Only the circumference differences are deducted, not the difference in horn length. Spreads are recorded, not scored. Bighorn, desert, Dall’s and Stone’s sheep are scored alike, with a steel tape only.',
    'Boone and Crockett Club: the official score chart for wild sheep',
    'sheep ram horn horns curl broomed quarter',
  ),
  passage(
    'trophy-class',
    'scoring-rules',
    'Record, trophy and standard in Fieldmark',
    `Fieldmark labels each measurement: record when it meets the highest minimum of its category (for fish: the species' trophy weight), trophy when it meets a lower one (for fish: ${fishTrophyShare} % of the trophy weight), standard otherwise. For turkeys, meeting the Kansas award's ${turkeyAward} makes a trophy, never a record.`,
    "Fieldmark's record, trophy and standard classes",
    'record trophy standard class label badge',
  ),

  // Fish weight formulas.
  passage(
    'fish-formula',
    'fish-formula',
    'Fish weight formula (length × girth² ÷ 800) and how to measure a fish',
    [
      'The general fish weight estimate: weight (lb) = length × girth × girth ÷ 800, with length and girth in inches.',
      '- Length: from the tip of the lower jaw to the fork of the tail.',
      '- Girth: around the body at its thickest point.',
      'Example: length 31 in, girth 16 in: 16 × 16 = 256; × 31 = 7,936; ÷ 800 = 9.92 lb (9 lb 15 oz).',
      'It is an estimate, not a scale weight: expect it to be off by about ±10 %. Ask me with your numbers ("20 inch bass, 14 inch girth") and I will compute it.',
    ].join('\n'),
    'Fish weight formula: length × girth² ÷ 800, an estimate within about 10 %',
    'fish weight formula estimate estimated calculate measure measuring tape length girth squared 800 pound heavy weigh without scale',
  ),
  passage(
    'fish-divisors',
    'fish-formula',
    'Fish weight without a girth (length-only formulas) and other divisors',
    [
      'Different body shapes use different divisors:',
      '- largemouth bass: length × girth² ÷ 880 (its source claims within 5 %);',
      "- muskie: ÷ 754 (John Dettloff's fit to Chippewa Flowage weigh-ins);",
      '- steelhead ÷ 750, panfish ÷ 1200.',
      'Length only, for a fish released without a girth (total length, tail pinched): weight = length³ ÷ 1200 sunfish, ÷ 1600 largemouth and smallmouth bass, ÷ 2700 walleye, ÷ 3500 northern pike and muskie, ÷ 3300 catfish (Iowa DNR; Missouri uses ÷ 2000 for catfish).',
      'Tarpon: the old ÷ 800 formula reads more than 15 % light; Ault and Luo give a chart from fork length and dorsal girth instead.',
    ].join('\n'),
    'Fish weight formulas by body shape and the length-only formulas (Iowa DNR); Ault and Luo (tarpon)',
    'divisor divisors length only cubed released release catch estimate without girth formula different species 880 1600',
  ),
  passage(
    'fish-accuracy',
    'fish-formula',
    'How accurate fish weight formulas are',
    [
      'Formulas are estimates; only a certified scale gives a weight. On published record fish, length × girth² ÷ 800 read 9 % heavy on Kurita’s record largemouth, 9 % heavy on Deuel’s record red drum, 7 % light on the record tiger muskie and 13 % light on a tarpon; the length-only L³ ÷ 1600 read 43 % light on Kurita’s bass.',
      'Fieldmark labels every formula weight an estimate (about ±10 %).',
    ].join('\n'),
    'Fish weight formulas checked against published record fish (IGFA weights)',
    'accurate accuracy precise error estimate reliable scale wrong off length girth formula 800',
  ),

  // The photo measuring tool (docs/measuring.md).
  passage(
    'photo-method',
    'photo-method',
    'How the photo measuring tool works',
    [
      'Fieldmark measures a length on a photo from a reference object of known size lying in the same photo:',
      `- choose the reference: a credit card (long side ${CREDIT_CARD_IN.long} in or short side ${CREDIT_CARD_IN.short} in), a US quarter (diameter ${QUARTER_DIAMETER_IN} in) or a custom length up to ${CUSTOM_REFERENCE_MAX_IN} in;`,
      `- with a credit card, the tool finds the card's four corners itself (the member can drag any of them) and measures on the card's plane through a homography, so the camera may be at an angle; the card (${CARD_PLANE_IN.long} × ${CARD_PLANE_IN.short} in) must lie flat on the same surface as the subject, not be held above it;`,
      '- or mark the two ends of the reference (a quarter, a custom length, or the card with the camera square to it): pixels per inch = reference pixels ÷ reference inches;',
      '- measure straight (two points) or along a curve (a path of points; put them closer where it bends);',
      '- the result is given to the nearest 1/8 inch and to the millimetre, with its uncertainty.',
    ].join('\n'),
    "Fieldmark's photo measuring tool",
    'photo picture image camera measure measuring tool reference calibrate calibration credit card corners angle quarter coin pixel',
  ),
  passage(
    'photo-accuracy',
    'photo-method',
    'How accurate photo measurements are',
    [
      `Each marked point is taken to be good to about ±${CLICK_ERROR_PX} image pixel. The uncertainty adds the scale error (both ends of the reference) and the marking error of the measured line: u = L × 2 ÷ r + (2 + √(n − 2)) ÷ ppi, with r the reference's length in pixels and n the number of points.`,
      'Example: a 337 px credit card and a 1500 px fish: 15 in ± 0.109 in, shown as ± 1/8 in (± 0.3 cm).',
      `The larger the reference in the photo, the better: under ${SMALL_REFERENCE_PX} px the tool says '${SMALL_REFERENCE_WARNING}'.`,
      `With two ends, perspective is usually the larger error and is not included: ${PERSPECTIVE_CAVEAT}`,
      `On the card's plane (four corners), each corner's and each point's placement error is carried through the homography to first order, added in quadrature and doubled (about 95 %). ${PLANE_CAVEAT}`,
    ].join('\n'),
    "Fieldmark's photo measuring tool: uncertainty",
    'photo accurate accuracy precise uncertainty error plus minus perspective angle tilt plane corners reliable reference small',
  ),
]
