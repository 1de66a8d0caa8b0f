import { setTimeout as sleep } from 'node:timers/promises'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, Listen } from '../../db/client.ts'
import { feedDeliveries } from './community.tables.ts'
import { deliveryBatch, FEED_DELIVERY_CHANNEL } from './feed-inbox.ts'

// The worker that makes the deliveries posts queue (queuePostDelivery, feed-inbox.ts; ADR 018). Every server
// process runs one. Each batch is one transaction that claims a job (FOR UPDATE SKIP LOCKED: processes never take
// the same one at once), writes or deletes up to `batch` inbox rows and records its progress or deletes the job, so
// a crash loses nothing and repeats nothing; a job left by a stopped process is claimed again at once.

declare module 'fastify' {
  interface FastifyInstance {
    feedDelivery: FeedDeliverer
  }
}

export type FeedDeliveryOptions = {
  /** Followers written (or rows deleted) per statement and transaction. */
  batch: number
  /** How often to look for jobs without being woken (a missed or absent LISTEN); default 1 s. */
  pollMs: number
  /** How long a job that failed waits before it is tried again. */
  retryMs: number
  /**
   * The pause between the database's wake-up (a queuing commit) and the pass: the request that committed answers
   * first (PGlite runs one statement at a time, and a batch queued before its last reads would hold it up).
   */
  settleMs: number
}

export const DEFAULT_FEED_DELIVERY: FeedDeliveryOptions = { batch: 1_000, pollMs: 1_000, retryMs: 5_000, settleMs: 50 }

type Log = Pick<FastifyBaseLogger, 'error'>
type Outcome = 'worked' | 'none'

/**
 * One batch of the earliest job no other process holds ('none': nothing to claim). A job whose batch fails waits
 * `retryMs` (so one bad job cannot hold up the rest) and the error is thrown.
 */
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
      const { done, last } = await deliveryBatch(tx, job.measurementId, job.afterFollower, options.batch)
      if (done) await tx.delete(feedDeliveries).where(eq(feedDeliveries.id, job.id))
      else {
        await tx
          .update(feedDeliveries)
          .set({ afterFollower: last, turnAt: sql`now()` })
          .where(eq(feedDeliveries.id, job.id))
      }
      return 'worked'
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
 * Makes the queued deliveries this process can claim, batch after batch, until none is left to claim (other
 * processes may still hold some). `stop` is asked between batches. Throws what a batch threw.
 */
export async function deliverPending(
  db: Db,
  options: Pick<FeedDeliveryOptions, 'batch' | 'retryMs'> = DEFAULT_FEED_DELIVERY,
  stop: () => boolean = () => false,
): Promise<number> {
  let batches = 0
  while (!stop() && (await runOneBatch(db, options)) === 'worked') batches += 1
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

/**
 * This process's worker: a pass (deliverPending) runs shortly after a queuing commit in any process (a NOTIFY),
 * at start and every `pollMs`; one pass at a time.
 */
export class FeedDeliverer {
  readonly #db: Db
  readonly #log: Log
  readonly #options: FeedDeliveryOptions
  #running: Promise<void> | undefined
  #again = false
  #timer: NodeJS.Timeout | undefined
  #settling: NodeJS.Timeout | undefined
  #closed = false

  constructor(opts: { db: Db; log: Log; options?: Partial<FeedDeliveryOptions> | undefined }) {
    this.#db = opts.db
    this.#log = opts.log
    this.#options = { ...DEFAULT_FEED_DELIVERY, ...opts.options }
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
        await deliverPending(this.#db, this.#options, () => this.#closed)
      } catch (err) {
        // A failed job waits its retry; the others (and a database that was away) on the next poll.
        this.#log.error({ err }, '[feed] delivery batch failed')
        return
      }
    } while (this.#again && !this.#closed)
  }
}

/** Jobs queued and not finished (counted when scraped: the table holds only those). */
async function queuedCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedDeliveries)
  return row?.n ?? 0
}

/**
 * This app's worker (`app.feedDelivery`): woken by the database on every queuing commit when `listen` is given,
 * started when the app is ready (jobs a stopped process left), closed with the app after its batch in progress.
 */
export function startFeedDelivery(
  app: FastifyInstance,
  opts: { db: Db; listen?: Listen | undefined; options?: Partial<FeedDeliveryOptions> | undefined },
): FeedDeliverer {
  const worker = new FeedDeliverer({ db: opts.db, log: app.log, options: opts.options })
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
