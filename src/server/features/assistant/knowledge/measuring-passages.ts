// How to measure, step by step, per kind of chart (antlers, moose, caribou, horns, skulls, turkeys, fish), and the
// photo references. The chart lines themselves are the engine's (chart-docs.ts); these passages say how a hunter
// goes about it: tools, where each line is taken, how to read it, when it may be scored officially. The reference
// sizes are the measuring tool's own (src/shared/measuring), so the two cannot disagree.
import { CM_PER_IN, CREDIT_CARD_IN, QUARTER_DIAMETER_IN } from '#shared/measuring/index.ts'
import type { ChartKind } from '#shared/scoring/index.ts'
import { type Passage, passage } from './passages.ts'

const mm = (inches: number, decimals: number) => (inches * CM_PER_IN * 10).toFixed(decimals)

const BC = 'Boone and Crockett Club score charts; Pope and Young Club (same charts)'
const TOOLS_EIGHTHS =
  'Tools: a 1/4-inch-wide flexible steel tape (a flexible steel cable may be used for main beams and points only). Read every line to the nearest 1/8 inch and write it unreduced (7 2/8, not 7 1/4).'
const DRYING =
  'Official scoring waits until the trophy has air-dried 60 days at room temperature; green measurements are fine for your own records in Fieldmark.'
const ASK_LINE = "Ask me about any line ('where is H-2 taken on a whitetail?'), or give me your measurements to score."

const STEPS: Record<Exclude<ChartKind, 'fish'>, { title: string; lines: string[]; keywords: string }> = {
  antlers: {
    title: 'How to measure deer and elk antlers, step by step (Boone and Crockett, Pope and Young)',
    lines: [
      `1. ${TOOLS_EIGHTHS}`,
      '2. Count the points on each antler: a point is at least 1 inch long and longer than it is wide; the beam tip counts but is not measured as a point.',
      "3. Inside spread (D): the widest distance between the inner sides of the main beams, at right angles to the skull's centre line. Its credit may not exceed the longer main beam.",
      '4. Main beams (F): from the lowest outside edge of the burr, along the outer curve of the beam, to the tip.',
      '5. Tine lengths (G-1, G-2 …): from the top edge of the main beam, where a tape laid along the beam crosses the point, to the tip of the point.',
      '6. Circumferences (H-1 to H-4): at the smallest place between the burr and the first point, then between each pair of points the chart names.',
      '7. Abnormal points (E): measure each from where it leaves the antler; their total is subtracted in a typical category and added in a non-typical one.',
      '8. Add the spread credit and both antlers, then deduct every right–left difference (the difference column).',
      `9. ${DRYING}`,
    ],
    keywords:
      'how to measure measuring steps step by step antler antlers rack buck deer elk tape cable tine tines length beam spread circumference eighth read',
  },
  moose: {
    title: 'How to measure moose antlers, step by step (Boone and Crockett, Pope and Young)',
    lines: [
      `1. ${TOOLS_EIGHTHS}`,
      "2. Greatest spread (A): the widest distance across the antlers at right angles to the skull's centre line; moose get it in full.",
      '3. Normal points (C): count the points on the outer edge of each palm; each counts 1 inch.',
      '4. Width of palm (D) and length of palm (E): along the under side of the palm, as the chart describes.',
      '5. Beam circumference (F): at its smallest place between the burr and the palm.',
      '6. Add them up and deduct the right–left differences of C to F.',
      `7. ${DRYING}`,
    ],
    keywords: 'how to measure measuring steps moose antlers',
  },
  caribou: {
    title: 'How to measure caribou antlers, step by step (Boone and Crockett, Pope and Young)',
    lines: [
      `1. ${TOOLS_EIGHTHS} A caribou point needs only 1/2 inch.`,
      '2. Inside spread (C): between the inner sides of the main beams, credited up to the longer main beam.',
      '3. Main beams (E): from the lowest outside edge of the burr along the outer curve to the tip.',
      '4. Brow, bez, rear and top points (F-1 to F-5), and the widths of the brow and top palms (G-1, G-2).',
      '5. Circumferences (H-1 to H-4): at the smallest place between the points the chart names.',
      '6. Add them up and deduct the right–left differences (not for the brow).',
      `7. ${DRYING}`,
    ],
    keywords: 'how to measure measuring steps caribou antlers brow bez palm',
  },
  horns: {
    title: 'How to measure horns (sheep, goat, pronghorn), step by step (Boone and Crockett, Pope and Young)',
    lines: [
      '1. Tools: a 1/4-inch-wide steel tape only, never a cable. Read to the nearest 1/8 inch.',
      '2. Length of horn (C): from the lowest edge of the base along the outer curve to the tip (or the broomed end on a sheep).',
      '3. Base circumference (D-1): at right angles to the axis of the horn.',
      '4. Divide the longer horn by four, mark both horns at those distances from the base and measure the circumferences D-2, D-3 and D-4 there. Pronghorn also score the prong (E).',
      '5. Add both horns; deduct the right–left differences (sheep: only the circumferences).',
      `6. ${DRYING}`,
    ],
    keywords: 'how to measure measuring steps horn horns ram sheep goat pronghorn curl quarter circumference tape',
  },
  skull: {
    title: 'How to measure a bear or cougar skull, step by step (Boone and Crockett, Pope and Young)',
    lines: [
      '1. Clean the skull of all flesh, membrane and cartilage and let it air-dry 60 days before an official measurement.',
      '2. Tools: calipers. Read to the nearest 1/16 inch.',
      '3. Greatest length (A): without the lower jaw, between two perpendicular uprights.',
      '4. Greatest width (B): across the cheek bones (zygomatic arches), at right angles to the length.',
      '5. The score is length + width, with no deductions.',
    ],
    keywords: 'how to measure measuring steps skull bear cougar lion calipers length width sixteenth',
  },
  turkey: {
    title: 'How to measure a wild turkey, step by step (NWTF)',
    lines: [
      '1. Weigh the bird whole (undressed) on a certified scale, to the nearest ounce.',
      '2. Beards: from the centre of the point where each beard leaves the skin to the tip of its longest bristle, to 1/16 inch; measure every beard.',
      '3. Spurs: along the outside centre, from where the spur leaves the scaled skin of the leg to its tip, to 1/16 inch.',
      '4. Score = weight + 2 × all beards + 10 × (left spur + right spur).',
    ],
    keywords: 'how to measure measuring steps turkey gobbler tom beard spur weigh scale sixteenth',
  },
}

