import type { LocationPrecision } from '#shared/schemas/measurements.ts'

// What a viewer receives of a measurement's location: nobody else ever receives more precision than the owner
// chose, in any API response. Pure; every route that answers with a location goes through here.

export type StoredLocation = {
  region: string | null
  lat: number | null
  lon: number | null
  precision: LocationPrecision
}

export type ShownLocation = StoredLocation

/**
 * `owner`: as stored. `member`: exact as stored, km rounded to 0.01° with the region, region only, or nothing when
 * hidden. `public` (signed out): at most the region. `precision` says what the viewer received.
 */
export function locationFor(stored: StoredLocation, audience: 'owner' | 'member' | 'public'): ShownLocation {
  if (audience === 'owner') return { ...stored }
  const precision =
    audience === 'public' && (stored.precision === 'exact' || stored.precision === 'km') ? 'region' : stored.precision
  switch (precision) {
    case 'exact':
      return { precision, region: stored.region, lat: stored.lat, lon: stored.lon }
    case 'km':
      return { precision, region: stored.region, lat: roundKm(stored.lat), lon: roundKm(stored.lon) }
    case 'region':
      return { precision, region: stored.region, lat: null, lon: null }
    case 'hidden':
      return { precision, region: null, lat: null, lon: null }
  }
}

/** Two decimals of a degree: about 1.1 km of latitude. */
function roundKm(value: number | null): number | null {
  if (value === null) return null
  const rounded = Math.round(value * 100) / 100
  return Object.is(rounded, -0) ? 0 : rounded
}
