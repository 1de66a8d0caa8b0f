import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LOCATION_PRECISIONS } from '#shared/schemas/measurements.ts'
import { locationFor, type StoredLocation } from './measurements.location.ts'

// Pure, but kept beside the routes: it runs in the api projects (src/server/**/*.test.ts).

const at = (precision: StoredLocation['precision']): StoredLocation => ({
  precision,
  region: 'Sheridan County, Montana',
  lat: 44.823456,
  lon: -106.951234,
})

describe('locationFor', () => {
  it.each([
    ['exact', 'owner', { precision: 'exact', region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }],
    ['exact', 'member', { precision: 'exact', region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }],
    ['exact', 'public', { precision: 'region', region: 'Sheridan County, Montana', lat: null, lon: null }],
    ['km', 'owner', { precision: 'km', region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }],
    ['km', 'member', { precision: 'km', region: 'Sheridan County, Montana', lat: 44.82, lon: -106.95 }],
    ['km', 'public', { precision: 'region', region: 'Sheridan County, Montana', lat: null, lon: null }],
    ['region', 'owner', { precision: 'region', region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }],
    ['region', 'member', { precision: 'region', region: 'Sheridan County, Montana', lat: null, lon: null }],
    ['region', 'public', { precision: 'region', region: 'Sheridan County, Montana', lat: null, lon: null }],
    ['hidden', 'owner', { precision: 'hidden', region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }],
    ['hidden', 'member', { precision: 'hidden', region: null, lat: null, lon: null }],
    ['hidden', 'public', { precision: 'hidden', region: null, lat: null, lon: null }],
  ] as const)('%s seen by %s', (precision, audience, expected) => {
    expect(locationFor(at(precision), audience)).toEqual(expected)
  })

  it('keeps missing coordinates missing', () => {
    expect(locationFor({ precision: 'km', region: null, lat: null, lon: null }, 'member')).toEqual({
      precision: 'km',
      region: null,
      lat: null,
      lon: null,
    })
  })

  it('never gives anyone but the owner more than two decimals, nor the public any coordinates', () => {
    const coordinate = (max: number) => fc.double({ min: -max, max, noNaN: true })
    fc.assert(
      fc.property(fc.constantFrom(...LOCATION_PRECISIONS), coordinate(90), coordinate(180), (precision, lat, lon) => {
        const stored = { precision, region: 'r', lat, lon }
        const member = locationFor(stored, 'member')
        if (precision !== 'exact') {
          for (const value of [member.lat, member.lon]) {
            if (value !== null) expect(Math.abs(value * 100 - Math.round(value * 100))).toBeLessThan(1e-6)
          }
        }
        if (precision === 'km') {
          expect(Math.abs((member.lat ?? 0) - lat)).toBeLessThanOrEqual(0.005 + 1e-9)
        }
        const shared = locationFor(stored, 'public')
        expect([shared.lat, shared.lon]).toEqual([null, null])
        if (precision === 'hidden') expect(shared.region).toBeNull()
      }),
    )
  })
})
