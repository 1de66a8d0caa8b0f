// Regulations: the assistant explains the concepts and names the wildlife agency of a place, never a season date, bag
// or size limit: those change every year and by unit, so the agency is the only source (ADR 089). Agency names and
// sites are data to keep current.
import type { ChatSource } from '#shared/schemas/assistant.ts'
import type { KnowledgeDoc } from './assistant.types.ts'

export type Jurisdiction = {
  /** USPS or Canada Post code: 'MT', 'ON'. */
  code: string
  name: string
  country: 'US' | 'CA'
  kind: 'state' | 'district' | 'province' | 'territory'
  /** The agency that sets hunting (and, unless `fishing` says otherwise, fishing) rules. */
  agency: string
  url: string
  /** A second agency where fishing rules are set by a different one (Pennsylvania). */
  fishing?: { agency: string; url: string }
  /** Other names a member may use: 'Washington DC', 'PEI', 'Newfoundland'. */
  aliases?: readonly string[]
}

const us = (
  code: string,
  name: string,
  agency: string,
  url: string,
  extra: Partial<Jurisdiction> = {},
): Jurisdiction => ({ code, name, country: 'US', kind: 'state', agency, url, ...extra })
const ca = (
  code: string,
  name: string,
  agency: string,
  url: string,
  extra: Partial<Jurisdiction> = {},
): Jurisdiction => ({ code, name, country: 'CA', kind: 'province', agency, url, ...extra })

