import { z } from 'zod'
import { isTimeZone } from '#shared/measurements/calendar-months.ts'
import { SYSTEMS } from '#shared/scoring/chart.ts'
import { TROPHY_CLASSES } from '#shared/scoring/result.ts'
import { ScoreResultSchema } from '#shared/scoring/result-schema.ts'
import { CornerErrorPxSchema } from './photo-reference.ts'

// The measurement contract (docs/architecture.md §2). Shared by the server's routes and the client's forms, so both
// refuse the same input with the same message. Sizes are canonical: inches and pounds, as numbers.

export const VISIBILITIES = ['private', 'followers', 'public'] as const
export type Visibility = (typeof VISIBILITIES)[number]

/** exact; about 1 km (coordinates rounded to 0.01°); region text only; hidden (nothing). Default region. */
export const LOCATION_PRECISIONS = ['exact', 'km', 'region', 'hidden'] as const
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number]

export const EVIDENCE_LEVELS = [
  'self-reported',
  'photo-measured',
  'ai-estimate',
  'community-verified',
  'official',
] as const
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number]

/** How the values were taken: a tape, a scale (fish or bird weighed), or measured on a photo. */
export const METHODS = ['tape', 'scale', 'photo'] as const
export type Method = (typeof METHODS)[number]

export const UNIT_SYSTEMS = ['imperial', 'metric'] as const
export type UnitSystem = (typeof UNIT_SYSTEMS)[number]

export const PHOTO_SIZES = ['display', 'thumb'] as const
export type PhotoSize = (typeof PHOTO_SIZES)[number]

export const MEASUREMENT_LIMITS = {
  photosPerMeasurement: 10,
  uploadBytes: 25 * 1024 * 1024,
  /** Refused before decoding (decompression bombs, memory); a 50 MP phone photo (8160 × 6120) still fits. */
  uploadPixels: 50_000_000,
  displayEdge: 2048,
  thumbEdge: 480,
  notes: 2000,
  caption: 500,
  region: 120,
  /** Quick fields: the largest plausible values (a marlin is about 170 in; a bluefin about 1,500 lb). */
  lengthIn: 240,
  girthIn: 150,
  widthIn: 120,
  weightLbs: 2000,
  pageSize: 20,
  maxPageSize: 50,
  /** A date taken may be up to a day ahead of the server's clock (time zones), never more. */
  futureToleranceMs: 24 * 60 * 60 * 1000,
} as const

