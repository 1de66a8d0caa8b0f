// How the assistant's MiniSearch indexes split and normalise text. The same functions run on the passages
// (indexing) and on a member's question (search), so both sides agree on what a term is.

// Record-book shorthands become words before splitting ('B&C' would otherwise split into 'b' and 'c').
const SHORTHANDS: readonly [RegExp, string][] = [
  [/\bb\s*&\s*c\b|\bb\s+and\s+c\b|\bboone\s*(?:&|and)\s*crockett\b/gi, ' boone crockett '],
  [/\bp\s*&\s*y\b|\bp\s+and\s+y\b|\bpope\s*(?:&|and)\s*young\b/gi, ' pope young '],
  // A "booner" is a trophy that makes Boone and Crockett's book.
  [/\bbooners?\b/gi, ' boone crockett booner '],
  [/\bnon[\s-]+typical\b/gi, ' nontypical '],
  // Shorthand members type: 'min', 'pts', 'wr', 'pic'.
  [/\bmins?\b/gi, ' minimum '],
  [/\bpts\b/gi, ' points '],
  [/\bwr\b/gi, ' world record '],
  [/\bpics?\b|\bpix\b/gi, ' photo '],
  [/\ball[\s-]+time\b/gi, ' alltime '],
  // Chart letters: 'G-2', 'G2', 'H 3' → 'g2'; 'F-1' on a caribou chart → 'f1'.
  [/\b([a-h])\s*-\s*(\d)\b|\b([a-h])(\d)\b/gi, ' $1$3$2$4 '],
  [/[\u2018\u2019`´]/g, "'"],
]

/** Words too common to tell passages apart. */
const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can
  could did do does doing done during each either else etc for from further get gets got had has have having he her
  here hers him his how i if in into is it its itself just let lets me more most my myself no nor not now of off on
  once or other our ours out over own please same she should so some such tell than that the their theirs them
  then there these they this those through to too under until up very was we were what whats when where which while
  who whom why will with would you your yours yourself thanks thank hi hello hey ok okay know want like really
  much many one ones thing things hunt hunting go going best info information describe explain over times u ur`.split(
    /\s+/,
  ),
)

/** Plurals the rules below cannot take back: 'snow geese' is 'snow goose'. */
// A Map, not an object: a member's word ('constructor') must never find an Object.prototype member.
const IRREGULAR_PLURALS = new Map([
  ['geese', 'goose'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['oxen', 'ox'],
])

/** Splits text into raw tokens after expanding the record-book shorthands. */
export function tokenize(text: string): string[] {
  let out = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  for (const [pattern, replacement] of SHORTHANDS) out = out.replace(pattern, replacement)
  return out.split(/[^\p{L}\p{N}']+/u).filter(Boolean)
}

/**
 * Lower-cases a token, drops possessives and stop words, and stems lightly (plurals, -ing, -ed, a final -e), so
 * 'scored' finds 'score' and prefix search joins 'measuring' and 'measurement'. Indexing and search share it.
 */
export function processTerm(token: string): string | null {
  const lower = token
    .toLowerCase()
    .replace(/'s$|'$/, '')
    .replace(/'/g, '')
  let term = IRREGULAR_PLURALS.get(lower) ?? lower
  // Numbers are the calculators' (a '10' must not find 'G-2 of 10'); chart letters like 'h2' stay.
  if (term.length === 0 || STOP_WORDS.has(term) || /^\d+$/.test(term)) return null
  if (term.length > 4 && term.endsWith('ies')) term = `${term.slice(0, -3)}y`
  else if (term.length > 4 && /(ch|sh|x|ss)es$/.test(term)) term = term.slice(0, -2)
  else if (term.length > 3 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1)
  // 'scores', 'scored', 'scoring', 'score' → 'scor'; 'measuring' → 'measur'; 'officially' → 'official'.
  if (term.length >= 8 && term.endsWith('ally')) term = term.slice(0, -2)
  else if (term.length >= 6 && /(ing|ed)$/.test(term)) term = term.replace(/(ing|ed)$/, '')
  else if (term.length >= 5 && term.endsWith('e')) term = term.slice(0, -1)
  return term
}

/** The processed terms of a text, in order (what a search will look up). */
export function termsOf(text: string): string[] {
  return tokenize(text)
    .map(processTerm)
    .filter((term): term is string => term !== null)
}

/** Prefix search for terms long enough to mean something; fuzzy (one edit) only for longer words. */
export const prefixFor = (term: string) => term.length >= 4
export const fuzzyFor = (term: string) => (term.length >= 6 ? 1 : false)

/** Everyday words of a question ('kind', 'mean', 'need'), never counted as unknown words hinting at another subject. */
export const COMMON_WORDS = new Set(
  termsOf(
    `mean means meaning kind kinds sort type way ways right wrong need needs needed get gets getting put take taken
     taking use used using make makes made find found tell say said think guess actually exactly usually normally
     good bad better great big bigger small smaller huge little large largest biggest heaviest ever caught catch
     shoot shot killed kill harvest harvested got someone anyone somebody people guy guys buddy friend friends dad
     wife son today tomorrow yesterday year years day days week month time start started work works working
     happen happens happened wonder wondering curious question questions ask asking answer help need want wanna
     gonna gotta should shall may might must can could would cant dont doesnt isnt wont didnt im ive id youre
     theyre thats theres heres yes yeah yep nope sure maybe probably really pretty quite enough also even still
     just around about across along first second third last next new old same different other another each every
     much more most less least lot lots bunch couple few figure figured figuring calculate count counts counted
     look looks looking see seen show shows give gives consider considered called call regarded known`,
  ),
)
