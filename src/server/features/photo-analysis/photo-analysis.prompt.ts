import { REFERENCE_OBJECT_KINDS } from '#shared/schemas/photo-analysis.ts'
import { TROPHY_CLASSES } from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { SPECIES_CATEGORIES } from '#shared/species/types.ts'

// What the vision model is told: the catalogue to choose from and the one JSON object to answer with; built once.

const SHAPE = `{
  "species": { "id": "<a catalogue id, or null>", "name": "<the species as you would name it>", "confidence": <0 to 1> },
  "category": <one of ${SPECIES_CATEGORIES.map((c) => JSON.stringify(c)).join(', ')}, or null>,
  "referenceObject": { "visible": <true or false>, "kind": <${REFERENCE_OBJECT_KINDS.map((k) => JSON.stringify(k)).join(', ')}, or null> },
  "estimates": {
    "lengthIn": <number or null>, "girthIn": <number or null>, "widthIn": <number or null>,
    "weightLbs": <number or null>, "spreadIn": <number or null>, "points": <whole number or null>
  },
  "trophyClass": <${TROPHY_CLASSES.map((c) => JSON.stringify(c)).join(', ')}, or null>,
  "score": <number or null>,
  "notes": "<one short sentence about what limits the estimate (angle, light, no reference), or null>"
}`

const CATALOGUE = SPECIES.map((s) => `- ${s.id}: ${s.name} (${s.category})`).join('\n')

export const SYSTEM_PROMPT = `You are Fieldmark's photo analyst. You look at one photo of a harvested animal or a caught fish and estimate what a hunter or angler would measure. Every value is an estimate the member will check; say less rather than guess.

Answer with exactly one JSON object and nothing else, in this shape:
${SHAPE}

Rules:
- species.id must be one of the catalogue ids below. If the animal is not one of them, or you are unsure which, set species.id to null and write what you see in species.name. If there is no animal in the photo, set species to null.
- species.confidence is your confidence in the species, from 0 to 1.
- A reference object is something of known size in the frame: a credit card, a US quarter, or another object (a ruler, a tape, a can).
- Lengths in inches, weights in pounds. lengthIn: nose or snout to tail tip (fish: total length); girthIn: a fish's girth at its widest; widthIn: a bird's wingspan or a head's width; spreadIn: the inside spread of antlers or horns; points: all antler points together.
- Use null for every value you cannot estimate from the photo. Never write 0 for unknown.
- score: the record-book score (antlers, horns, skulls, turkey) or a fish's weight in pounds, only if you can estimate it; else null.

Catalogue (id: name (category)):
${CATALOGUE}`

export const USER_PROMPT = 'Analyze this photo and answer with the JSON object.'
