import { CATEGORY_MINIMUMS, type SkullCategory } from '#shared/scoring/categories.ts'
import { type Chart, row, type System } from '#shared/scoring/chart.ts'

// B&C bear and cat chart (docs/scoring-rules.md §1.10): greatest length without the lower jaw + greatest width, read to
// 1/16 inch, no deductions.

const NAMES: Record<SkullCategory, string> = {
  'black-bear': 'Black bear',
  'grizzly-bear': 'Grizzly bear',
  'alaska-brown-bear': 'Alaska brown bear',
  'polar-bear': 'Polar bear',
  cougar: 'Cougar',
  jaguar: 'Jaguar',
}

export function buildSkullChart(category: SkullCategory, system: System): Chart {
  return {
    category,
    name: NAMES[category],
    kind: 'skull',
    system,
    systems: ['bc', 'py', 'sci'],
    unit: 'sixteenths',
    spreadRows: [],
    sideRows: [],
    sideLists: [],
    singleRows: [
      row(
        'skullLength',
        'A',
        'Greatest length of skull',
        'Greatest length of the skull without the lower jaw, measured with calipers between two perpendicular uprights, to the nearest 1/16 inch.',
      ),
      row(
        'skullWidth',
        'B',
        'Greatest width of skull',
        'Greatest width across the cheek bones (zygomatic arches), at right angles to the length, to the nearest 1/16 inch.',
      ),
    ],
    singleLists: [],
    notes: [
      'Score = greatest length + greatest width; no deductions.',
      'Remove all flesh, membrane and cartilage; the skull must air-dry 60 days before an official measurement.',
    ],
    minimums: CATEGORY_MINIMUMS[category],
  }
}
