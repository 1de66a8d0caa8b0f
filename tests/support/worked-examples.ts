import type { ScoreSheet } from '#shared/scoring/build-sheet.ts'
import type { Records, TrophyClass } from '#shared/scoring/result.ts'

// Score sheets worked out by hand, one or more per category, with the arithmetic in the comments. The tests
// score every one and compare; the `score` CLI test pipes some through `npm run score`. Examples named
// "docs/scoring-rules.md §…" are the worked examples printed in that document.

export type WorkedExample = {
  name: string
  sheet: ScoreSheet
  expected: {
    scoreText: string
    score: number
    gross?: number
    spreadCredit?: number
    symmetryDeductions?: number
    abnormalTotal?: number
    weightLbs?: number
    records: Records
    trophyClass: TrophyClass
  }
}

/** docs/scoring-rules.md §1.2's rack, worked out row by row there: the tests' and API tests' whitetail (152 4/8). */
export const WHITETAIL_RACK = {
  insideSpread: '18 4/8',
  right: {
    F: '24 2/8',
    G1: '4 4/8',
    G2: '10 2/8',
    G3: '9 6/8',
    G4: '5 0/8',
    H1: '4 6/8',
    H2: '4 2/8',
    H3: '4 4/8',
    H4: '4 0/8',
    abnormal: ['3 2/8', '1 4/8'],
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
    abnormal: ['2 0/8'],
  },
}
const whitetailTotals = { gross: 168.125, spreadCredit: 18.5, abnormalTotal: 6.75 }

// docs/scoring-rules.md §2 P&Y example: spread 16 6/8, right 57 3/8, left 57 2/8, differences 1 7/8.
// Right: F 21 + G 3 + 8 + 7 + 3 3/8 = 42 3/8; H 4 + 3 6/8 + 3 6/8 + 3 4/8 = 15 → 57 3/8.
const pyRight = { F: '21', G1: '3', G2: '8', G3: '7', G4: '3 3/8', H1: '4', H2: '3 6/8', H3: '3 6/8', H4: '3 4/8' }

// Mule deer: the joomag example of a rack losing spread credit: beams 21 7/8 and 20 2/8, inside spread 27 0/8.
// Right F + G 64 3/8, H 20 4/8 → 84 7/8; left F + G 60 4/8 (G1 missing), H 20 → 80 4/8. Differences F 1 5/8,
// G1 1 4/8 (whole tine), G2 4/8, G3 2/8, G4 4/8, H2 2/8, H3 2/8 = 4 7/8. Abnormal 2 2/8.
const muleDeer = {
  tipToTipSpread: '19 0/8',
  insideSpread: '27 0/8',
  right: {
    F: '21 7/8',
    G1: '1 4/8',
    G2: '16',
    G3: '12',
    G4: '13',
    H1: '5 4/8',
    H2: '5',
    H3: '5 2/8',
    H4: '4 6/8',
    abnormal: ['2 2/8'],
  },
  left: { F: '20 2/8', G2: '15 4/8', G3: '12 2/8', G4: '12 4/8', H1: '5 4/8', H2: '4 6/8', H3: '5', H4: '4 6/8' },
}

// Coues': right F 18 + G 3 + 8 + 7 = 36; H 3 4/8 + 3 2/8 + 3 + 2 6/8 = 12 4/8 → 48 4/8; left the same but
// G3 6 4/8 → 48 0/8; difference 4/8; spread 15 (beam 18). Abnormal 2 0/8 right, 1 4/8 left.
const coues = {
  insideSpread: 15,
  right: { F: 18, G1: 3, G2: 8, G3: 7, H1: 3.5, H2: 3.25, H3: 3, H4: 2.75, abnormal: [2] },
  left: { F: 18, G1: 3, G2: 8, G3: 6.5, H1: 3.5, H2: 3.25, H3: 3, H4: 2.75, abnormal: [1.5] },
}