export const JURISDICTIONS: readonly Jurisdiction[] = [
  us('AL', 'Alabama', 'Alabama Department of Conservation and Natural Resources', 'https://www.outdooralabama.com'),
  us('AK', 'Alaska', 'Alaska Department of Fish and Game', 'https://www.adfg.alaska.gov'),
  us('AZ', 'Arizona', 'Arizona Game and Fish Department', 'https://www.azgfd.com'),
  us('AR', 'Arkansas', 'Arkansas Game and Fish Commission', 'https://www.agfc.com'),
  us('CA', 'California', 'California Department of Fish and Wildlife', 'https://wildlife.ca.gov'),
  us('CO', 'Colorado', 'Colorado Parks and Wildlife', 'https://cpw.state.co.us'),
  us(
    'CT',
    'Connecticut',
    'Connecticut Department of Energy and Environmental Protection',
    'https://portal.ct.gov/deep',
  ),
  us('DE', 'Delaware', 'Delaware Division of Fish and Wildlife', 'https://dnrec.delaware.gov/fish-wildlife/'),
  us('DC', 'District of Columbia', 'District of Columbia Department of Energy and Environment', 'https://doee.dc.gov', {
    kind: 'district',
    aliases: ['Washington DC', 'Washington D.C.', 'Washington, DC', 'Washington, D.C.', 'D.C.'],
  }),
  us('FL', 'Florida', 'Florida Fish and Wildlife Conservation Commission', 'https://myfwc.com'),
  us(
    'GA',
    'Georgia',
    'Georgia Department of Natural Resources, Wildlife Resources Division',
    'https://georgiawildlife.com',
  ),
  us('HI', 'Hawaii', 'Hawaii Department of Land and Natural Resources', 'https://dlnr.hawaii.gov', {
    aliases: ["Hawai'i"],
  }),
  us('ID', 'Idaho', 'Idaho Department of Fish and Game', 'https://idfg.idaho.gov'),
  us('IL', 'Illinois', 'Illinois Department of Natural Resources', 'https://dnr.illinois.gov'),
  us('IN', 'Indiana', 'Indiana Department of Natural Resources', 'https://www.in.gov/dnr/'),
  us('IA', 'Iowa', 'Iowa Department of Natural Resources', 'https://www.iowadnr.gov'),
  us('KS', 'Kansas', 'Kansas Department of Wildlife and Parks', 'https://ksoutdoors.com'),
  us('KY', 'Kentucky', 'Kentucky Department of Fish and Wildlife Resources', 'https://fw.ky.gov'),
  us('LA', 'Louisiana', 'Louisiana Department of Wildlife and Fisheries', 'https://www.wlf.louisiana.gov'),
  us('ME', 'Maine', 'Maine Department of Inland Fisheries and Wildlife', 'https://www.maine.gov/ifw/'),
  us('MD', 'Maryland', 'Maryland Department of Natural Resources', 'https://dnr.maryland.gov'),
  us(
    'MA',
    'Massachusetts',
    'Massachusetts Division of Fisheries and Wildlife (MassWildlife)',
    'https://www.mass.gov/masswildlife',
  ),
  us('MI', 'Michigan', 'Michigan Department of Natural Resources', 'https://www.michigan.gov/dnr'),
  us('MN', 'Minnesota', 'Minnesota Department of Natural Resources', 'https://www.dnr.state.mn.us'),
  us('MS', 'Mississippi', 'Mississippi Department of Wildlife, Fisheries, and Parks', 'https://www.mdwfp.com'),
  us('MO', 'Missouri', 'Missouri Department of Conservation', 'https://mdc.mo.gov'),
  us('MT', 'Montana', 'Montana Fish, Wildlife & Parks', 'https://fwp.mt.gov'),
  us('NE', 'Nebraska', 'Nebraska Game and Parks Commission', 'https://outdoornebraska.gov'),
  us('NV', 'Nevada', 'Nevada Department of Wildlife', 'https://www.ndow.org'),
  us('NH', 'New Hampshire', 'New Hampshire Fish and Game Department', 'https://www.wildlife.nh.gov'),
  us('NJ', 'New Jersey', 'New Jersey Division of Fish and Wildlife', 'https://dep.nj.gov/njfw/'),
  us('NM', 'New Mexico', 'New Mexico Department of Game and Fish', 'https://wildlife.dgf.nm.gov'),
  us('NY', 'New York', 'New York State Department of Environmental Conservation', 'https://dec.ny.gov'),
  us('NC', 'North Carolina', 'North Carolina Wildlife Resources Commission', 'https://www.ncwildlife.org'),
  us('ND', 'North Dakota', 'North Dakota Game and Fish Department', 'https://gf.nd.gov'),
  us('OH', 'Ohio', 'Ohio Department of Natural Resources, Division of Wildlife', 'https://ohiodnr.gov'),
  us('OK', 'Oklahoma', 'Oklahoma Department of Wildlife Conservation', 'https://www.wildlifedepartment.com'),
  us('OR', 'Oregon', 'Oregon Department of Fish and Wildlife', 'https://myodfw.com'),
  us('PA', 'Pennsylvania', 'Pennsylvania Game Commission', 'https://www.pgc.pa.gov', {
    fishing: { agency: 'Pennsylvania Fish and Boat Commission', url: 'https://www.fishandboat.com' },
  }),
  us(
    'RI',
    'Rhode Island',
    'Rhode Island Department of Environmental Management, Division of Fish and Wildlife',
    'https://dem.ri.gov',
  ),
  us('SC', 'South Carolina', 'South Carolina Department of Natural Resources', 'https://www.dnr.sc.gov'),
  us('SD', 'South Dakota', 'South Dakota Game, Fish and Parks', 'https://gfp.sd.gov'),
  us('TN', 'Tennessee', 'Tennessee Wildlife Resources Agency', 'https://www.tn.gov/twra'),
  us('TX', 'Texas', 'Texas Parks and Wildlife Department', 'https://tpwd.texas.gov'),
  us('UT', 'Utah', 'Utah Division of Wildlife Resources', 'https://wildlife.utah.gov'),
  us('VT', 'Vermont', 'Vermont Fish and Wildlife Department', 'https://vtfishandwildlife.com'),
  us('VA', 'Virginia', 'Virginia Department of Wildlife Resources', 'https://dwr.virginia.gov'),
  us('WA', 'Washington', 'Washington Department of Fish and Wildlife', 'https://wdfw.wa.gov', {
    aliases: ['Washington State'],
  }),
  us('WV', 'West Virginia', 'West Virginia Division of Natural Resources', 'https://wvdnr.gov'),
  us('WI', 'Wisconsin', 'Wisconsin Department of Natural Resources', 'https://dnr.wisconsin.gov'),
  us('WY', 'Wyoming', 'Wyoming Game and Fish Department', 'https://wgfd.wyo.gov'),

  ca('AB', 'Alberta', 'Alberta Fish and Wildlife (Government of Alberta)', 'https://www.alberta.ca'),
  ca(
    'BC',
    'British Columbia',
    'British Columbia Fish and Wildlife Branch (Government of British Columbia)',
    'https://www2.gov.bc.ca/gov/content/sports-culture/recreation/fishing-hunting',
  ),
  ca('MB', 'Manitoba', 'Manitoba Fish and Wildlife (Government of Manitoba)', 'https://www.gov.mb.ca/fish-wildlife/'),
  ca(
    'NB',
    'New Brunswick',
    'New Brunswick Department of Natural Resources and Energy Development (Fish and Wildlife Branch)',
    'https://www2.gnb.ca',
  ),
  ca(
    'NL',
    'Newfoundland and Labrador',
    'Newfoundland and Labrador Department of Fisheries, Forestry and Agriculture (Wildlife Division)',
    'https://www.gov.nl.ca/ffa/',
    {
      aliases: ['Newfoundland'],
    },
  ),
  ca('NS', 'Nova Scotia', 'Nova Scotia Department of Natural Resources', 'https://novascotia.ca/natr/hunting/'),
  ca('ON', 'Ontario', 'Ontario Ministry of Natural Resources', 'https://www.ontario.ca/page/hunting'),
  ca(
    'PE',
    'Prince Edward Island',
    'Prince Edward Island Department of Environment, Energy and Climate Action (Forests, Fish and Wildlife)',
    'https://www.princeedwardisland.ca',
    {
      aliases: ['PEI', 'P.E.I.'],
    },
  ),
  ca(
    'QC',
    'Quebec',
    "Quebec Ministère de l'Environnement, de la Lutte contre les changements climatiques, de la Faune et des Parcs",
    'https://www.quebec.ca/en',
    {
      aliases: ['Québec'],
    },
  ),
  ca('SK', 'Saskatchewan', 'Saskatchewan Ministry of Environment', 'https://www.saskatchewan.ca'),
  ca(
    'NT',
    'Northwest Territories',
    'Northwest Territories Department of Environment and Climate Change',
    'https://www.ecc.gov.nt.ca',
    {
      kind: 'territory',
      aliases: ['NWT'],
    },
  ),
  ca('NU', 'Nunavut', 'Nunavut Department of Environment', 'https://www.gov.nu.ca', {
    kind: 'territory',
  }),
  ca('YT', 'Yukon', 'Yukon Department of Environment', 'https://yukon.ca', {
    kind: 'territory',
    aliases: ['Yukon Territory'],
  }),
]

