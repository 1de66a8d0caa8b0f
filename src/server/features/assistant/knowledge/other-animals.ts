// Animals and fish members ask about that the Species Guide does not cover. Knowing their names lets the
// assistant see that a question is about one of them ("where do bonefish live", "is a 150 axis deer good") and
// say it does not know, instead of answering with the facts of a guide species that shares a word ('deer').
import { processTerm, tokenize } from './text.ts'

export type AnimalGroup = 'fish' | 'game' | 'bird' | 'other'

const NAMES: Record<AnimalGroup, string> = {
  fish: `bonefish; sailfish; marlin; blue marlin; white marlin; black marlin; swordfish; wahoo; mahi mahi; mahi;
    dolphinfish; dorado; yellowfin tuna; bigeye tuna; blackfin tuna; albacore; skipjack; king mackerel; kingfish;
    Spanish mackerel; mackerel; cobia; amberjack; grouper; goliath grouper; red snapper; snapper; black drum;
    sheepshead; flounder; fluke; halibut; pompano; jack crevalle; bluefish; barracuda; tautog; black sea bass;
    sea bass; shark; mako; tiger shark; bull shark; hammerhead; cod; haddock; pollock; lingcod; salmon; chinook;
    king salmon; coho; sockeye; chum salmon; pink salmon; Atlantic salmon; brown trout; brook trout; lake trout;
    cutthroat trout; cutthroat; bull trout; golden trout; tiger trout; Arctic char; char; grayling; whitefish;
    crappie; crappies; yellow perch; perch; white bass; spotted bass; peacock bass; rock bass; sauger; saugeye;
    chain pickerel; gar; alligator gar; bowfin; carp; grass carp; blue catfish; flathead catfish;
    flathead; bullhead; sturgeon; paddlefish; freshwater drum; shad; herring; sucker; wiper; tilapia; snakehead;
    eel; redear sunfish; shellcracker; pumpkinseed; warmouth; trevally; giant trevally; roosterfish; triggerfish;
    sardine; anchovy; tiger fish; arapaima; mullet; ladyfish; tripletail; hogfish; snowy grouper; opah`,
  game: `bison; buffalo; Cape buffalo; water buffalo; muskox; musk ox; bobcat; lynx; wolf; gray wolf; coyote; fox;
    red fox; gray fox; Arctic fox; javelina; peccary; wild hog; wild boar; feral hog; hog; boar; pig; axis deer;
    sika deer; fallow deer; red deer; sambar; roe deer; blackbuck; nilgai; aoudad; Barbary sheep; ibex; chamois;
    tahr; markhor; mouflon; kudu; impala; springbok; gemsbok; oryx; eland; wildebeest; zebra; giraffe; elephant;
    African lion; leopard; hippo; rhino; polar bear; jaguar; raccoon; coon; opossum; possum; badger; beaver;
    otter; mink; muskrat; marten; wolverine; porcupine; armadillo; groundhog; woodchuck; prairie dog; skunk;
    snowshoe hare; hare; jackrabbit; fox squirrel; red squirrel; alligator; gator; crocodile; kangaroo; camel`,
  bird: `dove; doves; mourning dove; pigeon; woodcock; snipe; sandhill crane; crane; snow goose; blue goose; Ross's
    goose; specklebelly; white-fronted goose; brant; wood duck; teal; blue-winged teal; green-winged teal; pintail;
    gadwall; wigeon; widgeon; canvasback; redhead duck; scaup; bluebill; bufflehead; goldeneye; merganser; eider;
    scoter; black duck; coot; sage grouse; sharp-tailed grouse; sharptail; prairie chicken; spruce grouse; blue
    grouse; dusky grouse; ptarmigan; chukar; Hungarian partridge; Gambel's quail; California quail; scaled quail;
    Mearns quail; crow; swan; tundra swan; emu; ostrich; chicken; eagle; hawk; owl`,
  other: `dog; puppy; horse; cow; snake; rattlesnake; frog; turtle; snapping turtle; lobster; crab; shrimp; oyster;
    clam; squid; octopus; whale; dolphin; seal; walrus; sea lion; penguin; dinosaur`,
}

export type OtherAnimal = { name: string; group: AnimalGroup; terms: string[] }

const termsOfName = (name: string) =>
  tokenize(name)
    .map(processTerm)
    .filter((term): term is string => term !== null)

/** Every name, longest first, so 'axis deer' is found before any one-word name. */
export const OTHER_ANIMALS: readonly OtherAnimal[] = (Object.keys(NAMES) as AnimalGroup[])
  .flatMap((group) =>
    NAMES[group]
      .split(';')
      .map((name) => name.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
      .map((name) => ({ name, group, terms: termsOfName(name) })),
  )
  .sort((a, b) => b.terms.length - a.terms.length)

export type OtherAnimalMatch = { animal: OtherAnimal /** The message without the words naming it. */; rest: string }

/** The animal outside the guide a message names, with the rest of the message; undefined when it names none. */
export function findOtherAnimal(message: string): OtherAnimalMatch | undefined {
  const tokens = tokenize(message)
  const terms = tokens.map(processTerm)
  for (const animal of OTHER_ANIMALS) {
    const n = animal.terms.length
    for (let i = 0; i + n <= terms.length; i++) {
      if (animal.terms.every((term, k) => terms[i + k] === term)) {
        const rest = [...tokens.slice(0, i), ...tokens.slice(i + n)].join(' ')
        return { animal, rest }
      }
    }
  }
  return undefined
}
