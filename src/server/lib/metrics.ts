import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// Metrics for GET /metrics (Prometheus text format). Each app has a registry of its own — tests build many apps in
// one process and prom-client refuses a name registered twice — while the process metrics (memory, CPU, event loop)
// are collected once per process and appended. A feature registers its metrics on `app.metrics` (see the helpers).

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry; features add their gauges and counters here. */
    metrics: Metrics
  }
}

let processRegistry: Registry | undefined

/** The process-wide default metrics, made on first use (their event-loop monitor runs from then on). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

export class Metrics {
  readonly registry = new Registry()
  readonly #withProcess: boolean

  /** `process` false leaves out the process defaults (memory, CPU, event loop). */
  constructor(options: { process?: boolean } = {}) {
    this.#withProcess = options.process ?? true
  }

  /**
   * A gauge read when scraped: `read` returns the value, or one value per label set. Costs nothing between scrapes.
   */
  gauge<L extends string = never>(
    name: string,
    help: string,
    read: () => number | Promise<number> | Array<{ labels: Record<L, string>; value: number }>,
    labelNames: readonly L[] = [],
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const value = await read()
        if (typeof value === 'number') {
          this.set(value)
          return
        }
        this.reset()
        for (const entry of value) this.set(entry.labels as never, entry.value)
      },
    })
  }

  /** A counter the caller increments (`.inc()`, `.inc({ label: 'x' })`). */
  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] })
  }

  /** A histogram in seconds (`.observe(labels, seconds)`); `buckets` in seconds too. */
  histogram<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets?: number[],
  ): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, registers: [this.registry], ...(buckets ? { buckets } : {}) })
  }

  get contentType(): string {
    return this.registry.contentType
  }

  /** The whole exposition text: this app's metrics, then the process defaults. */
  async text(): Promise<string> {
    const own = await this.registry.metrics()
    if (!this.#withProcess) return own
    return `${own}\n${await processMetrics().metrics()}`
  }
}
