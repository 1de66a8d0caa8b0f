import { describe, expect, it } from 'vitest'
import type { MeasurementSummary } from '#shared/schemas/measurements.ts'
import {
  facebookShareUrl,
  instagramCaption,
  isOpenToOthers,
  type Shareable,
  shareMessage,
  shareText,
  shareUrl,
  twitterShareUrl,
} from './share.ts'

const EMPTY: MeasurementSummary = {
  lengthIn: null,
  widthIn: null,
  weightLbs: null,
  weightEstimated: false,
  spreadIn: null,
  points: null,
  massIn: null,
}

const ID = '0b6f2f4e-8c1a-4d7e-9a51-3c2b1d0e9f87'

function item(overrides: Partial<Shareable> = {}): Shareable {
  return {
    id: ID,
    species: 'Largemouth Bass',
    summary: { ...EMPTY, lengthIn: 22, weightLbs: 6.05, weightEstimated: true },
    score: 6.05,
    caption: null,
    visibility: 'public',
    sheet: { system: 'fish', category: 'length-girth-800' },
    ...overrides,
  }
}

describe('shareUrl', () => {
  it('is the public share page on this origin', () => {
    expect(shareUrl('https://fieldmark.example', ID)).toBe(`https://fieldmark.example/share/${ID}`)
    expect(shareUrl('https://fieldmark.example/', ID)).toBe(`https://fieldmark.example/share/${ID}`)
  })
})

describe('shareText', () => {
  it("begins 'Check out my {species} - {length}', adds the weight and the link", () => {
    expect(shareText(item(), 'imperial', 'https://fieldmark.example')).toBe(
      `Check out my Largemouth Bass - 22 in, 6.05 lb (est.) https://fieldmark.example/share/${ID}`,
    )
  })

  it('leaves out (est.) for a scale weight, and does not repeat a fish score that is the weight', () => {
    const weighed = item({ summary: { ...EMPTY, lengthIn: 22.5, weightLbs: 6.2, weightEstimated: false } })
    expect(shareMessage(weighed, 'imperial')).toBe('Check out my Largemouth Bass - 22 4/8 in, 6.20 lb')
  })

  it('writes metric sizes for a metric member', () => {
    expect(shareMessage(item(), 'metric')).toBe('Check out my Largemouth Bass - 55.9 cm, 2.74 kg (est.)')
  })

  it('adds the score of an antlered animal with its record book', () => {
    const buck = item({
      species: 'Whitetail Deer',
      summary: { ...EMPTY, spreadIn: 18.5, points: 10, massIn: 38 },
      score: 168.625,
      sheet: { system: 'bc', category: 'whitetail-typical' },
    })
    expect(shareText(buck, 'imperial', 'https://f.example')).toBe(
      `Check out my Whitetail Deer - score 168 5/8 B&C https://f.example/share/${ID}`,
    )
  })

  it('writes a fish weight with two decimals, never three', () => {
    const bass = item({
      summary: { ...EMPTY, lengthIn: 12.625, weightLbs: 1.278, weightEstimated: true },
      score: 1.278,
    })
    expect(shareMessage(bass, 'imperial')).toBe('Check out my Largemouth Bass - 12 5/8 in, 1.28 lb (est.)')
  })

  it('says only the species when there is no value at all', () => {
    expect(shareMessage(item({ summary: EMPTY, score: null, sheet: null }), 'imperial')).toBe(
      'Check out my Largemouth Bass',
    )
  })
})

describe('network URLs', () => {
  it('builds the Facebook sharer URL with the encoded link', () => {
    expect(facebookShareUrl(`https://f.example/share/${ID}`)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ff.example%2Fshare%2F${ID}`,
    )
  })

  it('builds the Twitter intent URL with text and link encoded separately', () => {
    const url = new URL(twitterShareUrl('Check out my Bass - 22 in & more', `https://f.example/share/${ID}`))
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet')
    expect(url.searchParams.get('text')).toBe('Check out my Bass - 22 in & more')
    expect(url.searchParams.get('url')).toBe(`https://f.example/share/${ID}`)
  })
})

describe('instagramCaption', () => {
  it('carries the message, the caption and a species hashtag', () => {
    expect(instagramCaption(item({ caption: 'Dawn on the lake' }), 'imperial')).toBe(
      'Check out my Largemouth Bass - 22 in, 6.05 lb (est.)\n\nDawn on the lake\n\nMeasured with Fieldmark #largemouthbass #fieldmark',
    )
  })
})

describe('isOpenToOthers', () => {
  it('is true only for public measurements', () => {
    expect(isOpenToOthers({ visibility: 'public' })).toBe(true)
    expect(isOpenToOthers({ visibility: 'followers' })).toBe(false)
    expect(isOpenToOthers({ visibility: 'private' })).toBe(false)
  })
})
