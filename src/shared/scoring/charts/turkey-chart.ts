import { CATEGORY_MINIMUMS } from '#shared/scoring/categories.ts'
import { type Chart, row } from '#shared/scoring/chart.ts'

// NWTF wild turkey (docs/scoring-rules.md §4): weight + 2 × all beards + 10 × both spurs. Beards and spurs to 1/16 inch,
// weight to the nearest ounce.

export function buildTurkeyChart(): Chart {
  return {
    category: 'wild-turkey',
    name: 'Wild turkey',
    kind: 'turkey',
    system: 'nwtf',
    systems: ['nwtf'],
    unit: 'sixteenths',
    spreadRows: [],
    sideRows: [],
    sideLists: [],
    singleRows: [
      row(
        'weightLbs',
        '',
        'Weight',
        'Live (undressed) weight on a certified scale, to the nearest ounce: 20 lb 7 oz, 20-7 or 20.4375. A digital reading is rounded to the nearest ounce.',
        { quantity: 'weight', required: true },
      ),
      row(
        'spurRightIn',
        '',
        'Right spur',
        'Along the outside centre of the spur, from where it leaves the scaled skin of the leg to its tip, to 1/16 inch. If the leg has more than one spur, enter the longest.',
      ),
      row(
        'spurLeftIn',
        '',
        'Left spur',
        'Along the outside centre of the spur, from where it leaves the scaled skin of the leg to its tip, to 1/16 inch. If the leg has more than one spur, enter the longest.',
      ),
    ],
    singleLists: [
      {
        key: 'beardsIn',
        letter: '',
        label: 'Beards',
        help: 'Each beard from the centre of the point where it leaves the skin to the tip of its longest bristle, to 1/16 inch. A bird with several beards: enter every one.',
        effect: 'added',
      },
    ],
    notes: [
      'Score = weight + 2 × the total length of all beards + 10 × (left spur + right spur).',
      'NWTF keeps records by subspecies and state with no minimum score; 65 is the Kansas Trophy Turkey Award minimum.',
    ],
    minimums: CATEGORY_MINIMUMS['wild-turkey'],
  }
}
