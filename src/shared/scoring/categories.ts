// The scoring categories of ../shared/domain/scoring.md §9, with the record-book minimums of §1.11 and §2.
// Values are the official ones found (scoring.md §7), not the spec's list where they differ. Every minimum
// names its source; `verified: false` marks the values scoring.md flags as (unverified).

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

const S = {
  unanswered: 'B&C minimums as listed by unanswered.io and enviroliteracy.org (scoring.md §1.11)',
  joomag: 'B&C minimums, Western Hunting Journal table (joomag) and goneoutdoors.com (scoring.md §1.11)',
  sitka: 'sitkablacktail.org quoting the B&C manual, 4th ed. (scoring.md §1.3)',
  mooseChart: 'Minimums printed on the B&C moose score chart (scribd copy; scoring.md §1.5)',
  pronghorn: 'B&C field judging pages and Leupold (scoring.md §1.7)',
  sheep: 'Leupold MeasureItMonday; pdfslide Jay Scott article; jayjo/topdraw trophy charts (scoring.md §1.8)',
  goat: 'B&C field evaluation of Rocky Mountain goat (documents.pub; scoring.md §1.9)',
  skulls: 'B&C minimums, joomag table and outdoors-international.com (scoring.md §1.10)',
  cougar: 'joomag table; taxidermy.net (scoring.md §1.10)',
  unverifiedBc: 'From memory of the B&C list; no public copy found (scoring.md §1.6, §8 open 3)',
  pyWhitetail: 'imbmonsterbucks.com; tomfoolerycalls (scoring.md §2)',
  pyMule: 'trantor.is B&C manual ch. 20; jayjo/topdraw mule deer chart (scoring.md §2)',
  pyElk: 'goneoutdoors.com (scoring.md §2)',
  pyMoose: 'hunting-washington.com forum (scoring.md §2)',
  pyShiras: 'jayjo/topdraw Colorado Shiras moose chart (scoring.md §2)',
  pyPronghorn: 'jayjo/topdraw pronghorn chart (scoring.md §2)',
  pyBighorn: 'jayjo/topdraw Rocky Mountain bighorn chart (scoring.md §2)',
  pyDesert: 'jayjo/topdraw desert bighorn chart (scoring.md §2)',
  pyGoat: 'jayjo/topdraw Rocky Mountain goat chart (scoring.md §2)',
  pyBears: 'truflightadventures.com; utahwildlife.net forum (scoring.md §2)',
  pySitka: 'sitkablacktail.org (scoring.md §2)',
  pyUnverified: 'Equals the Bolt & Quarrel (crossbow) value; no P&Y source found (scoring.md §2, §8 open 7)',
  pyNotFound: 'From memory; no P&Y source found (scoring.md §2, §8 open 7)',
  sci: 'SCI free-range typical Rocky Mountain mule deer, form 18-T (huntforever.org 2014-10-30; scoring.md §3, §8 settled 5)',
  kansas:
    'Kansas KDWPT Trophy Turkey Award minimum (NWTF formula); the NWTF records program has none (scoring.md §4, §8)',
} as const

const m = (value: number, source: string, verified = true): Minimum => ({ value, source, verified })
const bc = (awards: number, allTime: number, source: string, verified = true) => ({
  bcAwards: m(awards, source, verified),
  bcAllTime: m(allTime, source, verified),
})

export const CATEGORY_MINIMUMS: Record<ChartCategory, CategoryMinimums> = {
  'whitetail-typical': { ...bc(160, 170, S.unanswered), py: m(125, S.pyWhitetail) },
  'whitetail-non-typical': { ...bc(185, 195, S.unanswered), py: m(155, S.pyWhitetail) },
  'coues-typical': bc(100, 110, S.unanswered),
  'coues-non-typical': bc(105, 120, S.unanswered),
  'mule-deer-typical': { ...bc(180, 190, S.unanswered), py: m(145, S.pyMule), sci: m(155, S.sci) },
  'mule-deer-non-typical': bc(215, 230, S.unanswered),
  'columbia-blacktail-typical': bc(125, 135, S.unanswered),
  'sitka-blacktail-typical': { ...bc(100, 108, S.sitka), py: m(75, S.pySitka) },
  'elk-typical': { ...bc(360, 375, S.joomag), py: m(260, S.pyElk) },
  'elk-non-typical': bc(385, 385, S.joomag),
  'roosevelt-elk': { ...bc(275, 290, S.joomag), py: m(225, S.pyUnverified, false) },
  'tule-elk': bc(270, 285, S.joomag),
  'moose-canada': { ...bc(185, 195, S.mooseChart), py: m(135, S.pyMoose) },
  'moose-alaska-yukon': { ...bc(210, 224, S.mooseChart), py: m(170, S.pyUnverified, false) },
  'moose-shiras': { ...bc(140, 155, S.mooseChart), py: m(125, S.pyShiras) },
  'caribou-barren-ground': bc(375, 400, S.unverifiedBc, false),
  'caribou-mountain': bc(360, 390, S.unverifiedBc, false),
  'caribou-woodland': bc(265, 295, S.unverifiedBc, false),
  'caribou-central-canada-barren-ground': bc(345, 360, S.unverifiedBc, false),
  'caribou-quebec-labrador': bc(365, 375, S.unverifiedBc, false),
  pronghorn: { ...bc(80, 82, S.pronghorn), py: m(67, S.pyPronghorn) },
  'bighorn-sheep': { ...bc(175, 180, S.sheep), py: m(140, S.pyBighorn) },
  'desert-sheep': { ...bc(165, 168, S.sheep), py: m(120, S.pyDesert) },
  'dall-sheep': { ...bc(160, 170, S.sheep), py: m(120, S.pyNotFound, false) },
  'stone-sheep': { ...bc(165, 170, S.unverifiedBc, false), py: m(120, S.pyNotFound, false) },
  'mountain-goat': { ...bc(47, 50, S.goat), py: m(40, S.pyGoat) },
  'black-bear': { ...bc(20, 21, S.skulls), py: m(18, S.pyBears) },
  'grizzly-bear': { ...bc(23, 24, S.skulls), py: m(19, S.pyBears) },
  'alaska-brown-bear': { ...bc(26, 28, S.skulls), py: m(20, S.pyBears) },
  'polar-bear': bc(27, 27, S.skulls),
  cougar: { ...bc(14.5, 15, S.cougar), py: m(13.5, S.pyNotFound, false) },
  jaguar: bc(14.5, 14.5, S.skulls),
  'wild-turkey': { other: { ...m(65, S.kansas), label: 'Kansas Trophy Turkey Award' } },
}