const positive = (field: string, max: number, unit: string) =>
  z
    .number({ error: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .positive(`${field} must be more than 0`)
    .max(max, `${field} must be at most ${max} ${unit}`)

/** Values typed or weighed directly: fish and birds without a chart, or a fish's scale weight. Inches, pounds. */
export const QuickValuesSchema = z.object({
  lengthIn: positive('Length', MEASUREMENT_LIMITS.lengthIn, 'in').optional(),
  girthIn: positive('Girth', MEASUREMENT_LIMITS.girthIn, 'in').optional(),
  widthIn: positive('Width', MEASUREMENT_LIMITS.widthIn, 'in').optional(),
  weightLbs: positive('Weight', MEASUREMENT_LIMITS.weightLbs, 'lb').optional(),
})
export type QuickValues = z.infer<typeof QuickValuesSchema>

/** The sheet exactly as docs/scoring-rules.md §9 reads it; the engine validates its contents (scoreSheet). */
export const SheetInputSchema = z.object({
  system: z.enum(SYSTEMS, { error: `sheet.system must be one of ${SYSTEMS.join(', ')}` }),
  category: z.string().min(1, 'sheet.category is required').max(60),
  measurements: z.record(z.string(), z.unknown()),
})

/** `plane`: through the homography of four card corners (any camera angle); `two-point`: a scale from two ends. */
export const PHOTO_METHODS = ['plane', 'two-point'] as const
export type PhotoMethod = (typeof PHOTO_METHODS)[number]

/** A point in pixels of the photo the tool measured on, origin top left: [x, y]. */
export const PixelPointSchema = z.tuple([z.number().finite(), z.number().finite()])
export type PixelPoint = z.infer<typeof PixelPointSchema>

/** Where a value measured on a photo came from: the method, the reference, the path, and its uncertainty (inches). */
export const PhotoMeasurementSchema = z
  .object({
    /** The form field it filled, as a path: `lengthIn`, `insideSpread`, `right.G2`, `quick.lengthIn` … */
    field: z.string().min(1).max(80),
    valueIn: z.number().finite().positive(),
    uncertaintyIn: z.number().finite().nonnegative(),
    photoId: z.string().uuid().optional(),
    mode: z.enum(['straight', 'curve']),
    /** Values stored before the plane mode have none: they were all two-point. */
    method: z.enum(PHOTO_METHODS).default('two-point'),
    reference: z.object({
      kind: z.enum(['credit-card', 'quarter', 'custom']),
      lengthIn: z.number().finite().positive(),
      pixels: z.number().finite().positive(),
      /** Plane: the card's corners in order around it, corners[0] → corners[1] along a long side. */
      corners: z.array(PixelPointSchema).length(4, 'reference.corners must be four points').optional(),
      /** Plane: how well the corners are placed, in pixels, for all four or per corner (the detector's, a click's). */
      cornerErrorPx: CornerErrorPxSchema.optional(),
    }),
    /** The marked path, in the same pixels as the corners; a plane value is checked against it on save. */
    points: z.array(PixelPointSchema).min(2).max(200).optional(),
  })
  .superRefine((pm, ctx) => {
    if (pm.method !== 'plane') return
    if (pm.reference.kind !== 'credit-card') {
      ctx.addIssue({ code: 'custom', path: ['reference', 'kind'], message: 'The plane method needs a credit card' })
    }
    if (!pm.reference.corners) {
      ctx.addIssue({ code: 'custom', path: ['reference', 'corners'], message: 'The plane method needs the corners' })
    }
    if (!pm.points) ctx.addIssue({ code: 'custom', path: ['points'], message: 'The plane method needs the points' })
  })
export type PhotoMeasurement = z.infer<typeof PhotoMeasurementSchema>

export const LocationInputSchema = z.object({
  region: z
    .string()
    .trim()
    .max(MEASUREMENT_LIMITS.region, `Region must be at most ${MEASUREMENT_LIMITS.region} characters`)
    .optional(),
  lat: z
    .number()
    .finite()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .optional(),
  lon: z
    .number()
    .finite()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .optional(),
  /** Omitted: the member's default (settings.defaultLocationPrecision, itself `region` by default). */
  precision: z
    .enum(LOCATION_PRECISIONS, { error: `location.precision must be one of ${LOCATION_PRECISIONS.join(', ')}` })
    .optional(),
})
export type LocationInput = z.input<typeof LocationInputSchema>

const measurementFields = {
  speciesId: z.string({ error: 'Species is required' }).min(1, 'Species is required').max(60),
  /** Species with a chart or a fish formula; omitted for species without one (quick values only). */
  sheet: SheetInputSchema.optional(),
  quick: QuickValuesSchema.optional(),
  method: z.enum(METHODS, { error: `method must be one of ${METHODS.join(', ')}` }),
  photoMeasurements: z.array(PhotoMeasurementSchema).max(60).optional(),
  /** ISO date-time; not in the future (beyond MEASUREMENT_LIMITS.futureToleranceMs), not before 1900. */
  takenAt: z.iso.datetime({ offset: true, error: 'Date taken must be a date and time' }),
  notes: z
    .string()
    .trim()
    .max(MEASUREMENT_LIMITS.notes, `Notes must be at most ${MEASUREMENT_LIMITS.notes} characters`)
    .optional(),
  caption: z
    .string()
    .trim()
    .max(MEASUREMENT_LIMITS.caption, `Caption must be at most ${MEASUREMENT_LIMITS.caption} characters`)
    .optional(),
  visibility: z.enum(VISIBILITIES, { error: `visibility must be one of ${VISIBILITIES.join(', ')}` }).optional(),
  location: LocationInputSchema.optional(),
  /** Photos uploaded first (POST /api/photos), in display order; the cover is one of them (default the first). */
  photoIds: z
    .array(z.string().uuid('photoIds must be UUIDs'))
    .max(MEASUREMENT_LIMITS.photosPerMeasurement, `At most ${MEASUREMENT_LIMITS.photosPerMeasurement} photos`)
    .default([]),
  coverPhotoId: z.string().uuid().optional(),
  /** The member's own accepted photo analysis of one of these photos: evidence `ai-estimate` (photo-measured wins). */
  aiAnalysisId: z.string().uuid('aiAnalysisId must be a UUID').optional(),
}

/** POST /api/measurements. `id` is made by the client, so a repeat (offline sync) is the same measurement. */
export const CreateMeasurementSchema = z.object({ id: z.string().uuid('id must be a UUID'), ...measurementFields })
export type CreateMeasurement = z.input<typeof CreateMeasurementSchema>

/** PATCH /api/measurements/:id: the whole editable record again (the form sends everything it shows). */
export const UpdateMeasurementSchema = z.object(measurementFields)
export type UpdateMeasurement = z.input<typeof UpdateMeasurementSchema>

export const MeasurementIdParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') })

export const LIST_ORDERS = ['added', 'taken'] as const
export type ListOrder = (typeof LIST_ORDERS)[number]

export const ListMeasurementsQuerySchema = z.object({
  /** a cursor holds its order's time: pass it back with the same order */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MEASUREMENT_LIMITS.maxPageSize).default(MEASUREMENT_LIMITS.pageSize),
  order: z
    .enum(LIST_ORDERS, { error: `order must be one of ${LIST_ORDERS.join(', ')}` })
    .default('added')
    .describe('added: newest recorded first (the default); taken: newest date taken first'),
})

export const PhotoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** `/api/photos/{id}/display` (≤ 2048 px) and `/api/photos/{id}/thumb` (≤ 480 px), WebP, metadata removed. */
  displayUrl: z.string(),
  thumbUrl: z.string(),
})
export type Photo = z.infer<typeof PhotoSchema>

