import { DEFAULT_SETTINGS, type UnitSystem } from '#shared/schemas/measurements.ts'
import { useSettings } from '../api.ts'

/** The member's units (settings), imperial until the settings have loaded. */
export function useUnits(): UnitSystem {
  return useSettings().data?.units ?? DEFAULT_SETTINGS.units
}
