// The scoring categories and their record-book minimums: the programs' own values, each naming its program;
// `verified: false` when the program's own list does not confirm it (docs/scoring.md, "Record-book sources").
import { RECORD_PROGRAMS as P } from './record-programs.ts'

export const ANTLERED_CATEGORIES = [
  'whitetail-typical',
  'whitetail-non-typical',
  'coues-typical',
  'coues-non-typical',
  'mule-deer-typical',
  'mule-deer-non-typical',
  'columbia-blacktail-typical',
  'sitka-blacktail-typical',
  'elk-typical',
  'elk-non-typical',
  'roosevelt-elk',
  'tule-elk',
] as const
export const MOOSE_CATEGORIES = ['moose-canada', 'moose-alaska-yukon', 'moose-shiras'] as const
export const CARIBOU_CATEGORIES = [
  'caribou-barren-ground',
  'caribou-mountain',
  'caribou-woodland',
  'caribou-central-canada-barren-ground',
  'caribou-quebec-labrador',
] as const
export const HORN_CATEGORIES = [
  'pronghorn',
  'bighorn-sheep',
  'desert-sheep',
  'dall-sheep',
  'stone-sheep',
  'mountain-goat',
] as const
export const SKULL_CATEGORIES = [
  'black-bear',
  'grizzly-bear',
  'alaska-brown-bear',
  'polar-bear',
  'cougar',
  'jaguar',
] as const
export const TURKEY_CATEGORIES = ['wild-turkey'] as const

export type AntleredCategory = (typeof ANTLERED_CATEGORIES)[number]
export type MooseCategory = (typeof MOOSE_CATEGORIES)[number]
export type CaribouCategory = (typeof CARIBOU_CATEGORIES)[number]
export type HornCategory = (typeof HORN_CATEGORIES)[number]
export type SkullCategory = (typeof SKULL_CATEGORIES)[number]
export type TurkeyCategory = (typeof TURKEY_CATEGORIES)[number]
/** Every category with a chart. Fish use formula ids instead (`length-girth-800`, `length-cubed-1600`, …). */
export type ChartCategory =
  | AntleredCategory
  | MooseCategory
  | CaribouCategory
  | HornCategory
  | SkullCategory
  | TurkeyCategory

export type Minimum = { value: number; source: string; verified: boolean }
export type CategoryMinimums = {
  bcAwards?: Minimum
  bcAllTime?: Minimum
  py?: Minimum
  sci?: Minimum
  other?: Minimum & { label: string }
}

// A value the program's own list does not confirm says so, instead of naming where we came across it.
const unconfirmed = (program: string) =>
  `${program} — minimum not confirmed by the club's published list; check the current record book`
const S = {
  bcBook: `${P.bc} — Records of North American Big Game, minimum entry scores (Awards / All-time)`,
  bcManual: `${P.bc} — Measuring and Scoring North American Big Game Trophies, minimum entry scores`,
  bcMooseChart: `${P.bc} — official moose score chart (minimums printed on the chart)`,
  bcGoat: `${P.bc} — Rocky Mountain goat field evaluation guide, minimum entry scores`,
  bcUnconfirmed: unconfirmed(P.bc),
  pyBook: `${P.py} — Bowhunting Big Game Records of North America, minimum entry scores`,
  pyUnconfirmed: unconfirmed(P.py),
  sci: `${P.sci} — Record Book of Trophy Animals, minimum for free-range typical Rocky Mountain mule deer`,
  kansas: `${P.kansas} — Trophy Turkey Award minimum, scored with the ${P.nwtf} formula (the federation's own records set no minimum)`,
} as const

const m = (value: number, source: string, verified = true): Minimum => ({ value, source, verified })
const bc = (awards: number, allTime: number, source: string, verified = true) => ({
  bcAwards: m(awards, source, verified),
  bcAllTime: m(allTime, source, verified),
})

export const CATEGORY_MINIMUMS: Record<ChartCategory, CategoryMinimums> = {
  'whitetail-typical': { ...bc(160, 170, S.bcBook), py: m(125, S.pyBook) },
  'whitetail-non-typical': { ...bc(185, 195, S.bcBook), py: m(155, S.pyBook) },
  'coues-typical': bc(100, 110, S.bcBook),
  'coues-non-typical': bc(105, 120, S.bcBook),
  'mule-deer-typical': { ...bc(180, 190, S.bcBook), py: m(145, S.pyBook), sci: m(155, S.sci) },
  'mule-deer-non-typical': bc(215, 230, S.bcBook),
  'columbia-blacktail-typical': bc(125, 135, S.bcBook),
  'sitka-blacktail-typical': { ...bc(100, 108, S.bcManual), py: m(75, S.pyBook) },
  'elk-typical': { ...bc(360, 375, S.bcBook), py: m(260, S.pyBook) },
  'elk-non-typical': bc(385, 385, S.bcBook),
  'roosevelt-elk': { ...bc(275, 290, S.bcBook), py: m(225, S.pyUnconfirmed, false) },
  'tule-elk': bc(270, 285, S.bcBook),
  'moose-canada': { ...bc(185, 195, S.bcMooseChart), py: m(135, S.pyBook) },
  'moose-alaska-yukon': { ...bc(210, 224, S.bcMooseChart), py: m(170, S.pyUnconfirmed, false) },
  'moose-shiras': { ...bc(140, 155, S.bcMooseChart), py: m(125, S.pyBook) },
  'caribou-barren-ground': bc(375, 400, S.bcUnconfirmed, false),
  'caribou-mountain': bc(360, 390, S.bcUnconfirmed, false),
  'caribou-woodland': bc(265, 295, S.bcUnconfirmed, false),
  'caribou-central-canada-barren-ground': bc(345, 360, S.bcUnconfirmed, false),
  'caribou-quebec-labrador': bc(365, 375, S.bcUnconfirmed, false),
  pronghorn: { ...bc(80, 82, S.bcBook), py: m(67, S.pyBook) },
  'bighorn-sheep': { ...bc(175, 180, S.bcBook), py: m(140, S.pyBook) },
  'desert-sheep': { ...bc(165, 168, S.bcBook), py: m(120, S.pyBook) },
  'dall-sheep': { ...bc(160, 170, S.bcBook), py: m(120, S.pyUnconfirmed, false) },
  'stone-sheep': { ...bc(165, 170, S.bcUnconfirmed, false), py: m(120, S.pyUnconfirmed, false) },
  'mountain-goat': { ...bc(47, 50, S.bcGoat), py: m(40, S.pyBook) },
  'black-bear': { ...bc(20, 21, S.bcBook), py: m(18, S.pyBook) },
  'grizzly-bear': { ...bc(23, 24, S.bcBook), py: m(19, S.pyBook) },
  'alaska-brown-bear': { ...bc(26, 28, S.bcBook), py: m(20, S.pyBook) },
  'polar-bear': bc(27, 27, S.bcBook),
  cougar: { ...bc(14.5, 15, S.bcBook), py: m(13.5, S.pyUnconfirmed, false) },
  jaguar: bc(14.5, 14.5, S.bcBook),
  'wild-turkey': { other: { ...m(65, S.kansas), label: 'Kansas Trophy Turkey Award' } },
}
