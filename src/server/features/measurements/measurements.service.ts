import { and, asc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '#server/db/client.ts'
import {
  afterMemberChange,
  beforeMeasurementWrite,
  measurementChanged,
  measurementEdited,
  measurementRemoved,
} from '#server/domain/member-events.ts'
import { tellRecipients } from '#server/domain/notify.ts'
import { canChange, canView, relationTo } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { queuePostDelivery, reachesFollowers } from '#server/features/community/index.ts'
import { findAnalysis } from '#server/features/photo-analysis/index.ts'
import { toPhoto } from '#server/features/photos/index.ts'
import { effectiveEvidence } from '#shared/community/check-state.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type {
  CreateMeasurementSchema,
  LocationPrecision,
  Measurement,
  PhotoMeasurement,
  SharedMeasurement,
  Visibility,
} from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import {
  aiAnalysisProblem,
  type Computed,
  computeMeasurement,
  fieldError,
  type MeasurementBody,
  type ReportedBefore,
  reportedEvidence,
} from './measurements.compute.ts'
import { locationFor } from './measurements.location.ts'
import { measurements, photos } from './measurements.tables.ts'
import { getSettings } from './settings.service.ts'

// Measurements in the database: create (idempotent per client id), read at the viewer's level, update and delete.
// Files of removed photos are returned to the caller, who deletes them once the transaction has committed.

export type CreateBody = z.output<typeof CreateMeasurementSchema>
type Row = typeof measurements.$inferSelect
export type Owner = Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>
export type PhotoRow = Pick<typeof photos.$inferSelect, 'id' | 'width' | 'height' | 'measurementId' | 'position'>

export const NOT_FOUND_MESSAGE = 'Measurement not found'
export const notFound = () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE)

type Defaults = { visibility: Visibility; locationPrecision: LocationPrecision }
type Stored = {
  visibility: Visibility
  region: string | null
  lat: number | null
  lon: number | null
  precision: LocationPrecision
}

function columns(computed: Computed, body: MeasurementBody, defaults: Defaults, previous?: Stored) {
  const location = body.location
  let place: Pick<Stored, 'region' | 'lat' | 'lon' | 'precision'>
  if (location) {
    if ((location.lat === undefined) !== (location.lon === undefined)) {
      const missing = location.lat === undefined ? 'lat' : 'lon'
      throw fieldError(`location.${missing}`, 'Give both latitude and longitude, or neither')
    }
    place = {
      region: location.region ? location.region : null,
      lat: location.lat ?? null,
      lon: location.lon ?? null,
      precision: location.precision ?? previous?.precision ?? defaults.locationPrecision,
    }
  } else {
    place = previous ?? { region: null, lat: null, lon: null, precision: defaults.locationPrecision }
  }
  const { summary } = computed
  return {
    speciesId: computed.species.id,
    category: computed.category,
    system: computed.system,
    sheet: computed.sheet,
    quick: computed.quick,
    result: computed.result,
    score: computed.score,
    scoreText: computed.scoreText,
    trophyClass: computed.trophyClass,
    lengthIn: summary.lengthIn,
    widthIn: summary.widthIn,
    weightLbs: summary.weightLbs,
    weightEstimated: summary.weightEstimated,
    spreadIn: summary.spreadIn,
    points: summary.points,
    massIn: summary.massIn,
    evidence: computed.evidence,
    reportedEvidence: computed.evidence,
    method: body.method,
    photoMeasurements: computed.photoMeasurements,
    takenAt: computed.takenAt,
    notes: computed.notes,
    caption: computed.caption,
    visibility: body.visibility ?? previous?.visibility ?? defaults.visibility,
    region: place.region,
    lat: place.lat,
    lon: place.lon,
    locationPrecision: place.precision,
    coverPhotoId: coverOf(body),
  }
}

function coverOf(body: MeasurementBody): string | null {
  if (body.coverPhotoId !== undefined) {
    if (!body.photoIds.includes(body.coverPhotoId)) {
      throw fieldError('coverPhotoId', 'The cover must be one of the photos')
    }
    return body.coverPhotoId
  }
  return body.photoIds[0] ?? null
}

function checkPhotoIds(photoIds: readonly string[]) {
  const seen = new Set<string>()
  for (const id of photoIds) {
    if (seen.has(id)) throw fieldError('photoIds', `photo ${id} is listed twice`)
    seen.add(id)
  }
}

