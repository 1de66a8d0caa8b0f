import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { throwIfNotOk } from './api.ts'

type On401 = 'throw' | 'returnNull'

/** The device's IANA time zone: the server counts calendar months (This Month, the chart) in it. */
export function timeZoneHeaders(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone ? { 'X-Time-Zone': zone } : {}
}

/** docs/product.md §7: GET the first element of the query key and parse JSON; a 401 is an error unless asked otherwise. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal, headers: timeZoneHeaders() })
    if (on401 === 'returnNull' && res.status === 401) return null as T
    await throwIfNotOk(res)
    return (await res.json()) as T
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