// Codes that are also words or other shorthands ('IN', 'OR', 'ME', 'LA', 'BC' …) count only after 'in' or 'from'
// ('hunting in OR'); every other code counts when written in capitals ('MT', 'SK').
const AMBIGUOUS_CODES = new Set(['IN', 'OR', 'ME', 'OK', 'HI', 'OH', 'ON', 'ID', 'NE', 'LA', 'BC', 'PE', 'DE', 'MA'])
// Species and category names that contain a place: 'Quebec-Labrador caribou', 'Alaska-Yukon moose', 'Columbia
// blacktail', 'Canada moose'. Removed before looking for places, so they do not read as one.
const PLACE_IN_SPECIES = /\bquebec[\s-]+labrador\b|\balaska[\s-]+yukon\b|\bcentral\s+canada\b/gi

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')

type Matcher = { jurisdiction: Jurisdiction; pattern: RegExp; length: number }
const NAME_MATCHERS: Matcher[] = JURISDICTIONS.flatMap((j) =>
  [j.name, ...(j.aliases ?? [])].map((name) => ({
    jurisdiction: j,
    // 'Washington' is the state unless 'DC' follows; 'Virginia' is not 'West Virginia' (longest names go first).
    pattern: new RegExp(`(?<![\\p{L}])${escapeRegExp(fold(name)).replace(/ /g, '\\s+')}(?![\\p{L}])`, 'iu'),
    length: name.length,
  })),
).sort((a, b) => b.length - a.length)

