import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type OpenAI from 'openai'
import type { Db, Tx } from '#server/db/client.ts'
import { blockedSql, canView, followsSql } from '#server/domain/visibility.ts'
import type { AiConfig } from '#server/env.ts'
import { measurements, photos } from '#server/features/measurements/index.ts'
import { photoFileKey } from '#server/features/photos/index.ts'
import type { PhotoStorage } from '#server/lib/photo-storage.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import { SYSTEM_PROMPT, USER_PROMPT } from './photo-analysis.prompt.ts'
import { ModelReplyError, parseModelReply, toSuggestion } from './photo-analysis.reply.ts'
import { photoAnalyses } from './photo-analysis.tables.ts'

// The photo goes to the vision model and its checked reply is stored as a suggestion a measurement may name. Nothing
// is made up: without a service the route answers 503, and a failed or nonsensical reply 502.

export const NOT_CONFIGURED_MESSAGE =
  'Photo analysis is not set up on this server. Use the photo measuring tool instead.'
export const FAILED_MESSAGE = 'Photo analysis failed. Try again, or measure the photo with the measuring tool.'
const PHOTO_NOT_FOUND = 'Photo not found'

export type Ai = { config: AiConfig; client: OpenAI }
type Log = { warn: (details: object, message: string) => void }

/** The storage key of a photo the member may see (their upload, or one of a visible measurement's); else 404. */
export async function analyzablePhoto(db: Db, user: AuthUser, photoId: string): Promise<string> {
  const [row] = await db
    .select({
      userId: photos.userId,
      storageKey: photos.storageKey,
      ownerId: measurements.userId,
      visibility: measurements.visibility,
      hiddenAt: measurements.hiddenAt,
      follows: followsSql(user.id, photos.userId),
      blocked: blockedSql(user.id, photos.userId),
    })
    .from(photos)
    .leftJoin(measurements, eq(photos.measurementId, measurements.id))
    .where(eq(photos.id, photoId))
  if (!row) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND)
  const own = row.userId === user.id
  const relation = { follows: row.follows === true, blocked: row.blocked === true }
  const visible =
    own ||
    (row.ownerId !== null &&
      row.visibility !== null &&
      canView(user, { userId: row.ownerId, visibility: row.visibility, hiddenAt: row.hiddenAt }, relation))
  if (!visible) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND)
  return row.storageKey
}

/** The model's reply text; any failure of the call (timeout, refusal, error status) is a 502. */
async function askModel(ai: Ai, image: Buffer, log: Log): Promise<{ text: string | null; model: string }> {
  try {
    const completion = await ai.client.chat.completions.create({
      model: ai.config.visionModel,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: USER_PROMPT },
            { type: 'image_url', image_url: { url: `data:image/webp;base64,${image.toString('base64')}` } },
          ],
        },
      ],
    })
    const text = completion.choices?.[0]?.message?.content ?? null
    const model = typeof completion.model === 'string' && completion.model ? completion.model : ai.config.visionModel
    return { text, model }
  } catch (err) {
    const e = err as { name?: string; status?: number; message?: string }
    log.warn({ reason: e.name, status: e.status, detail: e.message?.slice(0, 300) }, 'photo analysis call failed')
    throw new AppError('UPSTREAM_FAILED', FAILED_MESSAGE)
  }
}

/** Analyses the photo for the member and stores the answer (photo_analyses). */
export async function analyzePhoto(
  db: Db,
  storage: PhotoStorage,
  ai: Ai | undefined,
  user: AuthUser,
  photoId: string,
  log: Log,
): Promise<PhotoAnalysis> {
  if (!ai) throw new AppError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE)
  const storageKey = await analyzablePhoto(db, user, photoId)
  const fileKey = photoFileKey(storageKey, 'display')
  const image = await storage.get(fileKey)
  if (!image) {
    log.warn({ photoId, fileKey }, 'photo file missing from storage')
    throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND)
  }

  const { text, model } = await askModel(ai, image, log)
  let suggestion: ReturnType<typeof toSuggestion>
  try {
    suggestion = toSuggestion(parseModelReply(text))
  } catch (err) {
    if (!(err instanceof ModelReplyError)) throw err
    log.warn({ reason: err.message, reply: text?.slice(0, 300) ?? null }, 'photo analysis reply refused')
    throw new AppError('UPSTREAM_FAILED', FAILED_MESSAGE)
  }

  const createdAt = new Date()
  const analysis: PhotoAnalysis = {
    id: randomUUID(),
    photoId,
    ...suggestion,
    model,
    createdAt: createdAt.toISOString(),
  }
  await db.insert(photoAnalyses).values({ id: analysis.id, photoId, userId: user.id, result: analysis, createdAt })
  return analysis
}

/** The analysis a measurement names (aiAnalysisId): who asked for it and of which photo; undefined when none. */
export async function findAnalysis(db: Db | Tx, id: string): Promise<{ userId: string; photoId: string } | undefined> {
  const [row] = await db
    .select({ userId: photoAnalyses.userId, photoId: photoAnalyses.photoId })
    .from(photoAnalyses)
    .where(eq(photoAnalyses.id, id))
  return row
}
