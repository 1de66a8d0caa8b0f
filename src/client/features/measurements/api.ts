import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#client/app/paths.ts'
import { apiJson, throwIfNotOk } from '#client/lib/api.ts'
import type {
  Measurement,
  MeasurementPage,
  MeasurementStats,
  Settings,
  UpdateMeasurement,
} from '#shared/schemas/measurements.ts'

// The member's own measurements. Creating one goes through the outbox (offline/outbox.ts), which keeps a
// draft and its photos in IndexedDB until the server has it; everything else is a plain request.

export const MEASUREMENTS_KEY = [apiPaths.measurements] as const
export const STATS_KEY = [apiPaths.measurementStats] as const
export const SETTINGS_KEY = [apiPaths.settings] as const
export const measurementKey = (id: string) => [apiPaths.measurement(id)] as const

/** The collection, newest catch first (the date each card shows), 20 per page (infinite scroll). */
export function useMeasurementPages(limit?: number) {
  return useInfiniteQuery<MeasurementPage, Error, InfiniteData<MeasurementPage>, readonly unknown[], string | null>({
    queryKey: [...MEASUREMENTS_KEY, 'collection', limit ?? 'default'],
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) =>
      fetchJson<MeasurementPage>(apiPaths.measurementsPage(pageParam, limit, 'taken'), signal),
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useMeasurement(id: string) {
  return useQuery<Measurement>({ queryKey: measurementKey(id) })
}

export function useMeasurementStats() {
  return useQuery<MeasurementStats>({ queryKey: STATS_KEY })
}

export function useSettings() {
  return useQuery<Settings>({ queryKey: SETTINGS_KEY })
}

/** After any change to the collection: lists, statistics and the one measurement are read again. */
export function useRefreshMeasurements() {
  const queryClient = useQueryClient()
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ...(id ? [queryClient.invalidateQueries({ queryKey: measurementKey(id) })] : []),
    ])
}

export function useUpdateMeasurement() {
  const refresh = useRefreshMeasurements()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateMeasurement }) =>
      apiJson<Measurement>('PATCH', apiPaths.measurement(id), input),
    onSuccess: (measurement) => {
      queryClient.setQueryData(measurementKey(measurement.id), measurement)
      return refresh()
    },
  })
}

export function useDeleteMeasurement() {
  const refresh = useRefreshMeasurements()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', apiPaths.measurement(id)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: measurementKey(id) })
      return refresh()
    },
  })
}

export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: Settings) => apiJson<Settings>('PUT', apiPaths.settings, settings),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  })
}

async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal })
  await throwIfNotOk(res)
  return (await res.json()) as T
}
