// Upland game, waterfowl and small game of scoring.md §6. Only the turkey has a scoring system (NWTF, §4); the
// others have no official record book, so their entries carry hunting facts instead, each with its source.
import type { SpeciesEntry } from './types.ts'

const NO_RECORD_BOOK = 'No official record book'
const BANDS = 'fws.gov "Reporting banded birds" (reportband.gov)'

export const UPLAND_GAME: readonly SpeciesEntry[] = [
  {
    id: 'wild-turkey',
    name: 'Wild Turkey',
    category: 'Upland Game',
    region: 'North America',
    scoring: 'NWTF (weight + 2 × beards + 10 × spurs)',
    measurements: ['Weight', 'Beard length (each beard)', 'Left spur', 'Right spur'],
    icon: 'turkey',
    description:
      'Scored as live weight in pounds, plus twice the total length of all beards, plus ten times the two spurs; beards and spurs to 1/16 inch, weight to the ounce. The NWTF records program has no minimum score: 65 is the Kansas Trophy Turkey Award threshold.',
    habitat: 'Hardwoods and field edges',
    season: 'Spring (March–May); fall in some states; dates vary by state',
    difficulty: 'Intermediate',
    scoringCategories: ['wild-turkey'],
    recordNote:
      "NWTF has kept records by subspecies and state since 1982. Kansas's biggest typical, Bobby Robinson's 2007 Franklin County gobbler, scored 88 4/8.",
    sources: [
      'millcreekturkeycalls.com; thejump.net; rolltidebama.com/score.htm (NWTF formula)',
      'nwtf.org/turkey-records',
      'parislanding.com; turkey-talk.com (no NWTF minimum)',
      'redtablemeats.com, KDWPT release (Kansas award)',
    ],
  },
  {
    id: 'ring-necked-pheasant',
    name: 'Ring-necked Pheasant',
    category: 'Upland Game',
    region: 'North America',
    scoring: `${NO_RECORD_BOOK} (weight and tail length, informally)`,
    measurements: ['Weight', 'Tail length'],
    icon: 'bird',
    description:
      'Wild pheasant seasons are generally roosters only, since hens are protected; licensed shooting preserves may allow either sex. Hunters compare birds informally by weight and tail length.',
    habitat: 'Farmland and grassland of the Plains and Midwest',
    season: 'October–January; dates vary by state',
    difficulty: 'Beginner',
    scoringCategories: [],
    sources: [
      'legalclarity.org "When can you legally shoot hen pheasants?"',
      'bocojo.com (Mike Roux, "It\'s Time for Pheasant")',
      'idfg.idaho.gov "Ask the Conservation Officer" (shooting preserves)',
    ],
  },
  {
    id: 'ruffed-grouse',
    name: 'Ruffed Grouse',
    category: 'Upland Game',
    region: 'North America',
    scoring: NO_RECORD_BOOK,
    measurements: ['Weight'],
    icon: 'bird',
    description:
      'Look for young forest, such as aspen regrowing on cuts a few years old, and the edges where it meets older woods. A pointing dog helps you be ready for the sudden flush in thick cover.',
    habitat: 'Young forest, especially aspen',
    season: 'Fall; dates vary by state',
    difficulty: 'Intermediate',
    scoringCategories: [],
    sources: [
      "startribune.com (Ruffed Grouse Society biologist's tips)",
      'ruffedgrouse.com (Dave Hurteau, Field & Stream)',
    ],
  },
  {
    id: 'northern-bobwhite',
    name: 'Northern Bobwhite Quail',
    category: 'Upland Game',
    region: 'North America',
    scoring: NO_RECORD_BOOK,
    measurements: ['Weight'],
    icon: 'bird',
    description:
      'Bobwhites live in coveys that flush together, so hunters usually follow pointing dogs to the covey rise, then work the scattered singles.',
    habitat: 'Grassland and brush in the Southeast and Midwest',
    season: 'November–February; dates vary by state',
    difficulty: 'Intermediate',
    scoringCategories: [],
    sources: [
      'Outdoor Life, January 1973 (copy at survival-situation.com)',
      'forum.ultimatepheasanthunting.com "Last quail hunt of the year"',
    ],
  },
]

export const WATERFOWL: readonly SpeciesEntry[] = [
  {
    id: 'mallard',
    name: 'Mallard',
    category: 'Waterfowl',
    region: 'North America',
    scoring: `${NO_RECORD_BOOK} (leg bands noted)`,
    measurements: ['Weight'],
    icon: 'duck',
    description:
      'The most harvested and most often banded duck in the US and Canada; report a band at reportband.gov and you keep it. Hunters 16 and older need a Federal Duck Stamp as well as their state licence.',
    habitat: 'Marshes, flooded timber and fields',
    season: 'October–January within the federal frameworks; dates vary by state and zone',
    difficulty: 'Beginner',
    scoringCategories: [],
    sources: [
      'ducks.org "Waterfowl bands" photo essay',
      BANDS,
      "clyx.com Waterfowler's Code; kxnet.com 2023-08-21 (Federal Duck Stamp)",
    ],
  },
  {
    id: 'canada-goose',
    name: 'Canada Goose',
    category: 'Waterfowl',
    region: 'North America',
    scoring: `${NO_RECORD_BOOK} (leg bands noted)`,
    measurements: ['Weight'],
    icon: 'duck',
    description:
      'Second only to the mallard in birds banded; some geese also wear coded neck collars, and both are reported at reportband.gov. Seasons open with an early September season and can run into February.',
    habitat: 'Fields, lakes and marshes',
    season: 'September (early season) to February; dates vary by state and zone',
    difficulty: 'Intermediate',
    scoringCategories: [],
    sources: ['ducks.org "Waterfowl bands" photo essay', BANDS, 'birds.audubon.org FAQ (report goose neckbands too)'],
  },
]

export const SMALL_GAME: readonly SpeciesEntry[] = [
  {
    id: 'eastern-gray-squirrel',
    name: 'Eastern Gray Squirrel',
    category: 'Small Game',
    region: 'North America',
    scoring: NO_RECORD_BOOK,
    measurements: ['Weight'],
    icon: 'squirrel',
    description:
      'Early in the season squirrels work hickories, then beech and sweet white-oak acorns; fresh cuttings under a tree show where they are feeding.',
    habitat: 'Hardwood forests',
    season: 'Fall and winter; dates vary by state',
    difficulty: 'Beginner',
    scoringCategories: [],
    sources: [
      'immohunt.com "Squirrel tips for beginning hunters"',
      'arkansasonline.com 2016-10-23 "Understanding mast crops"',
      'guide.sportsmansguide.com "Squirrel hunting amongst the hickories"',
    ],
  },
  {
    id: 'eastern-cottontail',
    name: 'Eastern Cottontail',
    category: 'Small Game',
    region: 'North America',
    scoring: NO_RECORD_BOOK,
    measurements: ['Weight'],
    icon: 'rabbit',
    description:
      'Cottontails live in a small home range and circle back when chased, so beagle hunters wait near where the rabbit was jumped. Without dogs, work brushy fencerows, thickets and brush piles slowly.',
    habitat: 'Brushy edges, fencerows and old fields',
    season: 'Fall and winter; dates vary by state',
    difficulty: 'Beginner',
    scoringCategories: [],
    sources: [
      'eldoradospringsmo.com "Beagles and cottontails"; htfbw.com (beagle hunting)',
      'citizensvoice.com (home range, cover)',
      'unionsportsmen.org "Rabbits the hard way"',
    ],
  },
]
