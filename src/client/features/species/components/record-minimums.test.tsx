import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { getSpecies } from '#shared/species/catalogue.ts'
import { RecordMinimums } from './record-minimums.tsx'

// The detail page's minimums table: every book categories.ts knows for each category, SCI among them.

function html(id: string): string {
  const species = getSpecies(id)
  if (!species) throw new Error(`no species ${id}`)
  return renderToStaticMarkup(<RecordMinimums species={species} />)
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
}

const sourceLines = (id: string) =>
  [...html(id).matchAll(/<li><span[^>]*>(.*?):<\/span> (.*?)<\/li>/g)].map((m) => `${m[1]}: ${m[2]}`)

function rows(id: string): string[] {
  const markup = html(id)
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  return [...markup.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((match) => text(match[1] ?? ''))
}

describe('RecordMinimums', () => {
  it('lists the SCI minimum of mule deer typical, labelled SCI, after B&C and P&Y', () => {
    expect(rows('mule-deer').slice(1, 5)).toEqual([
      'Mule deer, typical B&C Awards 180',
      'B&C All-time 190',
      'P&Y 145',
      'SCI 155',
    ])
  })

  it('has no SCI row where no SCI minimum is known', () => {
    expect(rows('whitetail-deer').some((row) => row.startsWith('SCI'))).toBe(false)
  })

  it('lists each program and publication once, with the books it covers', () => {
    expect(sourceLines('whitetail-deer')).toEqual([
      'B&C Awards, B&C All-time: Boone and Crockett Club — Records of North American Big Game, minimum entry scores (Awards / All-time)',
      'P&Y: Pope and Young Club — Bowhunting Big Game Records of North America, minimum entry scores',
    ])
    expect(html('whitetail-deer')).not.toMatch(/Unverified/)
  })

  it('marks a value the program does not confirm and says so in plain words', () => {
    const markup = html('caribou')
    expect(sourceLines('caribou')).toEqual([
      "B&C Awards, B&C All-time: Boone and Crockett Club — minimum not confirmed by the club's published list; check the current record book",
    ])
    expect(markup.match(/>Unverified</g)).toHaveLength(10)
    expect(markup).toContain("Unverified means the program's own published list does not confirm the value")
  })

  it("gives a fish's trophy weight and who sets it", () => {
    expect(html('muskellunge')).toContain(
      'Trophy weight used here: 30 lb. Set by Fieldmark; no record book sets a minimum weight for muskie.',
    )
    expect(html('largemouth-bass')).toContain("Trophy weight used here: 10 lb. Florida's TrophyCatch Trophy Club")
  })
})
