import { useQuery } from '@tanstack/react-query'
import { apiPaths } from '#client/app/paths.ts'
import { MEASUREMENTS_KEY } from '#client/features/measurements/index.ts'
import { throwIfNotOk } from '#client/lib/api.ts'
import type { MeasurementPage } from '#shared/schemas/measurements.ts'

/** The dashboard shows the 3 most recent measurements. */
export const DASHBOARD_RECENT = 3

/**
 * The member's most recent catches by date taken, the date their cards show (docs/glossary.md, Figures). Under the
 * collection's key, so whatever refreshes the collection refreshes these too.
 */
export function useRecentByDateTaken() {
  return useQuery<MeasurementPage>({
    queryKey: [...MEASUREMENTS_KEY, 'taken', DASHBOARD_RECENT],
    queryFn: async ({ signal }) => {
      const res = await fetch(apiPaths.measurementsPage(null, DASHBOARD_RECENT, 'taken'), {
        credentials: 'include',
        signal,
      })
      await throwIfNotOk(res)
      return (await res.json()) as MeasurementPage
    },
  })
}