/** Attaches the photos in order; each must be the member's and free, and the UPDATE's row lock settles races. */
async function attachPhotos(
  tx: Tx,
  userId: string,
  measurementId: string,
  photoIds: readonly string[],
): Promise<PhotoRow[]> {
  const attached: PhotoRow[] = []
  for (const [position, id] of photoIds.entries()) {
    const updated = await tx
      .update(photos)
      .set({ measurementId, position })
      .where(
        and(
          eq(photos.id, id),
          eq(photos.userId, userId),
          or(isNull(photos.measurementId), eq(photos.measurementId, measurementId)),
        ),
      )
      .returning({
        id: photos.id,
        width: photos.width,
        height: photos.height,
        measurementId: photos.measurementId,
        position: photos.position,
      })
    const [photo] = updated
    if (!photo) throw fieldError('photoIds', `photo ${id} not found`)
    attached.push(photo)
  }
  return attached
}

/** The body's aiAnalysisId checked (measurements.compute.ts aiAnalysisProblem); undefined when it has none or it is fine. */
async function checkAiAnalysis(db: Db | Tx, userId: string, body: MeasurementBody) {
  if (body.aiAnalysisId === undefined) return undefined
  return aiAnalysisProblem(await findAnalysis(db, body.aiAnalysisId), userId, body.photoIds)
}

async function defaultsFor(db: Db, userId: string): Promise<Defaults> {
  const settings = await getSettings(db, userId)
  return { visibility: settings.defaultVisibility, locationPrecision: settings.defaultLocationPrecision }
}

/** POST /api/measurements: idempotent on the client's id; a repeat by the same member gets the stored one unchanged. */
export async function createMeasurement(
  db: Db,
  user: AuthUser,
  body: CreateBody,
  now = new Date(),
): Promise<{ measurement: Measurement; created: boolean }> {
  const base = computeMeasurement(body, now)
  checkPhotoIds(body.photoIds)
  // A refused aiAnalysisId refuses a new measurement only: a repeat (offline sync) answers what is stored, even
  // when the analysis has gone since (its photo was removed by an edit).
  const aiProblem = await checkAiAnalysis(db, user.id, body)
  const accepted = body.aiAnalysisId !== undefined && aiProblem === undefined
  const computed = { ...base, evidence: reportedEvidence(base, { accepted }) }
  const needsDefaults = body.visibility === undefined || body.location?.precision === undefined
  const defaults = needsDefaults
    ? await defaultsFor(db, user.id)
    : { visibility: 'private' as const, locationPrecision: 'region' as const }
  const values = { id: body.id, userId: user.id, ...columns(computed, body, defaults) }

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(measurements)
      .values(values)
      .onConflictDoNothing({ target: measurements.id })
      .returning()
    if (!row) {
      const [existing] = await tx
        .select({ userId: measurements.userId })
        .from(measurements)
        .where(eq(measurements.id, body.id))
      if (existing?.userId !== user.id) throw new AppError('CONFLICT', 'id: This id belongs to another measurement')
      return undefined
    }
    if (aiProblem) throw aiProblem
    const photoRows = await attachPhotos(tx, user.id, body.id, body.photoIds)
    if (reachesFollowers(values.visibility)) await queuePostDelivery(tx, body.id)
    // The member's achievements and leaderboard rows, in this transaction (a repeat changed nothing: none).
    await afterMemberChange(tx, user.id, measurementChanged({ id: body.id, before: null }))
    return { row, photoRows }
  })
  // A new one is answered from what the transaction wrote (no read after it); a repeat with what is stored.
  if (!created) return { measurement: await readMeasurement(db, user, body.id), created: false }
  return { measurement: toMeasurement(created.row, user, created.photoRows, 'owner'), created: true }
}