const FISH_STEPS = [
  '1. Length: lay the fish flat, mouth closed, and measure from the tip of the lower jaw to the fork of the tail (total length, tail pinched, for the length-only formulas).',
  '2. Girth: wrap a soft tape around the body at its thickest point.',
  '3. Weight: only a certified scale gives a record weight; from length and girth I can estimate it (length × girth² ÷ 800, within about 10 %).',
  "4. Releasing it? Photograph it beside a ruler or a reference (a credit card or a quarter) and measure the photo with Fieldmark's tool.",
]

/** The passage id of the steps for a kind of chart. */
export const stepsPassageId = (kind: ChartKind) => `passage:measure-${kind}`

const card = CREDIT_CARD_IN

export const MEASURING_PASSAGES: readonly Passage[] = [
  ...(Object.keys(STEPS) as (keyof typeof STEPS)[]).map((kind) =>
    passage(
      `measure-${kind}`,
      'scoring-rules',
      STEPS[kind].title,
      [...STEPS[kind].lines, ASK_LINE].join('\n'),
      BC,
      STEPS[kind].keywords,
    ),
  ),
  passage(
    'measure-fish',
    'fish-formula',
    'How to measure a fish: length, girth and weight, step by step',
    FISH_STEPS.join('\n'),
    'Fish weight formula: length × girth² ÷ 800, an estimate within about 10 %; IGFA (scale weights)',
    'how to measure measuring steps fish length girth tape lower jaw fork tail weigh',
  ),
  passage(
    'references',
    'photo-method',
    'Reference sizes for photo measuring: a US quarter and a credit card',
    [
      `- A US quarter is ${QUARTER_DIAMETER_IN} in across (${mm(QUARTER_DIAMETER_IN, 2)} mm).`,
      `- A credit card is ${card.long} × ${card.short} in (${mm(card.long, 1)} × ${mm(card.short, 1)} mm); use its long side when you can, the longer reference is the more accurate.`,
      '- Anything else of known length (a ruler, a tape, a measured stick) can be a custom reference: enter its length in the photo tool.',
      'Lay the reference flat beside the animal or fish, at the same distance from the camera, and photograph straight down.',
    ].join('\n'),
    "Fieldmark's photo measuring tool",
    'quarter coin credit card card size diameter big mm millimetre millimeter inch reference scale dimension dimensions how big wide long',
  ),
]