/** The states, provinces and territories a text mentions, in the order of the text. */
export function findJurisdictions(text: string): Jurisdiction[] {
  let rest = fold(text).replace(PLACE_IN_SPECIES, ' ')
  const found: { j: Jurisdiction; at: number }[] = []
  for (const { jurisdiction, pattern } of NAME_MATCHERS) {
    const match = pattern.exec(rest)
    if (!match) continue
    found.push({ j: jurisdiction, at: match.index })
    // Blank the match so 'West Virginia' does not also count as 'Virginia'.
    rest = rest.slice(0, match.index) + ' '.repeat(match[0].length) + rest.slice(match.index + match[0].length)
  }
  for (const j of JURISDICTIONS) {
    const pattern = AMBIGUOUS_CODES.has(j.code)
      ? new RegExp(`\\b(?:in|from)\\s+${j.code}\\b`)
      : new RegExp(`(?<![\\w&])${j.code}(?![\\w&])`)
    const match = pattern.exec(rest)
    if (match && !found.some((f) => f.j === j)) found.push({ j, at: match.index })
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.j)
}

/** The first state, province or territory a text mentions. */
export function findJurisdiction(text: string): Jurisdiction | undefined {
  return findJurisdictions(text)[0]
}

/** Does the question ask about rules a wildlife agency sets (dates, limits, licences, legality)? */
export function isRegulationQuestion(text: string): boolean {
  return REGULATION_INTENT.test(text)
}

const REGULATION_INTENT = new RegExp(
  `\\b(?:${[
    'regulations?',
    'regs',
    'rules? (?:in|for)',
    'laws?',
    'legal(?:ly)?',
    'illegal',
    '(?:bag|daily|creel|possession|size|slot|length|harvest) limits?',
    'how many [a-z ]*(?:can|may) (?:i|you|we) (?:keep|take|shoot|kill|harvest|catch)',
    'licen[cs]es?',
    'tags?',
    'permits?',
    'stamps?',
    'draw(?:ing)?s?',
    'season dates?',
    'opening day',
    'when (?:does|do|is|are) [a-z ]*(?:open|opens|close|closes|start|starts|end|ends)',
    'when can (?:i|you|we) (?:hunt|fish|shoot)',
    'can (?:i|you|we) (?:hunt|fish|shoot|keep|take|use)',
    'allowed',
    'wildlife agency',
    'fish and game',
    'game warden',
    'who sets',
    'hunter (?:education|safety)',
  ].join('|')})\\b`,
  'i',
)