/** PATCH /api/measurements/:id: the owner only (others 404). Returns the storage keys of photos it removed. */
export async function updateMeasurement(
  db: Db,
  user: AuthUser,
  id: string,
  body: MeasurementBody,
  now = new Date(),
): Promise<{ measurement: Measurement; removedStorageKeys: string[]; told: string[] }> {
  const base = computeMeasurement(body, now)
  checkPhotoIds(body.photoIds)
  let told: string[] = []
  const removedStorageKeys = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        userId: measurements.userId,
        visibility: measurements.visibility,
        region: measurements.region,
        lat: measurements.lat,
        lon: measurements.lon,
        precision: measurements.locationPrecision,
        checkState: measurements.checkState,
        reportedEvidence: measurements.reportedEvidence,
        sheet: measurements.sheet,
        quick: measurements.quick,
        speciesId: measurements.speciesId,
        trophyClass: measurements.trophyClass,
        score: measurements.score,
        weightLbs: measurements.weightLbs,
        evidence: measurements.evidence,
        takenAt: measurements.takenAt,
      })
      .from(measurements)
      .where(eq(measurements.id, id))
      .for('update')
    if (!current || !canChange(user, current)) throw notFound()
    const write = await beforeMeasurementWrite(tx, id)
    const aiProblem = await checkAiAnalysis(tx, user.id, body)
    if (aiProblem) throw aiProblem
    const before: ReportedBefore = current
    const accepted = body.aiAnalysisId !== undefined
    const computed = { ...base, evidence: reportedEvidence(base, { accepted, before }) }
    // Omitted visibility or precision keep what the measurement has (the settings are for new ones).
    const set = columns(
      computed,
      body,
      { visibility: current.visibility, locationPrecision: current.precision },
      current,
    )

    const attached = await tx
      .select({ id: photos.id, storageKey: photos.storageKey })
      .from(photos)
      .where(eq(photos.measurementId, id))
    const removed = attached.filter((photo) => !body.photoIds.includes(photo.id))
    if (removed.length > 0) {
      await tx.delete(photos).where(
        inArray(
          photos.id,
          removed.map((photo) => photo.id),
        ),
      )
    }
    await attachPhotos(tx, user.id, id, body.photoIds)
    // Verdicts stay with the measurement; a community verification still raises the newly reported evidence.
    const after = { ...set, evidence: effectiveEvidence(set.reportedEvidence, current.checkState) }
    await tx.update(measurements).set(after).where(eq(measurements.id, id))
    // Only what the edit changed is redone (ADR 010): the bells follow visibility and species, feeds the visibility.
    if (after.visibility !== current.visibility || after.speciesId !== current.speciesId) {
      told = await tellRecipients(tx, { measurementId: id })
    }
    if (reachesFollowers(after.visibility) !== reachesFollowers(current.visibility)) await queuePostDelivery(tx, id)
    await afterMemberChange(tx, current.userId, measurementEdited(current, after, write))
    return removed.map((photo) => photo.storageKey)
  })
  const measurement = await readMeasurement(db, user, id)
  return { measurement, removedStorageKeys, told }
}

/** DELETE /api/measurements/:id: the owner only (others 404). Its photos' storage keys, and the members told. */
export async function deleteMeasurement(
  db: Db,
  user: AuthUser,
  id: string,
): Promise<{ storageKeys: string[]; told: string[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: measurements.userId })
      .from(measurements)
      .where(eq(measurements.id, id))
      .for('update')
    if (!current || !canChange(user, current)) throw notFound()
    const write = await beforeMeasurementWrite(tx, id)
    const told = await tellRecipients(tx, { measurementId: id })
    const removed = await tx
      .delete(photos)
      .where(eq(photos.measurementId, id))
      .returning({ storageKey: photos.storageKey })
    await tx.delete(measurements).where(eq(measurements.id, id))
    await afterMemberChange(tx, current.userId, measurementRemoved(write))
    return { storageKeys: removed.map((photo) => photo.storageKey), told }
  })
}

export type Audience = 'owner' | 'member' | 'public'

/** Photo measurements stored before the plane method have no `method`: they were all two-point. */
function withMethod(stored: Row['photoMeasurements']): PhotoMeasurement[] {
  if (!Array.isArray(stored)) return stored
  return stored.map((pm: unknown) =>
    pm !== null && typeof pm === 'object' && !Array.isArray(pm) && !('method' in pm)
      ? ({ ...pm, method: 'two-point' } as PhotoMeasurement)
      : (pm as PhotoMeasurement),
  )
}

export function toMeasurement(row: Row, owner: Owner, photoRows: readonly PhotoRow[], audience: Audience): Measurement {
  const isOwner = audience === 'owner'
  return {
    id: row.id,
    owner: {
      id: owner.id,
      firstName: owner.firstName,
      lastName: owner.lastName,
      profileImageUrl: owner.profileImageUrl,
    },
    isOwner,
    speciesId: row.speciesId,
    species: getSpecies(row.speciesId)?.name ?? row.speciesId,
    sheet: row.sheet
      ? { system: row.sheet.system, category: row.sheet.category, measurements: row.sheet.measurements }
      : null,
    quick: row.quick,
    result: row.result,
    score: row.score,
    scoreText: row.scoreText,
    trophyClass: row.trophyClass,
    summary: {
      lengthIn: row.lengthIn,
      widthIn: row.widthIn,
      weightLbs: row.weightLbs,
      weightEstimated: row.weightEstimated,
      spreadIn: row.spreadIn,
      points: row.points,
      massIn: row.massIn,
    },
    evidence: row.evidence,
    method: row.method,
    photoMeasurements: withMethod(row.photoMeasurements),
    takenAt: row.takenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    notes: isOwner ? row.notes : null,
    caption: row.caption,
    visibility: row.visibility,
    location: locationFor(
      { region: row.region, lat: row.lat, lon: row.lon, precision: row.locationPrecision },
      audience,
    ),
    photos: photoRows.map(toPhoto),
    coverPhotoId: row.coverPhotoId,
  }
}

