import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// One registry per app (tests build many; prom-client refuses a name twice); process metrics once per process.

declare module 'fastify' {
  interface FastifyInstance {
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

  /** A gauge read at scrape time; `across`: `sum` for what each process holds, `max` for what all read from the DB. */
  gauge<L extends string = never>(
    name: string,
    help: string,
    read: () => number | Promise<number> | Array<{ labels: Record<L, string>; value: number }>,
    labelNames: readonly L[] = [],
    across: 'sum' | 'max' = 'sum',
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      aggregator: across,
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

  /** The whole exposition text: this app's metrics, then the process defaults; in a cluster, every process's. */
  async text(): Promise<string> {
    if (cluster.isWorker) return askPrimary()
    const own = await this.registry.metrics()
    if (!this.#withProcess) return own
    return `${own}\n${await processMetrics().metrics()}`
  }

  /** In a cluster worker: lets the primary read this app's registry when a scrape asks for all processes. */
  shareWithPrimary(): void {
    if (!cluster.isWorker) return
    AggregatorRegistry.setRegistries([this.registry, processMetrics()])
    new AggregatorRegistry() // its constructor makes a worker answer the primary's requests
  }
}

// With WEB_CONCURRENCY a scrape reaches one worker, which asks the primary to gather every worker's registries.
const ASK = 'fieldmark:metrics-ask'
const ANSWER = 'fieldmark:metrics-answer'
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string }

function askPrimary(): Promise<string> {
  const id = randomUUID()
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return
      process.off('message', onMessage)
      if (message.text === undefined) reject(new Error(`metrics of the server processes: ${message.error}`))
      else resolve(message.text)
    }
    process.on('message', onMessage)
    process.send?.({ type: ASK, id })
  })
}

/** In the primary: answers workers asking for the metrics of all processes. */
export function answerMetricsAsks(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    )
  })
}
