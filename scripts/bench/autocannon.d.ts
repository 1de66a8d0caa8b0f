// The parts of autocannon the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; total: number }
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number }
  type RawRequest = { method?: string; path?: string; body?: string; headers?: Record<string, string> }
  type Request = RawRequest & {
    setupRequest?: (req: RawRequest) => RawRequest
    onResponse?: (status: number, body: string) => void
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    /** requests in all, instead of a duration */
    amount?: number
    /** requests a second from all connections together */
    overallRate?: number
    method?: string
    body?: string
    headers?: Record<string, string>
    requests?: Request[]
  }
  export default function autocannon(options: Options): Promise<Result>
  export type { Result }
}
