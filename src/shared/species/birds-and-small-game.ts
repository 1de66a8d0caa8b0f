// Upland game, waterfowl and small game. Only the turkey is scored (NWTF); the others carry hunting facts instead,
// each named by its agency, program or publication, never a page we read (docs/scoring.md).
import { RECORD_PROGRAMS as P } from '#shared/scoring/record-programs.ts'
import type { SpeciesEntry } from './types.ts'

const NO_RECORD_BOOK = 'No official record book'
const BANDS = 'U.S. Fish and Wildlife Service — Reporting banded birds'
const DU_BANDS = 'Ducks Unlimited — waterfowl bands'

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
      `${P.nwtf} — Wild Turkey Records, scoring formula`,
      `${P.nwtf} — Wild Turkey Records, entry rules (no minimum score)`,
      `${P.kansas} — Trophy Turkey Award`,
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
      'State wildlife agencies — pheasant seasons (roosters only on wild birds)',
      'Idaho Department of Fish and Game — Ask the Conservation Officer (shooting preserves)',
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
    sources: ['Ruffed Grouse Society — habitat and hunting tips', 'Field & Stream — ruffed grouse hunting'],
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
    sources: ['Outdoor Life — quail hunting with pointing dogs (January 1973)'],
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
    sources: [DU_BANDS, BANDS, 'U.S. Fish and Wildlife Service — Federal Duck Stamp'],
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
    sources: [DU_BANDS, BANDS, 'National Audubon Society — report goose neck collars too'],
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
      'Arkansas Democrat-Gazette — Understanding mast crops (2016)',
      "Sportsman's Guide — squirrel hunting among the hickories",
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
      "Citizens' Voice — cottontail home range and cover",
      "Union Sportsmen's Alliance — Rabbits the hard way (beagles and still-hunting)",
    ],
  },
]
