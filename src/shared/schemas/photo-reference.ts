import { z } from 'zod'

// Finding a reference object in a stored photo and measuring on the card's plane (POST /api/photos/{id}/reference and
// /measure; docs/measuring.md, "The API"). Coordinates are pixels of the photo's display image, origin top left.

/** What a client may send as a coordinate: finite and well beyond any photo, so no input reaches the math as NaN. */
export const MAX_COORDINATE_PX = 100_000

const coordinate = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a finite number`)
    .min(-MAX_COORDINATE_PX, `${name} must be at least -${MAX_COORDINATE_PX}`)
    .max(MAX_COORDINATE_PX, `${name} must be at most ${MAX_COORDINATE_PX}`)

/** [x, y] in pixels of the display image. */
export const PlanePointSchema = z.tuple([coordinate('x'), coordinate('y')])
export type PlanePoint = z.infer<typeof PlanePointSchema>

/** Pixels a corner may be off by: over 0, and a corner 50 px out is not placed at all. */
const cornerError = z
  .number()
  .finite()
  .positive('reference.cornerErrorPx must be greater than 0')
  .max(50, 'reference.cornerErrorPx must be at most 50')

/**
 * How well a card's corners are placed, in pixels: one figure for all four, or one per corner in their order (a found
 * corner keeps the detector's figure, one moved by hand a click's).
 */
export const CornerErrorPxSchema = z.union(
  [cornerError, z.tuple([cornerError, cornerError, cornerError, cornerError])],
  {
    error: 'reference.cornerErrorPx must be a number of pixels, or four of them (one per corner)',
  },
)

export const DETECTABLE_REFERENCES = ['credit-card', 'quarter'] as const
export type DetectableReference = (typeof DETECTABLE_REFERENCES)[number]

export const PhotoReferenceParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') })

/** The body is optional (a POST without one has a null body): without one, a credit card is looked for. */
export const FindReferenceBodySchema = z
  .object({
    kind: z
      .enum(DETECTABLE_REFERENCES, { error: `kind must be one of ${DETECTABLE_REFERENCES.join(', ')}` })
      .default('credit-card'),
  })
  .nullish()

export const FoundReferenceSchema = z.object({
  kind: z.enum(DETECTABLE_REFERENCES),
  /**
   * A card: its corners in order around it, corners[0] → corners[1] along a long side. A quarter: the end points of
   * its ellipse's major axis, then those of its minor axis.
   */
  corners: z.array(z.tuple([z.number(), z.number()])).length(4),
  /** 0–1: how surely this is the reference. */
  confidence: z.number().min(0).max(1),
  /** A card: how well its corners are placed, in pixels (send it with /measure as reference.cornerErrorPx). */
  cornerErrorPx: z.number().positive().optional(),
})
export type FoundReferenceAnswer = z.infer<typeof FoundReferenceSchema>

export const MEASURE_POINTS_MAX = 200

export const MeasureOnPlaneBodySchema = z.object({
  reference: z.object({
    kind: z.literal('credit-card', { error: 'reference.kind must be credit-card' }),
    /** In order around the card, corners[0] → corners[1] along a long side. */
    corners: z.tuple([PlanePointSchema, PlanePointSchema, PlanePointSchema, PlanePointSchema], {
      error: 'reference.corners must be four [x, y] points',
    }),
    /** How well the corners are placed, in pixels, for all four or per corner; default a click's, 1 px. */
    cornerErrorPx: CornerErrorPxSchema.optional(),
  }),
  /** The path to measure, in order. */
  points: z
    .array(PlanePointSchema)
    .min(2, 'Mark at least two points')
    .max(MEASURE_POINTS_MAX, `At most ${MEASURE_POINTS_MAX} points`),
  /** Default: straight for two points, curve for more. */
  mode: z.enum(['straight', 'curve'], { error: 'mode must be straight or curve' }).optional(),
})
export type MeasureOnPlaneBody = z.infer<typeof MeasureOnPlaneBodySchema>

export const PlaneMeasurementSchema = z.object({
  /** The path's length on the card's plane, inches. */
  lengthIn: z.number().nonnegative(),
  /** About a 95 % bound (twice the propagated standard uncertainty), inches. */
  uncertaintyIn: z.number().nonnegative(),
  method: z.literal('plane'),
})
export type PlaneMeasurement = z.infer<typeof PlaneMeasurementSchema>
