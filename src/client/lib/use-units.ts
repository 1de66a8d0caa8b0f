import { useSettings } from '#client/features/measurements/api.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'

/** The member's units (settings), imperial until the settings have loaded. */
export function useUnits(): UnitSystem {
  // DEFAULT_SETTINGS.units, written out: importing the schemas module would bring zod into the dashboard.
  return useSettings().data?.units ?? 'imperial'
}
