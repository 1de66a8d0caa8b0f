import { z } from 'zod'
import { TROPHY_CLASSES } from '#shared/scoring/result.ts'
import { SPECIES_CATEGORIES } from '#shared/species/types.ts'

// AI photo analysis (POST /api/photos/{photoId}/analysis): every value is an estimate, and the form fills only what
// the member accepts. Without a configured service: 503 NOT_CONFIGURED (GET /api/ai/status says so first).

export const PhotoAnalysisParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') })

export const REFERENCE_OBJECT_KINDS = ['credit-card', 'quarter', 'other'] as const

/** What the model estimated, canonical units (inches, pounds); each one optional, never a made-up zero. */
export const AnalysisEstimatesSchema = z.object({
  lengthIn: z.number().positive().optional(),
  girthIn: z.number().positive().optional(),
  widthIn: z.number().positive().optional(),
  weightLbs: z.number().positive().optional(),
  /** Antlers and horns: the inside spread. */
  spreadIn: z.number().positive().optional(),
  /** Antlers: the total point count. */
  points: z.number().int().nonnegative().optional(),
})
export type AnalysisEstimates = z.infer<typeof AnalysisEstimatesSchema>

export const PhotoAnalysisSchema = z.object({
  /** Sent back as `aiAnalysisId` with the measurement when the member accepts: its evidence becomes `ai-estimate`. */
  id: z.string().uuid(),
  photoId: z.string().uuid(),
  species: z.object({
    /** A catalogue id, or null when the model named something outside the catalogue (shown as 'unknown'). */
    id: z.string().nullable(),
    name: z.string(),
    /** What the model called it, as it said it (shown beside 'Unknown'). */
    modelLabel: z.string().nullable(),
    confidence: z.number().min(0).max(1),
  }),
  category: z.enum(SPECIES_CATEGORIES).nullable(),
  referenceObject: z.object({
    visible: z.boolean(),
    kind: z.enum(REFERENCE_OBJECT_KINDS).nullable(),
  }),
  estimates: AnalysisEstimatesSchema,
  /** The engine's score from the estimates where it can (fish: length and girth), else the model's guess, or null. */
  score: z.number().nullable(),
  /** 'engine' when computed by our scoring engine from the estimates, 'model' when the model guessed it. */
  scoreSource: z.enum(['engine', 'model']).nullable(),
  trophyClass: z.enum(TROPHY_CLASSES).nullable(),
  /** The model's own short remark (lighting, angle), plain text, or null. */
  notes: z.string().nullable(),
  model: z.string(),
  createdAt: z.string(),
})
export type PhotoAnalysis = z.infer<typeof PhotoAnalysisSchema>