// What the assistant must never say about regulations: a calendar date, a bag or possession number, a size limit.
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
export const SPECIFIC_REGULATION_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'i'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b`, 'i'),
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /\b(?:bag|daily|creel|possession|harvest)\s+limits?\s+(?:is|are|of)\s+\d/i,
  /\b\d+\s+(?:per\s+day|a\s+day|per\s+person|per\s+hunter|per\s+angler)\b/i,
  /\b(?:limit|keep|take|shoot|harvest)\s+(?:of\s+)?\d+\s+(?:bucks?|does?|deer|birds?|fish|ducks?|geese|turkeys?|bass|walleyes?|trout)\b/i,
  /\b(?:minimum|maximum)\s+(?:size|length)\s+(?:limit\s+)?(?:is|of)\s+\d/i,
  /\b\d+(?:\.\d+)?\s*(?:inch(?:es)?|in\.?|")\s+(?:minimum|size\s+limit|slot)\b/i,
]

/** True when a text states a specific season date, bag limit or size limit (tests and a guard use it). */
export function containsSpecificRegulation(text: string): boolean {
  return SPECIFIC_REGULATION_PATTERNS.some((pattern) => pattern.test(text))
}

export function agencySources(j: Jurisdiction): ChatSource[] {
  const sources: ChatSource[] = [{ kind: 'regulations', title: j.agency, href: j.url }]
  if (j.fishing) sources.push({ kind: 'regulations', title: j.fishing.agency, href: j.fishing.url })
  return sources
}

const placeKind: Record<Jurisdiction['kind'], string> = {
  state: 'state',
  district: 'district',
  province: 'province',
  territory: 'territory',
}

/** Who sets the rules in a place, and where to read them. */
export function agencyText(j: Jurisdiction): string {
  if (j.fishing) {
    return `In ${j.name}, hunting rules are set by the ${j.agency} (${j.url}) and fishing rules by the ${j.fishing.agency} (${j.fishing.url}).`
  }
  const extra = j.code === 'DC' ? ' Hunting is generally not permitted in the District.' : ''
  return `In ${j.name}, hunting and fishing rules are set by this agency: ${j.agency} (${j.url}).${extra}`
}

// General concepts: what each kind of rule means, never its value anywhere (regulations are the agency's).
export const REGULATION_CONCEPTS: readonly (KnowledgeDoc & { keywords: string })[] = [
  {
    id: 'regulations:who-sets',
    kind: 'regulations',
    title: 'Who sets hunting and fishing regulations',
    text: [
      'Hunting and fishing seasons, bag and possession limits, size limits, licences and tags are set by the wildlife agency of each US state and Canadian province or territory, usually every year and often by hunting unit, zone or body of water.',
      'Migratory birds (ducks, geese) follow federal frameworks: the US Fish and Wildlife Service in the United States and the Canadian Wildlife Service (Environment and Climate Change Canada) in Canada; the states and provinces pick their dates within them. In Canada, tidal-water fishing is managed by Fisheries and Oceans Canada.',
      "Tell me your state or province and I'll name the agency and its site; I don't quote dates or limits, because they change and an old number can get you a ticket.",
    ].join('\n'),
    keywords: 'who sets regulation regulations rules law laws agency department government federal state province',
  },
  {
    id: 'regulations:bag-limits',
    kind: 'regulations',
    title: 'Bag and possession limits (general)',
    text: 'A bag limit (daily limit, creel limit for fish) is how many of a species one person may take in a day or in a season; the possession limit is how many you may hold at one time, including what is at home or in the freezer. Limits differ by species, sex, area and weapon, and can change every year: read the current numbers in your agency’s regulations.',
    keywords: 'bag limit limits daily possession creel how many keep take',
  },
  {
    id: 'regulations:size-limits',
    kind: 'regulations',
    title: 'Size and slot limits for fish (general)',
    text: 'A minimum size limit means a fish shorter than the limit must be released; a maximum limit protects the biggest fish; a slot limit protects fish between two lengths (or allows only those). Limits are set per species and often per lake, river or coastal zone. Measure the way your agency says (usually total length, mouth closed, tail pinched) and check the current numbers in its regulations.',
    keywords: 'size limit slot minimum length fish keep release legal measure',
  },
  {
    id: 'regulations:seasons',
    kind: 'regulations',
    title: 'Hunting and fishing seasons (general)',
    text: 'Seasons are set per species, by weapon (archery, muzzleloader, rifle) and by unit or zone, and change from year to year. Archery seasons usually open first; many big-game tags are given by draw. Fieldmark’s species guide shows only the general time of year for each species; the exact opening and closing dates are in your agency’s current regulations.',
    keywords:
      'season seasons open opening close closing dates date when weapon unit zone shoot kill harvest antlerless doe',
  },
  {
    id: 'regulations:licences',
    kind: 'regulations',
    title: 'Licences, tags and hunter education (general)',
    text: 'Hunting and fishing need a licence from the state or province where you hunt or fish, and big game usually a tag for the animal, sometimes won in a draw. Most states and provinces require a hunter education course before a first licence, and non-residents pay different fees. Your agency’s site sells licences and lists what you need.',
    keywords:
      'licence license licenses tag tags permit stamp draw lottery hunter education safety course nonresident resident buy',
  },
]

/** The regulations passages the knowledge base indexes: the concepts, and one passage per place. */
export function buildRegulationDocs(): (KnowledgeDoc & { keywords: string })[] {
  return [
    ...REGULATION_CONCEPTS,
    ...JURISDICTIONS.map((j) => ({
      id: `regulations:${j.code}`,
      kind: 'regulations' as const,
      title: `${j.name}: ${j.agency}`,
      text: `${agencyText(j)} The ${placeKind[j.kind]}'s agency sets its seasons, bag and possession limits, size limits, licences and tags.`,
      href: j.url,
      keywords: `${j.name} ${j.code} ${(j.aliases ?? []).join(' ')} regulations rules agency`,
    })),
  ]
}