// American elk: right F + G 142, H 31 4/8 → 173 4/8; left F + G 132 6/8 (G6 missing), H 31 4/8 → 164 2/8.
// Differences F 1, G1 4/8, G2 2/8, G4 1, G5 1, G6 6, H2 2/8, H4 2/8 = 10 2/8. Abnormal 4 (left).
const elk = {
  insideSpread: '45',
  right: { F: 52, G1: 16, G2: 18, G3: 16, G4: 20, G5: 14, G6: 6, H1: 9, H2: 8, H3: 7.5, H4: 7 },
  left: { F: 51, G1: 15.5, G2: 18.25, G3: 16, G4: 19, G5: 13, H1: 9, H2: 8.25, H3: 7.5, H4: 6.75, abnormal: [4] },
}

// Canada moose: right 12 points + palm width 13 + palm length 40 + beam 7 4/8 = 72 4/8; left 11 + 12 4/8 + 41 +
// 7 4/8 = 72; differences 1 + 4/8 + 1 + 0 = 2 4/8.
const mooseCanada = {
  greatestSpread: '55',
  right: { abnormalPoints: 1, points: 12, palmWidth: '13', palmLength: '40', beamCirc: '7 4/8' },
  left: { points: '11', palmWidth: '12 4/8', palmLength: '41', beamCirc: '7 4/8' },
}

// Caribou: right E + F + G + H = 171, left 142. Differences without the brow (F-1 13, G-1 9 4/8 not taken):
// E 1 + F2 1 + F3 1 + F4 1 + F5 1 + G2 1 + H3 4/8 = 6 4/8. Spread credit min(40, 50) = 40.
// Net = 40 + 171 + 142 − 6 4/8 = 346 4/8; gross = 40 + 313 = 353.
export const CARIBOU_SHEET = {
  tipToTipSpread: '20',
  greatestSpread: '45',
  insideSpread: '40',
  right: {
    points: 15,
    browPoints: 6,
    E: 50,
    F1: 15,
    F2: 20,
    F3: 8,
    F4: 18,
    F5: 20,
    G1: 10,
    G2: 6,
    H1: 6,
    H2: 5,
    H3: 6,
    H4: 7,
  },
  left: {
    points: 13,
    browPoints: 1,
    E: 49,
    F1: 2,
    F2: 19,
    F3: 7,
    F4: 17,
    F5: 19,
    G1: 0.5,
    G2: 5,
    H1: 6,
    H2: 5,
    H3: 5.5,
    H4: 7,
  },
}
const caribou = (category: string, records: Records, trophyClass: TrophyClass): WorkedExample => ({
  name: `${category}: 346 4/8, brow differences not taken, points recorded only`,
  sheet: { system: 'bc', category, measurements: CARIBOU_SHEET },
  expected: {
    scoreText: '346 4/8',
    score: 346.5,
    gross: 353,
    spreadCredit: 40,
    symmetryDeductions: 6.5,
    records,
    trophyClass,
  },
})

// Bighorn: right C 40 + D 16 + 15 4/8 + 13 + 9 = 93 4/8; left C 38 + 16 + 15 2/8 + 13 + 8 4/8 = 90 6/8.
// Only the circumference differences are deducted: D2 2/8 + D4 4/8 = 6/8 (the 2-inch length difference is not).
const bighorn = {
  greatestSpread: '23',
  tipToTipSpread: '20',
  right: { C: '40', D1: '16', D2: '15 4/8', D3: '13', D4: '9' },
  left: { C: '38', D1: '16', D2: '15 2/8', D3: '13', D4: '8 4/8' },
}
// Dall's: right 42 + 14 + 13 + 10 + 6 = 85; left 41 + 14 + 13 + 10 + 5 4/8 = 83 4/8; D4 difference 4/8 → 168.
const dall = {
  right: { C: 42, D1: 14, D2: 13, D3: 10, D4: 6 },
  left: { C: 41, D1: 14, D2: 13, D3: 10, D4: 5.5 },
}