const ownerColumns = {
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerName: users.name,
  ownerImage: users.image,
}

async function findWithOwner(db: Db, where: SQL | undefined) {
  const [found] = await db
    .select({ row: measurements, ...ownerColumns })
    .from(measurements)
    .innerJoin(users, eq(users.id, measurements.userId))
    .where(where)
  if (!found) return undefined
  const owner = {
    id: found.row.userId,
    firstName: found.ownerFirstName,
    lastName: found.ownerLastName,
    profileImageUrl: found.ownerImage,
  }
  return { row: found.row, owner, ownerName: found.ownerName }
}

export async function photosOf(db: Db, measurementIds: readonly string[]): Promise<PhotoRow[]> {
  if (measurementIds.length === 0) return []
  return db
    .select({
      id: photos.id,
      width: photos.width,
      height: photos.height,
      measurementId: photos.measurementId,
      position: photos.position,
    })
    .from(photos)
    .where(inArray(photos.measurementId, [...measurementIds]))
    .orderBy(asc(photos.measurementId), asc(photos.position))
}

/** GET /api/measurements/:id: visible to the viewer (visibility.ts) or 404; others see less (notes, location). */
export async function readMeasurement(db: Db, viewer: AuthUser | null, id: string): Promise<Measurement> {
  const found = await findWithOwner(db, eq(measurements.id, id))
  if (!found) throw notFound()
  const relation = viewer ? await relationTo(db, viewer.id, found.row.userId) : undefined
  if (!canView(viewer, found.row, relation)) throw notFound()
  const audience: Audience = viewer?.id === found.row.userId ? 'owner' : 'member'
  return toMeasurement(found.row, found.owner, await photosOf(db, [id]), audience)
}

export type SharedView = { measurement: SharedMeasurement; ownerName: string }

/** GET /api/share/:id and the share page: a public measurement as a stranger sees it, or undefined. */
export async function readShared(db: Db, id: string): Promise<SharedView | undefined> {
  const found = await findWithOwner(
    db,
    and(eq(measurements.id, id), eq(measurements.visibility, 'public'), isNull(measurements.hiddenAt)),
  )
  if (!found) return undefined
  const {
    notes: _notes,
    isOwner: _isOwner,
    ...shared
  } = toMeasurement(found.row, found.owner, await photosOf(db, [id]), 'public')
  return { measurement: shared, ownerName: found.ownerName }
}

// Keyset cursors over (time desc, id desc) carry the time to the microsecond, as PostgreSQL prints it, so no row is
// skipped or repeated.

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/
/** A cursor's time from its column, to the microsecond. */
export const cursorTextOf = (column: typeof measurements.createdAt | typeof measurements.takenAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** A timestamptz as PostgreSQL writes it as text (DateStyle ISO): date, time, 0–6 digits of seconds, UTC offset. */
const TIMESTAMPTZ_TEXT =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::(\d{2}))?(?::(\d{2}))?$/

/** A cursor's time from `created_at::text`, which PostgreSQL writes faster than to_char (in the session's zone). */
export function cursorTimeOf(text: string): string {
  const m = TIMESTAMPTZ_TEXT.exec(text)
  if (!m) throw new Error(`not a timestamp as text: ${text}`)
  const [, date, time, micros = '', hours = '+00', minutes = '00', seconds = '00'] = m
  const sign = hours.startsWith('-') ? -1 : 1
  const offsetMs = sign * (Math.abs(Number(hours)) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000
  const utc = new Date(Date.parse(`${date}T${time}Z`) - offsetMs)
  return `${utc.toISOString().slice(0, 19)}.${micros.padEnd(6, '0')}Z`
}

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url')
}

/** A cursor time PostgreSQL can take back: years 1–9999, a real calendar day (Date.parse lets 2026-02-30 through). */
export function isCursorTime(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/.exec(text)
  if (!m) return false
  const part = (i: number) => Number(m[i])
  if (part(1) < 1) return false
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  date.setUTCFullYear(part(1), part(2) - 1, part(3))
  date.setUTCHours(part(4), part(5), part(6), 0)
  return date.toISOString().slice(0, 19) === text.slice(0, 19)
}

const CURSOR_ERROR = 'Invalid cursor; load the list again from the start'

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
  const match = CURSOR.exec(text)
  if (!match || !isCursorTime(match[1] ?? '')) throw fieldError('cursor', CURSOR_ERROR)
  return { createdAt: match[1] as string, id: match[2] as string }
}

// A page of the collection leaves out the engine's result (lines and breakdown, about 3 KB a measurement): cards
// show the summary columns and the score text; a measurement's own page reads the whole result.
export const { result: _result, ...listColumns } = getTableColumns(measurements)
