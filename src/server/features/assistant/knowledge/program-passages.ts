// The record programs a hunter or angler meets: what each name stands for, what it records and how its scoring
// differs. SCI's rules are the engine's own decisions (src/shared/scoring/decisions.ts), read from there.
import { SCI_SPREAD_CAPPED, SCI_TYPICAL_SUBTRACTS_ABNORMAL } from '#shared/scoring/decisions.ts'
import { type Passage, passage } from './passages.ts'

const NAME_WORDS = 'what is stand for stands mean means acronym abbreviation who club program record book'

const sciSpread = SCI_SPREAD_CAPPED
  ? 'the inside spread credit is capped at the longer main beam, as in B&C'
  : 'the full inside spread counts (B&C caps the credit at the longer main beam)'
const sciTypical = SCI_TYPICAL_SUBTRACTS_ABNORMAL
  ? 'typical categories subtract them as B&C does'
  : 'typical categories leave them out instead of subtracting them'

export const PROGRAM_PASSAGES: readonly Passage[] = [
  passage(
    'program-boone-crockett',
    'scoring-rules',
    'B&C: the Boone and Crockett Club',
    [
      'B&C stands for the Boone and Crockett Club, founded in 1887 by Theodore Roosevelt. It keeps the records of North American big game taken in fair chase by any legal method (pick-ups too) and publishes the official score charts.',
      'Each category has two minimums, Awards (for the book of each 3-year Awards period) and All-time; trophies are ranked by net score, after symmetry deductions, and measured by an Official Measurer after 60 days of drying. A deer that makes the book is called a "booner".',
    ].join('\n'),
    'Boone and Crockett Club: Records of North American Big Game; the official score charts',
    `${NAME_WORDS} boone crockett booner roosevelt fair chase`,
  ),
  passage(
    'program-pope-young',
    'scoring-rules',
    'P&Y: the Pope and Young Club (bowhunting records)',
    [
      'P&Y stands for the Pope and Young Club, the records program for North American big game taken entirely with bow and arrow; crossbow kills are excluded.',
      'It uses the Boone and Crockett charts and arithmetic, deductions included, with one lower minimum per category (a typical whitetail needs 125).',
    ].join('\n'),
    'Pope and Young Club: Bowhunting Big Game Records of North America; its score charts',
    `${NAME_WORDS} pope young bow bowhunting archery`,
  ),
  passage(
    'program-sci',
    'scoring-rules',
    'SCI: Safari Club International, and how its scoring differs from Boone and Crockett',
    [
      'SCI stands for Safari Club International, whose record book covers game animals worldwide, with categories by region and by weapon.',
      `SCI measures the same lines as Boone and Crockett but takes no symmetry deductions (no difference column for asymmetry): ${sciSpread}, abnormal points are added in non-typical categories, and ${sciTypical}.`,
      'So SCI scores run higher than B&C net scores for the same rack, and Fieldmark checks an SCI sheet only against SCI minimums.',
    ].join('\n'),
    'Safari Club International: SCI Record Book of Trophy Animals, minimums and measuring methods',
    `${NAME_WORDS} safari club international sci difference vs versus compare boone crockett deduction deductions asymmetry symmetry abnormal`,
  ),
  passage(
    'program-nwtf',
    'scoring-rules',
    'NWTF: the National Wild Turkey Federation',
    [
      'NWTF stands for the National Wild Turkey Federation. Its Wild Turkey Records keep birds by subspecies (Eastern, Osceola, Rio Grande, Merriam’s, Gould’s, ocellated) and by state, with no minimum score; members enter any legally taken bird.',
      'Its score = weight in pounds + 2 × the total length of all beards + 10 × (left spur + right spur), beards and spurs to 1/16 inch.',
    ].join('\n'),
    'National Wild Turkey Federation: NWTF Wild Turkey Records, scoring formula',
    `${NAME_WORDS} nwtf national wild turkey federation`,
  ),
  passage(
    'program-igfa',
    'scoring-rules',
    'IGFA: the International Game Fish Association (fish world records)',
    [
      'IGFA stands for the International Game Fish Association, which keeps the world records for game fish: the all-tackle record (the heaviest of a species on any legal tackle) and records by line class.',
      'A record needs a weight on a certified scale, witnesses and an application; a fish under 25 lb must beat the record by 2 oz, or it is a tie. The world records in Fieldmark’s species guide are IGFA all-tackle records.',
    ].join('\n'),
    'International Game Fish Association: IGFA World Record Game Fishes (all-tackle records)',
    `${NAME_WORDS} igfa international game fish association world record records all-tackle line class fish`,
  ),
]
