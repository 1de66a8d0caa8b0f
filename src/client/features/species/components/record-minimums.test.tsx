import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { getSpecies } from '#shared/species/catalogue.ts'
import { RecordMinimums } from './record-minimums.tsx'

// The detail page's minimums table: every book categories.ts knows for each category, SCI among them.

function rows(id: string): string[] {
  const species = getSpecies(id)
  if (!species) throw new Error(`no species ${id}`)
  const html = renderToStaticMarkup(<RecordMinimums species={species} />)
  const text = (cell: string) =>
    cell
      .replace(/<span[^>]*>Source:.*?<\/span>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  return [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((match) => text(match[1] ?? ''))
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
})
