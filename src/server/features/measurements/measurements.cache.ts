import type { Db } from '#server/db/client.ts'
import { canView } from '#server/domain/visibility.ts'
import { VersionedCache } from '#server/lib/versioned-cache.ts'
import { nextMonthTurn } from '#shared/measurements/calendar-months.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { ListOrder } from '#shared/schemas/measurements.ts'
import {
  collectionVersion,
  listMeasurements,
  measurementStats,
  measurementVersion,
  readVersionedMeasurement,
} from './measurements.reads.ts'
import { notFound } from './measurements.service.ts'

/**
 * The member's hot reads as serialized bodies, served while their version is unchanged (ADR 022). Statistics also
 * depend on the clock: kept per member and time zone until a month may turn in some zone.
 */
export class MeasurementReads {
  readonly #db: Db
  readonly #pages = new VersionedCache({ maxEntries: 20_000 })
  readonly #details = new VersionedCache({ maxEntries: 20_000 })
  readonly #stats = new VersionedCache({ maxEntries: 10_000, expiresAt: nextMonthTurn })

  constructor(db: Db) {
    this.#db = db
  }

  /** GET /api/measurements */
  async page(user: AuthUser, query: { cursor?: string | undefined; limit: number; order: ListOrder }): Promise<string> {
    const key = `${user.id}|${query.order}|${query.cursor ?? ''}|${query.limit}`
    const { body } = await this.#pages.read(
      key,
      () => collectionVersion(this.#db, user.id),
      () => listMeasurements(this.#db, user, query),
    )
    return body
  }

  /** GET /api/measurements/stats */
  async stats(user: AuthUser, timeZone: string): Promise<string> {
    const { body } = await this.#stats.read(
      `${user.id}|${timeZone}`,
      () => collectionVersion(this.#db, user.id),
      () => measurementStats(this.#db, user, timeZone),
    )
    return body
  }

  /** GET /api/measurements/:id: owner and others get different bodies; with neither stored it is read whole at once. */
  async detail(user: AuthUser, id: string): Promise<string> {
    const keyOf = (ownerId: string) => `${id}|${ownerId === user.id ? 'owner' : 'member'}`
    if (!this.#details.has(`${id}|owner`) && !this.#details.has(`${id}|member`)) {
      const { version, value, ownerId } = await readVersionedMeasurement(this.#db, user, id)
      const body = JSON.stringify(value)
      this.#details.set(keyOf(ownerId), version, body)
      return body
    }
    const current = await measurementVersion(this.#db, id, user.id)
    if (!current || !canView(user, current, current.relation)) throw notFound()
    const { body } = await this.#details.read(
      keyOf(current.userId),
      async () => current.version,
      () => readVersionedMeasurement(this.#db, user, id),
    )
    return body
  }
}
