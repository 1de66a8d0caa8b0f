import { setTimeout as sleep } from 'node:timers/promises'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, Listen } from '#server/db/client.ts'
import { feedDeliveries } from './community.tables.ts'
import { deliveryBatch, FEED_DELIVERY_CHANNEL } from './feed-inbox.service.ts'

// Each process's worker for the deliveries posts queue (ADR 018): one transaction per batch, claimed FOR UPDATE
// SKIP LOCKED, recording its progress with it, so a crash loses and repeats nothing.

declare module 'fastify' {
  interface FastifyInstance {
    feedDelivery: FeedDeliverer
  }
}

export type FeedDeliveryOptions = {
  /** followers written (or rows deleted) per transaction */
  batch: number
  /** how often to look for jobs without being woken (a missed or absent LISTEN) */
  pollMs: number
  retryMs: number
  /** from a wake-up to the pass, so the request that queued answers first (on PGlite it would wait: ADR 018) */
  settleMs: number
}

export const DEFAULT_FEED_DELIVERY: FeedDeliveryOptions = { batch: 1_000, pollMs: 1_000, retryMs: 5_000, settleMs: 50 }

type Log = Pick<FastifyBaseLogger, 'error'>
/** The post whose rows a batch wrote (undefined: none), or 'none' when no job was left to claim. */
type Outcome = { delivered: string | undefined } | 'none'

/** One batch of the earliest unclaimed job; a failing job waits `retryMs` so it cannot hold up the rest. */
async function runOneBatch(db: Db, options: Pick<FeedDeliveryOptions, 'batch' | 'retryMs'>): Promise<Outcome> {
  let claimed: string | undefined
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(feedDeliveries)
        .orderBy(asc(feedDeliveries.turnAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!job) return 'none'
      claimed = job.id
      const { done, last, wrote } = await deliveryBatch(tx, job.measurementId, job.afterFollower, options.batch)
      if (done) await tx.delete(feedDeliveries).where(eq(feedDeliveries.id, job.id))
      else {
        await tx
          .update(feedDeliveries)
          .set({ afterFollower: last, turnAt: sql`now()` })
          .where(eq(feedDeliveries.id, job.id))
      }
      return { delivered: wrote ? job.measurementId : undefined }
    })
  } catch (err) {
    if (claimed) {
      await db
        .update(feedDeliveries)
        .set({ turnAt: sql`now() + ${options.retryMs} * interval '1 millisecond'` })
        .where(eq(feedDeliveries.id, claimed))
        .catch(() => {}) // the database is away: the job stays first
    }
    throw err
  }
}

/**
 * Runs batches until none is left to claim (others may still hold some); `stop` is asked between batches,
 * `onDelivered` told of each batch's post once it committed.
 */
export async function deliverPending(
  db: Db,
  options: Pick<FeedDeliveryOptions, 'batch' | 'retryMs'> = DEFAULT_FEED_DELIVERY,
  stop: () => boolean = () => false,
  onDelivered: (measurementId: string) => void = () => {},
): Promise<number> {
  let batches = 0
  while (!stop()) {
    const outcome = await runOneBatch(db, options)
    if (outcome === 'none') break
    if (outcome.delivered) onDelivered(outcome.delivered)
    batches += 1
  }
  return batches
}

/** Resolves once the queue is empty: every delivery queued so far is made (here or by another process). */
export async function drainFeedDeliveries(db: Db): Promise<void> {
  for (;;) {
    await deliverPending(db)
    const [left] = await db.select({ id: feedDeliveries.id }).from(feedDeliveries).limit(1)
    if (!left) return
    await sleep(10) // held by another process's batch
  }
}

/** This process's worker: a pass shortly after any process queues (NOTIFY), at start and every `pollMs`. */
export class FeedDeliverer {
  readonly #db: Db
  readonly #log: Log
  readonly #options: FeedDeliveryOptions
  #running: Promise<void> | undefined
  #again = false
  #timer: NodeJS.Timeout | undefined
  #settling: NodeJS.Timeout | undefined
  #closed = false

  readonly #onDelivered: (measurementId: string) => void

  constructor(opts: {
    db: Db
    log: Log
    options?: Partial<FeedDeliveryOptions> | undefined
    /** after each batch commits: this process's caches learn now, not when the database's event arrives */
    onDelivered?: (measurementId: string) => void
  }) {
    this.#db = opts.db
    this.#log = opts.log
    this.#options = { ...DEFAULT_FEED_DELIVERY, ...opts.options }
    this.#onDelivered = opts.onDelivered ?? (() => {})
  }

  /** Starts a pass now, or right after the running one. */
  wake(): void {
    if (this.#closed) return
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#loop().finally(() => {
      this.#running = undefined
      this.#schedule()
    })
  }

  /** A job was queued (the database's wake-up): a pass `settleMs` from now. */
  soon(): void {
    if (this.#closed || this.#settling) return
    this.#settling = setTimeout(() => {
      this.#settling = undefined
      this.wake()
    }, this.#options.settleMs)
    this.#settling.unref()
  }

  /** Stops waking and waits for the batch in progress; what is left stays queued for the next start. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#timer)
    clearTimeout(this.#settling)
    while (this.#running) await this.#running
  }

  #schedule() {
    clearTimeout(this.#timer)
    if (this.#closed) return
    this.#timer = setTimeout(() => this.wake(), this.#options.pollMs)
    this.#timer.unref()
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false
      try {
        await deliverPending(this.#db, this.#options, () => this.#closed, this.#onDelivered)
      } catch (err) {
        // A failed job waits its retry; the others (and a database that was away) on the next poll.
        this.#log.error({ err }, '[feed] delivery batch failed')
        return
      }
    } while (this.#again && !this.#closed)
  }
}

/** Jobs queued and not finished: the table holds only those. */
async function queuedCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedDeliveries)
  return row?.n ?? 0
}

/** This app's worker (`app.feedDelivery`): started when ready, woken by `listen`, closed after its batch. */
export function startFeedDelivery(
  app: FastifyInstance,
  opts: { db: Db; listen?: Listen | undefined; options?: Partial<FeedDeliveryOptions> | undefined },
): FeedDeliverer {
  const worker = new FeedDeliverer({
    db: opts.db,
    log: app.log,
    options: opts.options,
    onDelivered: (measurementId) => app.events.inboxChanged([measurementId]),
  })
  app.decorate('feedDelivery', worker)
  app.metrics.gauge(
    'fieldmark_feed_deliveries_queued',
    "Posts waiting to be delivered to (or withdrawn from) followers' inboxes",
    () => queuedCount(opts.db),
    [],
    'max',
  )
  let unlisten: (() => Promise<void>) | undefined
  app.addHook('onReady', async () => {
    if (opts.listen) {
      unlisten = await opts.listen(
        FEED_DELIVERY_CHANNEL,
        () => worker.soon(),
        () => worker.wake(),
      )
    }
    worker.wake()
  })
  app.addHook('onClose', async () => {
    await unlisten?.()
    await worker.close()
  })
  return worker
}