/** POST /api/photos answer: the photo, plus what its metadata said, to the uploader only (never stored: GPS). */
export const UploadedPhotoSchema = PhotoSchema.extend({
  /** EXIF capture time, ISO 8601: with an offset when the camera recorded one, else wall-clock (device time zone). */
  takenAt: z.string().nullable(),
  gps: z.object({ lat: z.number(), lon: z.number() }).nullable(),
})
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>

/** The values a card shows, derived by the server from the sheet and quick values (ADR 029). */
export const MeasurementSummarySchema = z.object({
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  weightLbs: z.number().nullable(),
  /** true when the weight is the formula's estimate rather than a scale weight */
  weightEstimated: z.boolean(),
  spreadIn: z.number().nullable(),
  points: z.number().nullable(),
  massIn: z.number().nullable(),
})
export type MeasurementSummary = z.infer<typeof MeasurementSummarySchema>

/** What a viewer receives of the location: never more than the owner's precision allows. */
export const LocationSchema = z.object({
  precision: z.enum(LOCATION_PRECISIONS),
  region: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
})

export const MeasurementOwnerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
})

export const MeasurementSchema = z.object({
  id: z.string(),
  owner: MeasurementOwnerSchema,
  isOwner: z.boolean(),
  speciesId: z.string(),
  species: z.string(),
  sheet: SheetInputSchema.nullable(),
  quick: QuickValuesSchema.nullable(),
  result: ScoreResultSchema.nullable(),
  score: z.number().nullable(),
  scoreText: z.string().nullable(),
  trophyClass: z.enum(TROPHY_CLASSES),
  summary: MeasurementSummarySchema,
  evidence: z.enum(EVIDENCE_LEVELS),
  method: z.enum(METHODS),
  photoMeasurements: z.array(PhotoMeasurementSchema),
  takenAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** owner only; null for everyone else */
  notes: z.string().nullable(),
  caption: z.string().nullable(),
  visibility: z.enum(VISIBILITIES),
  location: LocationSchema,
  photos: z.array(PhotoSchema),
  coverPhotoId: z.string().nullable(),
})
export type Measurement = z.infer<typeof MeasurementSchema>

export const MeasurementPageSchema = z.object({
  /** `result` is null in a page (the cards need `summary` and `scoreText`); GET /api/measurements/:id has it. */
  items: z.array(MeasurementSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
})
export type MeasurementPage = z.infer<typeof MeasurementPageSchema>

/** The zone a member's months are counted in: the device's IANA time zone, which the web client sends. */
export const TimeZoneHeadersSchema = z.looseObject({
  'x-time-zone': z
    .string()
    .refine(isTimeZone, 'x-time-zone must be an IANA time zone such as America/Chicago')
    .optional()
    .describe("The member's IANA time zone (e.g. America/Chicago) for calendar months; UTC when absent"),
})

/** GET /api/measurements/stats: the /measurements summary cards and the dashboard's Your Statistics. */
export const MeasurementStatsSchema = z.object({
  total: z.number(),
  trophies: z.number(),
  records: z.number(),
  species: z.number(),
  /** taken in the current calendar month: the last entry of perMonth */
  thisMonth: z.number(),
  bestTrophyClass: z.enum(TROPHY_CLASSES).nullable(),
  /** the best measurement per species (score, else weight, else length), best first */
  personalBests: z.array(
    z.object({
      speciesId: z.string(),
      species: z.string(),
      measurementId: z.string(),
      score: z.number().nullable(),
      scoreText: z.string().nullable(),
      /** the book and category the score was written by, so it reads as every other screen writes it */
      sheet: z.object({ system: z.enum(SYSTEMS), category: z.string() }).nullable(),
      /** what a best without a score is ranked by: its weight, else its length */
      weightLbs: z.number().nullable(),
      lengthIn: z.number().nullable(),
      trophyClass: z.enum(TROPHY_CLASSES),
      takenAt: z.string(),
    }),
  ),
  /** the last 12 calendar months by date taken (in the X-Time-Zone zone, else UTC), oldest first, 0 included */
  perMonth: z.array(z.object({ month: z.string(), count: z.number() })),
})
export type MeasurementStats = z.infer<typeof MeasurementStatsSchema>

export const SettingsSchema = z.object({
  units: z.enum(UNIT_SYSTEMS, { error: 'units must be imperial or metric' }),
  defaultVisibility: z.enum(VISIBILITIES, { error: `defaultVisibility must be one of ${VISIBILITIES.join(', ')}` }),
  defaultLocationPrecision: z.enum(LOCATION_PRECISIONS, {
    error: `defaultLocationPrecision must be one of ${LOCATION_PRECISIONS.join(', ')}`,
  }),
})
export type Settings = z.infer<typeof SettingsSchema>
export const DEFAULT_SETTINGS: Settings = {
  units: 'imperial',
  defaultVisibility: 'private',
  defaultLocationPrecision: 'region',
}

/** GET /api/share/:id (no sign-in): a public measurement as a stranger sees it. */
export const SharedMeasurementSchema = MeasurementSchema.omit({ notes: true, isOwner: true })
export type SharedMeasurement = z.infer<typeof SharedMeasurementSchema>