// Turkey, docs/scoring-rules.md §4 computed example: 20 lb 7 oz = 20.4375; beards 10 8/16 + 8 4/16 + 6 12/16 = 25 8/16,
// × 2 = 51; spurs 1 1/16 + 1 0/16 = 2 1/16, × 10 = 20.625. Score 92.0625.
const turkey = (measurements: ScoreSheet['measurements']): ScoreSheet => ({
  system: 'nwtf',
  category: 'wild-turkey',
  measurements,
})

export const WORKED_EXAMPLES: WorkedExample[] = [
  {
    name: 'docs/scoring-rules.md §1.2 whitetail, typical: 18 4/8 + 71 2/8 + 71 5/8 − 2 1/8 − 6 6/8 = 152 4/8',
    sheet: { system: 'bc', category: 'whitetail-typical', measurements: WHITETAIL_RACK },
    expected: {
      scoreText: '152 4/8',
      score: 152.5,
      ...whitetailTotals,
      symmetryDeductions: 2.125,
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'docs/scoring-rules.md §1.2 the same rack non-typical: 161 3/8 − 2 1/8 + 6 6/8 = 166 0/8, gross 168 1/8',
    sheet: { system: 'bc', category: 'whitetail-non-typical', measurements: WHITETAIL_RACK },
    expected: {
      scoreText: '166 0/8',
      score: 166,
      ...whitetailTotals,
      symmetryDeductions: 2.125,
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'docs/scoring-rules.md §3 SCI typical: 18 4/8 + 71 2/8 + 71 5/8 = 161 3/8 (abnormal points left out)',
    sheet: { system: 'sci', category: 'whitetail-typical', measurements: WHITETAIL_RACK },
    expected: {
      scoreText: '161 3/8',
      score: 161.375,
      ...whitetailTotals,
      symmetryDeductions: 0,
      records: {},
      trophyClass: 'standard',
    },
  },
  {
    name: 'docs/scoring-rules.md §3 SCI non-typical: 161 3/8 + 6 6/8 = 168 1/8',
    sheet: { system: 'sci', category: 'whitetail-non-typical', measurements: WHITETAIL_RACK },
    expected: {
      scoreText: '168 1/8',
      score: 168.125,
      ...whitetailTotals,
      symmetryDeductions: 0,
      records: {},
      trophyClass: 'standard',
    },
  },
  {
    // docs/scoring-rules.md prints 130 2/8, but its own numbers net 129 4/8 (docs/scoring.md, "Worked examples").
    // Left: F 20 4/8, G 3 3/8 + 7 6/8 + 7 2/8 + 3 2/8, H 4 1/8 + 3 7/8 + 3 5/8 + 3 4/8 = 57 2/8; differences 1 7/8.
    name: 'docs/scoring-rules.md §2 P&Y example as printed: 16 6/8 + 57 3/8 + 57 2/8 − 1 7/8 = 129 4/8 (not 130 2/8)',
    sheet: {
      system: 'py',
      category: 'whitetail-typical',
      measurements: {
        insideSpread: '16 6/8',
        right: pyRight,
        left: {
          F: '20 4/8',
          G1: '3 3/8',
          G2: '7 6/8',
          G3: '7 2/8',
          G4: '3 2/8',
          H1: '4 1/8',
          H2: '3 7/8',
          H3: '3 5/8',
          H4: '3 4/8',
        },
      },
    },
    expected: {
      scoreText: '129 4/8',
      score: 129.5,
      spreadCredit: 16.75,
      symmetryDeductions: 1.875,
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    // With differences of 1 1/8 the same frame nets the 130 2/8 docs/scoring-rules.md prints: 131 3/8 − 1 1/8.
    // Left: F 20 5/8, G 3 2/8 + 7 7/8 + 7 + 3 3/8, H as above = 57 2/8; differences 3/8 + 2/8 + 1/8 + 1/8 + 1/8 + 1/8.
    name: 'docs/scoring-rules.md §2 P&Y 130 2/8 with differences of 1 1/8: meets P&Y (125), not B&C Awards (160)',
    sheet: {
      system: 'py',
      category: 'whitetail-typical',
      measurements: {
        insideSpread: '16 6/8',
        right: pyRight,
        left: {
          F: '20 5/8',
          G1: '3 2/8',
          G2: '7 7/8',
          G3: '7',
          G4: '3 3/8',
          H1: '4 1/8',
          H2: '3 7/8',
          H3: '3 5/8',
          H4: '3 4/8',
        },
      },
    },
    expected: {
      scoreText: '130 2/8',
      score: 130.25,
      symmetryDeductions: 1.125,
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: "Coues' typical: 15 + 48 4/8 + 48 − 4/8 − 3 4/8 = 107 4/8",
    sheet: { system: 'bc', category: 'coues-typical', measurements: coues },
    expected: {
      scoreText: '107 4/8',
      score: 107.5,
      gross: 115,
      abnormalTotal: 3.5,
      records: { bcAwards: true, bcAllTime: false },
      trophyClass: 'trophy',
    },
  },
  {
    name: "Coues' non-typical: 15 + 48 4/8 + 48 − 4/8 + 3 4/8 = 114 4/8",
    sheet: { system: 'bc', category: 'coues-non-typical', measurements: coues },
    expected: {
      scoreText: '114 4/8',
      score: 114.5,
      gross: 115,
      records: { bcAwards: true, bcAllTime: false },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'mule deer typical: spread credit 21 7/8 (not 27) + 84 7/8 + 80 4/8 − 4 7/8 − 2 2/8 = 180 1/8',
    sheet: { system: 'bc', category: 'mule-deer-typical', measurements: muleDeer },
    expected: {
      scoreText: '180 1/8',
      score: 180.125,
      gross: 194.625, // 27 + 84 7/8 + 80 4/8 + 2 2/8
      spreadCredit: 21.875,
      symmetryDeductions: 4.875,
      abnormalTotal: 2.25,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'mule deer non-typical: 21 7/8 + 84 7/8 + 80 4/8 − 4 7/8 + 2 2/8 = 184 5/8',
    sheet: { system: 'bc', category: 'mule-deer-non-typical', measurements: muleDeer },
    expected: {
      scoreText: '184 5/8',
      score: 184.625,
      records: { bcAwards: false, bcAllTime: false },
      trophyClass: 'standard',
    },
  },
  {
    name: 'mule deer SCI typical: full spread 27 + 84 7/8 + 80 4/8 = 192 3/8; meets the SCI minimum 155',
    sheet: { system: 'sci', category: 'mule-deer-typical', measurements: muleDeer },
    expected: { scoreText: '192 3/8', score: 192.375, spreadCredit: 27, records: { sci: true }, trophyClass: 'record' },
  },
  {
    // Right F 19 + G 1 + 9 + 6 + 5 = 40, H 4 + 3 4/8 + 3 4/8 + 3 2/8 = 14 2/8 → 54 2/8; left G4 4 4/8 → 53 6/8.
    name: 'Columbia blacktail: 15 + 54 2/8 + 53 6/8 − 4/8 = 122 4/8',
    sheet: {
      system: 'bc',
      category: 'columbia-blacktail-typical',
      measurements: {
        insideSpread: '15',
        right: { F: '19', G1: '1', G2: '9', G3: '6', G4: '5', H1: '4', H2: '3-4', H3: '3-4', H4: '3-2' },
        left: { F: '19', G1: '1', G2: '9', G3: '6', G4: '4-4', H1: '4', H2: '3-4', H3: '3-4', H4: '3-2' },
      },
    },
    expected: {
      scoreText: '122 4/8',
      score: 122.5,
      records: { bcAwards: false, bcAllTime: false },
      trophyClass: 'standard',
    },
  },
  {
    // Right F 16 + G2 7 + G3 5 + G4 4 = 32, H 3 4/8 + 3 2/8 + 3 + 3 = 12 6/8 → 44 6/8; left adds a 1-inch G1
    // the right lacks → 45 6/8, and that whole inch is the difference.
    name: 'Sitka blacktail, brow missing on one side: 13 + 44 6/8 + 45 6/8 − 1 = 102 4/8',
    sheet: {
      system: 'bc',
      category: 'sitka-blacktail-typical',
      measurements: {
        insideSpread: '13',
        right: { F: '16', G2: '7', G3: '5', G4: '4', H1: '3½', H2: '3¼', H3: '3', H4: '3' },
        left: { F: '16', G1: '1', G2: '7', G3: '5', G4: '4', H1: '3½', H2: '3¼', H3: '3', H4: '3' },
      },
    },
    expected: {
      scoreText: '102 4/8',
      score: 102.5,
      symmetryDeductions: 1,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'American elk typical: 45 + 173 4/8 + 164 2/8 − 10 2/8 − 4 = 368 4/8',
    sheet: { system: 'bc', category: 'elk-typical', measurements: elk },
    expected: {
      scoreText: '368 4/8',
      score: 368.5,
      gross: 386.75,
      spreadCredit: 45,
      symmetryDeductions: 10.25,
      abnormalTotal: 4,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'American elk non-typical: 45 + 173 4/8 + 164 2/8 − 10 2/8 + 4 = 376 4/8',
    sheet: { system: 'bc', category: 'elk-non-typical', measurements: elk },
    expected: {
      scoreText: '376 4/8',
      score: 376.5,
      gross: 386.75,
      records: { bcAwards: false, bcAllTime: false },
      trophyClass: 'standard',
    },
  },
  {
    // Right F + G 111, H 31 → 142; left F + G 109, H 30 6/8 → 139 6/8. Differences F 1 + G2 4/8 + G4 4/8 + H3 2/8 =
    // 2 2/8. Crown points 4 + 3 (right) + 5 (left) = 12, no difference taken. Abnormal 2 (right), subtracted.
    name: "Roosevelt's elk: 40 + 142 + 139 6/8 + crown 12 − 2 2/8 − 2 = 329 4/8",
    sheet: {
      system: 'bc',
      category: 'roosevelt-elk',
      measurements: {
        insideSpread: 40,
        right: { F: 48, G1: 15, G2: 16, G3: 14, G4: 18, H1: 8.5, H2: 8, H3: 7.5, H4: 7, crown: [4, 3], abnormal: [2] },
        left: { F: 47, G1: 15, G2: 15.5, G3: 14, G4: 17.5, H1: 8.5, H2: 8, H3: 7.25, H4: 7, crown: [5] },
      },
    },
    expected: {
      scoreText: '329 4/8',
      score: 329.5,
      gross: 335.75, // 40 + 142 + 139 6/8 + 12 + 2
      symmetryDeductions: 2.25,
      abnormalTotal: 2,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    // Both antlers F 42 + G 13 + 14 + 12 + 15 + 10 = 106, H 7 + 6 4/8 + 6 + 5 4/8 = 25 → 131; one crown point 3 4/8.
    name: 'tule elk: 35 + 131 + 131 + crown 3 4/8 = 300 4/8',
    sheet: {
      system: 'bc',
      category: 'tule-elk',
      measurements: {
        insideSpread: 35,
        right: { F: 42, G1: 13, G2: 14, G3: 12, G4: 15, G5: 10, H1: 7, H2: 6.5, H3: 6, H4: 5.5 },
        left: { F: 42, G1: 13, G2: 14, G3: 12, G4: 15, G5: 10, H1: 7, H2: 6.5, H3: 6, H4: 5.5, crown: ['3 4/8'] },
      },
    },
    expected: {
      scoreText: '300 4/8',
      score: 300.5,
      gross: 300.5,
      records: { bcAwards: true, bcAllTime: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'Canada moose: 55 + 72 4/8 + 72 − 2 4/8 = 197 0/8 (points count 1 inch each, spread not capped)',
    sheet: { system: 'bc', category: 'moose-canada', measurements: mooseCanada },
    expected: {
      scoreText: '197 0/8',
      score: 197,
      gross: 199.5,
      spreadCredit: 55,
      symmetryDeductions: 2.5,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'Canada moose under SCI: 55 + 72 4/8 + 72 = 199 4/8, no SCI minimum known',
    sheet: { system: 'sci', category: 'moose-canada', measurements: mooseCanada },
    expected: { scoreText: '199 4/8', score: 199.5, records: {}, trophyClass: 'standard' },
  },
  {
    // Right 15 + 16 + 45 + 8 = 84; left 14 + 15 4/8 + 46 + 8 = 83 4/8; differences 1 + 4/8 + 1 = 2 4/8.
    name: 'Alaska-Yukon moose: 65 + 84 + 83 4/8 − 2 4/8 = 230 0/8',
    sheet: {
      system: 'bc',
      category: 'moose-alaska-yukon',
      measurements: {
        greatestSpread: 65,
        right: { points: 15, palmWidth: 16, palmLength: 45, beamCirc: 8 },
        left: { points: 14, palmWidth: 15.5, palmLength: 46, beamCirc: 8 },
      },
    },
    expected: {
      scoreText: '230 0/8',
      score: 230,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    // Right 9 + 9 + 30 + 6 = 54; left 10 + 9 + 29 4/8 + 6 = 54 4/8; differences 1 + 4/8.
    name: 'Shiras moose: 42 + 54 + 54 4/8 − 1 4/8 = 149 0/8',
    sheet: {
      system: 'bc',
      category: 'moose-shiras',
      measurements: {
        greatestSpread: '42',
        right: { points: '9', palmWidth: '9', palmLength: '30', beamCirc: '6' },
        left: { points: '10', palmWidth: '9', palmLength: '29 4/8', beamCirc: '6' },
      },
    },
    expected: {
      scoreText: '149 0/8',
      score: 149,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  caribou('caribou-barren-ground', { bcAwards: false, bcAllTime: false }, 'standard'),
  caribou('caribou-mountain', { bcAwards: false, bcAllTime: false }, 'standard'),
  caribou('caribou-woodland', { bcAwards: true, bcAllTime: true }, 'record'),
  caribou('caribou-central-canada-barren-ground', { bcAwards: true, bcAllTime: false }, 'trophy'),
  caribou('caribou-quebec-labrador', { bcAwards: false, bcAllTime: false }, 'standard'),
  {
    // Right C 16 + D 7 + 6 4/8 + 3 4/8 + 2 6/8 + E 6 = 41 6/8; left 15 4/8 + 7 + 6 4/8 + 3 2/8 + 2 6/8 + 5 4/8 =
    // 40 4/8; every difference is deducted: C 4/8 + D3 2/8 + E 4/8 = 1 2/8.
    name: 'pronghorn: 41 6/8 + 40 4/8 − 1 2/8 = 81 0/8',
    sheet: {
      system: 'bc',
      category: 'pronghorn',
      measurements: {
        tipToTipSpread: '8',
        insideSpread: '10',
        right: { C: '16', D1: '7', D2: '6 4/8', D3: '3 4/8', D4: '2 6/8', E: '6' },
        left: { C: '15 4/8', D1: '7', D2: '6 4/8', D3: '3 2/8', D4: '2 6/8', E: '5 4/8' },
      },
    },
    expected: {
      scoreText: '81 0/8',
      score: 81,
      gross: 82.25,
      symmetryDeductions: 1.25,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'bighorn sheep: 93 4/8 + 90 6/8 − 6/8 = 183 4/8 (length difference not deducted)',
    sheet: { system: 'bc', category: 'bighorn-sheep', measurements: bighorn },
    expected: {
      scoreText: '183 4/8',
      score: 183.5,
      gross: 184.25,
      symmetryDeductions: 0.75,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'desert sheep: the same horns, 183 4/8',
    sheet: { system: 'bc', category: 'desert-sheep', measurements: bighorn },
    expected: {
      scoreText: '183 4/8',
      score: 183.5,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: "Dall's sheep: 85 + 83 4/8 − 4/8 = 168 0/8",
    sheet: { system: 'bc', category: 'dall-sheep', measurements: dall },
    expected: {
      scoreText: '168 0/8',
      score: 168,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: "Stone's sheep: the same horns, 168 0/8",
    sheet: { system: 'bc', category: 'stone-sheep', measurements: dall },
    expected: {
      scoreText: '168 0/8',
      score: 168,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    // Right C 10 + D 6 + 4 4/8 + 3 + 2 = 25 4/8; left 9 4/8 + 6 + 4 4/8 + 3 + 1 6/8 = 24 6/8.
    // Decision: the length difference 4/8 is deducted with D4's 2/8 → 6/8.
    name: 'mountain goat: 25 4/8 + 24 6/8 − 6/8 = 49 4/8 (length difference deducted)',
    sheet: {
      system: 'bc',
      category: 'mountain-goat',
      measurements: {
        right: { C: '10', D1: '6', D2: '4 4/8', D3: '3', D4: '2' },
        left: { C: '9 4/8', D1: '6', D2: '4 4/8', D3: '3', D4: '1 6/8' },
      },
    },
    expected: {
      scoreText: '49 4/8',
      score: 49.5,
      gross: 50.25,
      symmetryDeductions: 0.75,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'black bear, the B&C World’s Record total: 14 7/16 + 9 3/16 = 23 10/16',
    sheet: { system: 'bc', category: 'black-bear', measurements: { skullLength: '14 7/16', skullWidth: '9.1875' } },
    expected: {
      scoreText: '23 10/16',
      score: 23.625,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'grizzly, the Grancel Fitz skull: 16 + 9 9/16 = 25 9/16',
    sheet: { system: 'bc', category: 'grizzly-bear', measurements: { skullLength: 16, skullWidth: '9 9/16' } },
    expected: {
      scoreText: '25 9/16',
      score: 25.5625,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'Alaska brown bear: 17 12/16 + 11 13/16 = 29 9/16',
    sheet: {
      system: 'bc',
      category: 'alaska-brown-bear',
      measurements: { skullLength: '17 12/16', skullWidth: '11 13/16' },
    },
    expected: {
      scoreText: '29 9/16',
      score: 29.5625,
      records: { bcAwards: true, bcAllTime: true, py: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'polar bear: 16 + 10 4/16 = 26 4/16, below 27',
    sheet: { system: 'bc', category: 'polar-bear', measurements: { skullLength: '16', skullWidth: '10-4' } },
    expected: {
      scoreText: '26 4/16',
      score: 26.25,
      records: { bcAwards: false, bcAllTime: false },
      trophyClass: 'standard',
    },
  },
  {
    name: 'cougar: 9 + 5 10/16 = 14 10/16, meets Awards 14 8/16 and P&Y 13 8/16, not All-time 15',
    sheet: { system: 'py', category: 'cougar', measurements: { skullLength: '9', skullWidth: '5 10/16' } },
    expected: {
      scoreText: '14 10/16',
      score: 14.625,
      records: { bcAwards: true, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'jaguar: 9 4/16 + 5 4/16 = 14 8/16, exactly the minimum',
    sheet: { system: 'bc', category: 'jaguar', measurements: { skullLength: '9 4/16', skullWidth: '5¼' } },
    expected: {
      scoreText: '14 8/16',
      score: 14.5,
      records: { bcAwards: true, bcAllTime: true },
      trophyClass: 'record',
    },
  },
  {
    name: 'docs/scoring-rules.md §4 turkey with three beards: 20.4375 + 2 × 25.5 + 10 × 2.0625 = 92.0625',
    sheet: turkey({
      weightLbs: '20 lb 7 oz',
      beardsIn: ['10 8/16', '8 4/16', '6 12/16'],
      spurLeftIn: '1 1/16',
      spurRightIn: '1 0/16',
    }),
    expected: {
      scoreText: '92.0625',
      score: 92.0625,
      weightLbs: 20.4375,
      records: { other: true },
      trophyClass: 'trophy',
    },
  },
  {
    // The Buckmasters example used the scale's 21.4 lb; read to the nearest ounce (§4) that is 21 lb 6 oz = 21.375,
    // so 21.375 + 21 + 25 = 67.375, which is the published 67.4 to one decimal.
    name: 'docs/scoring-rules.md §4 Buckmasters turkey: 21.4 lb → 21 lb 6 oz; 21.375 + 2 × 10.5 + 10 × 2.5 = 67.375 (67.4)',
    sheet: turkey({ weightLbs: 21.4, beardsIn: [10.5], spurLeftIn: 1.25, spurRightIn: 1.25 }),
    expected: {
      scoreText: '67.375',
      score: 67.375,
      weightLbs: 21.375,
      records: { other: true },
      trophyClass: 'trophy',
    },
  },
  {
    name: 'docs/scoring-rules.md §4 Kansas turkey: 21 + 2 × 10 + 10 × 2.5 = 66',
    sheet: turkey({ weightLbs: '21', beardsIn: ['10'], spurLeftIn: '1 4/16', spurRightIn: '1¼' }),
    expected: { scoreText: '66', score: 66, records: { other: true }, trophyClass: 'trophy' },
  },
  {
    name: 'docs/scoring-rules.md §4 Bobby Robinson, Kansas 2007: 26 4/8 + 2 × 17 1/4 + 10 × 2 6/8 = 88 4/8',
    sheet: turkey({ weightLbs: '26 4/8', beardsIn: ['17 1/4'], spurLeftIn: '1 3/8', spurRightIn: '1 3/8' }),
    expected: { scoreText: '88.5', score: 88.5, weightLbs: 26.5, records: { other: true }, trophyClass: 'trophy' },
  },
  {
    name: 'turkey below the Kansas award: 18 + 2 × 9 + 10 × 1.5 = 51',
    sheet: turkey({ weightLbs: 18, beardsIn: [9], spurLeftIn: 0.75, spurRightIn: 0.75 }),
    expected: { scoreText: '51', score: 51, records: { other: false }, trophyClass: 'standard' },
  },
  {
    name: 'docs/scoring-rules.md §5.1 fish: 31 × 16² ÷ 800 = 7936 ÷ 800 = 9.92 lb = 9 lb 15 oz (14.7 oz)',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 31, girthIn: 16 } },
    expected: { scoreText: '9.92 lb (9 lb 15 oz)', score: 9.92, weightLbs: 9.92, records: {}, trophyClass: 'standard' },
  },
  {
    name: 'docs/scoring-rules.md §5.1 the Marlin Club example: 59 × 38² ÷ 800 = 106.495 lb (not 106.39) = 106 lb 8 oz',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: '59', girthIn: '38' } },
    expected: { scoreText: '106.495 lb (106 lb 8 oz)', score: 106.495, records: {}, trophyClass: 'standard' },
  },
  {
    name: 'fish 9.92 lb against a 10 lb trophy weight: at least 8 lb (80 %), so trophy',
    sheet: {
      system: 'fish',
      category: 'length-girth-800',
      measurements: { lengthIn: 31, girthIn: 16 },
      trophyWeightLbs: 10,
    },
    expected: { scoreText: '9.92 lb (9 lb 15 oz)', score: 9.92, records: { other: false }, trophyClass: 'trophy' },
  },
  {
    name: 'bass by length only: 20³ ÷ 1600 = 8000 ÷ 1600 = 5 lb, a record against a 5 lb trophy weight',
    sheet: { system: 'fish', category: 'length-cubed-1600', measurements: { lengthIn: '20' }, trophyWeightLbs: '5 lb' },
    expected: { scoreText: '5.00 lb (5 lb 0 oz)', score: 5, records: { other: true }, trophyClass: 'record' },
  },
  {
    // 24 1/4 × 18 1/2² ÷ 754.5 = 24.25 × 342.25 ÷ 754.5 = 8299.5625 ÷ 754.5 = 11.00008… → 11.000 lb = 11 lb 0 oz.
    name: 'muskie with a decimal divisor: 24 1/4 × 18 1/2² ÷ 754.5 = 11.00008… → 11.00 lb',
    sheet: { system: 'fish', category: 'length-girth-754.5', measurements: { lengthIn: '24¼', girthIn: '18½' } },
    expected: { scoreText: '11.00 lb (11 lb 0 oz)', score: 11, records: {}, trophyClass: 'standard' },
  },
]
