import { describe, expect, it } from 'vitest'
import { getSpecies, minimumsFor } from '#shared/species/catalogue.ts'
import { minimumSources } from './minimum-sources.ts'

const BC_BOOK = 'Boone and Crockett Club — Records of North American Big Game, minimum entry scores (Awards / All-time)'
const PY_BOOK = 'Pope and Young Club — Bowhunting Big Game Records of North America, minimum entry scores'
const BC_NOT_CONFIRMED =
  "Boone and Crockett Club — minimum not confirmed by the club's published list; check the current record book"
const PY_NOT_CONFIRMED =
  "Pope and Young Club — minimum not confirmed by the club's published list; check the current record book"

function sourcesOf(id: string) {
  const species = getSpecies(id)
  if (!species) throw new Error(`no species ${id}`)
  return minimumSources(minimumsFor(species))
}

describe('minimumSources', () => {
  it.each([
    [
      'one source per book',
      'whitetail-deer',
      [
        { covers: 'B&C Awards, B&C All-time', source: BC_BOOK },
        { covers: 'P&Y', source: PY_BOOK },
      ],
    ],
    [
      'a book split between sources names its categories',
      'moose',
      [
        {
          covers: 'B&C Awards, B&C All-time',
          source: 'Boone and Crockett Club — official moose score chart (minimums printed on the chart)',
        },
        { covers: 'P&Y (Canada moose; Shiras moose)', source: PY_BOOK },
        { covers: 'P&Y (Alaska-Yukon moose)', source: PY_NOT_CONFIRMED },
      ],
    ],
    [
      'an unconfirmed book and a confirmed one',
      'dall-sheep',
      [
        { covers: "B&C Awards, B&C All-time (Dall's sheep)", source: BC_BOOK },
        { covers: 'P&Y', source: PY_NOT_CONFIRMED },
        { covers: "B&C Awards, B&C All-time (Stone's sheep)", source: BC_NOT_CONFIRMED },
      ],
    ],
    [
      'the turkey award',
      'wild-turkey',
      [
        {
          covers: 'Kansas Trophy Turkey Award',
          source: expect.stringMatching(/^Kansas Department of Wildlife and Parks — Trophy Turkey Award minimum/),
        },
      ],
    ],
    ['nothing for a species without a chart', 'largemouth-bass', []],
  ])('%s (%s)', (_, id, expected) => {
    expect(sourcesOf(id)).toEqual(expected)
  })

  it('traces every minimum of every species to exactly one listed source that covers its book', () => {
    for (const id of ['whitetail-deer', 'mule-deer', 'moose', 'caribou', 'bighorn-sheep', 'dall-sheep', 'cougar']) {
      const rows = minimumsFor(getSpecies(id) ?? { scoringCategories: [] })
      const listed = minimumSources(rows)
      for (const row of rows) {
        for (const m of row.minimums) {
          const matches = listed.filter((s) => s.source === m.source)
          expect(matches, `${id} ${row.label} ${m.label}`).toHaveLength(1)
          expect(matches[0]?.covers).toContain(m.label)
        }
      }
    }
  })
})
