import type { z } from 'zod'
import type { ApiIssue } from '#shared/errors.ts'
import { AppError } from '#shared/errors.ts'
import { summarize } from '#shared/measurements/summary.ts'
import { measureOnPlane, PLANE_MESSAGES, PlaneGeometryError, type PlaneMeasureResult } from '#shared/measuring/plane.ts'
import {
  type EvidenceLevel,
  MEASUREMENT_LIMITS,
  type MeasurementSummary,
  type PhotoMeasurement,
  type QuickValues,
  type UpdateMeasurementSchema,
} from '#shared/schemas/measurements.ts'
import type { ScoreSheet } from '#shared/scoring/build-sheet.ts'
import { type ScoreResult, ScoringError, scoreSheet, systemsFor, type TrophyClass } from '#shared/scoring/index.ts'
import { fishTrophyClass } from '#shared/scoring/systems/fish.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'

// What the server derives from a body before touching the database: species and category, the engine's score (never
// the client's), the card's values, the evidence, the date checks. Pure apart from the clock, which is passed in.

export type MeasurementBody = z.output<typeof UpdateMeasurementSchema>

export type Computed = {
  species: Species
  category: string | null
  system: string | null
  sheet: ScoreSheet | null
  quick: QuickValues | null
  result: ScoreResult | null
  score: number | null
  scoreText: string | null
  trophyClass: TrophyClass
  summary: MeasurementSummary
  evidence: EvidenceLevel
  photoMeasurements: PhotoMeasurement[]
  takenAt: Date
  notes: string | null
  caption: string | null
}

const EARLIEST_TAKEN_AT = Date.UTC(1900, 0, 1)
/** A value measured on a photo must be the value the sheet holds, to the engine's finest unit. */
const PHOTO_VALUE_TOLERANCE_IN = 1 / 16 + 1e-9

/** A 400 naming the field: `field: message`, with the same issue for forms. */
export function fieldError(path: string, message: string): AppError {
  const issue: ApiIssue = { path, message }
  return new AppError('BAD_REQUEST', `${path}: ${message}`, [issue])
}

export function computeMeasurement(body: MeasurementBody, now: Date = new Date()): Computed {
  const species = getSpecies(body.speciesId)
  if (!species) throw fieldError('speciesId', 'unknown species')

  const quick = cleanQuick(body.quick)
  const sheet = body.sheet ? checkSheet(species, body.sheet) : null
  const result = sheet ? score(sheet, species) : null

  if (!hasSize(result, quick)) throw fieldError('measurements', 'Enter at least one measurement')

  const takenAt = checkTakenAt(body.takenAt, now)
  const photoMeasurements = (body.photoMeasurements ?? []).map((pm, i) =>
    checkPhotoMeasurement(pm, i, result, quick, body.photoIds),
  )

  const summary = summarize(result, quick)
  const isFish = species.fishFormulas !== undefined
  const scale = quick?.weightLbs
  // A fish weighed on a scale keeps the formula's score, but its class comes from what the scale says.
  const trophyClass: TrophyClass =
    isFish && scale !== undefined
      ? fishTrophyClass(scale, species.trophyWeightLbs)
      : (result?.trophyClass ?? 'standard')
  const photoMeasured = body.method === 'photo' && photoMeasurements.length > 0 && body.photoIds.length > 0

  return {
    species,
    category: sheet?.category ?? null,
    system: sheet?.system ?? null,
    sheet,
    quick,
    result,
    score: result?.score ?? null,
    scoreText: result?.scoreText ?? null,
    trophyClass,
    summary,
    evidence: photoMeasured ? 'photo-measured' : 'self-reported',
    photoMeasurements,
    takenAt,
    notes: blankToNull(body.notes),
    caption: blankToNull(body.caption),
  }
}

function checkSheet(species: Species, input: NonNullable<MeasurementBody['sheet']>): ScoreSheet {
  const categories: string[] = [...species.scoringCategories, ...(species.fishFormulas ?? []).map((f) => f.id)]
  if (categories.length === 0) {
    throw fieldError('sheet.category', `${species.name} has no score chart; enter the measurements without a sheet`)
  }
  if (!categories.includes(input.category)) {
    throw fieldError(
      'sheet.category',
      `${species.name} is scored as ${categories.join(', ')}, not ${JSON.stringify(input.category)}`,
    )
  }
  const systems = systemsFor(input.category)
  if (!systems.includes(input.system)) {
    throw fieldError('sheet.system', `${input.category} is scored by ${systems.join(', ')}, not ${input.system}`)
  }
  return {
    system: input.system,
    category: input.category,
    measurements: input.measurements as ScoreSheet['measurements'],
  }
}

function score(sheet: ScoreSheet, species: Species): ScoreResult {
  try {
    return scoreSheet(sheet, species.trophyWeightLbs === undefined ? {} : { trophyWeightLbs: species.trophyWeightLbs })
  } catch (error) {
    if (!(error instanceof ScoringError)) throw error
    throw error.field ? fieldError(`sheet.${error.field}`, error.detail) : fieldError('sheet', error.detail)
  }
}

function cleanQuick(quick: QuickValues | undefined): QuickValues | null {
  if (!quick) return null
  const kept: QuickValues = {}
  for (const key of ['lengthIn', 'girthIn', 'widthIn', 'weightLbs'] as const) {
    const value = quick[key]
    if (value !== undefined) kept[key] = value
  }
  return Object.keys(kept).length > 0 ? kept : null
}

function hasSize(result: ScoreResult | null, quick: QuickValues | null): boolean {
  if (quick) return true
  if (!result) return false
  return result.breakdown.rows.length > 0 || result.breakdown.lists.some((list) => list.lengths.length > 0)
}

function checkTakenAt(text: string, now: Date): Date {
  const takenAt = new Date(text)
  if (Number.isNaN(takenAt.getTime())) throw fieldError('takenAt', 'Date taken must be a date and time')
  if (takenAt.getTime() > now.getTime() + MEASUREMENT_LIMITS.futureToleranceMs) {
    throw fieldError('takenAt', 'Date taken cannot be in the future')
  }
  if (takenAt.getTime() < EARLIEST_TAKEN_AT) throw fieldError('takenAt', 'Date taken cannot be before 1900')
  return takenAt
}

const FIELD = /^(?:(right|left)\.)?([A-Za-z][A-Za-z0-9]*)(?:\[(\d{1,3})\])?$/

/** The value a photo measurement names (`quick.lengthIn`, `insideSpread`, `right.G2`, `beardsIn[1]`), in inches. */
export function valueAt(field: string, result: ScoreResult | null, quick: QuickValues | null): number | undefined {
  if (field.startsWith('quick.')) {
    const key = field.slice('quick.'.length)
    return key === 'lengthIn' || key === 'girthIn' || key === 'widthIn' || key === 'weightLbs'
      ? quick?.[key]
      : undefined
  }
  const match = FIELD.exec(field)
  if (!match || !result) return undefined
  const side = match[1] as 'right' | 'left' | undefined
  const key = match[2]
  if (match[3] !== undefined) {
    const list = result.breakdown.lists.find((l) => l.key === key && l.side === side)
    return list?.lengths[Number(match[3])]
  }
  const row = result.breakdown.rows.find((r) => r.key === key)
  if (!row) return undefined
  return side ? row[side] : row.value
}

/** The photo measurement as stored: checked against the sheet, and a plane one against its own corners and path. */
function checkPhotoMeasurement(
  pm: PhotoMeasurement,
  index: number,
  result: ScoreResult | null,
  quick: QuickValues | null,
  photoIds: readonly string[],
): PhotoMeasurement {
  const path = `photoMeasurements.${index}`
  const value = valueAt(pm.field, result, quick)
  if (value === undefined) {
    throw fieldError(path, `${JSON.stringify(pm.field)} is not a value of this measurement`)
  }
  if (Math.abs(value - pm.valueIn) > PHOTO_VALUE_TOLERANCE_IN) {
    throw fieldError(path, `measured ${pm.valueIn} in on the photo, but ${pm.field} is ${value} in`)
  }
  if (pm.photoId !== undefined && !photoIds.includes(pm.photoId)) {
    throw fieldError(path, `photo ${pm.photoId} is not one of this measurement's photos`)
  }
  return pm.method === 'plane' ? checkPlaneMeasurement(pm, path) : pm
}

/** The client rounds a plane value to 1/8 in: half of that, and 0.2 % for arithmetic that differs a little. */
const PLANE_TOLERANCE = { in: 1 / 16, relative: 0.002 }

/**
 * A value measured on the card's plane is measured again here, with the shared code, from its corners and path: it
 * must agree, and the uncertainty stored is the server's.
 */
function checkPlaneMeasurement(pm: PhotoMeasurement, path: string): PhotoMeasurement {
  if (pm.photoId === undefined) throw fieldError(path, 'a value measured on the plane needs its photoId')
  const corners = (pm.reference.corners ?? []).map(([x, y]) => ({ x, y }))
  const points = (pm.points ?? []).map(([x, y]) => ({ x, y }))
  let measured: PlaneMeasureResult
  try {
    measured = measureOnPlane(pm.mode, points, corners, { cornerPx: pm.reference.cornerErrorPx })
  } catch (error) {
    if (error instanceof PlaneGeometryError) throw fieldError(path, error.message)
    throw error
  }
  const { valueIn, uncertaintyIn } = measured
  if (!Number.isFinite(valueIn) || !Number.isFinite(uncertaintyIn)) throw fieldError(path, PLANE_MESSAGES.horizon)
  if (Math.abs(pm.valueIn - valueIn) > PLANE_TOLERANCE.in + PLANE_TOLERANCE.relative * valueIn) {
    const text = `${Math.round(valueIn * 1000) / 1000} in`
    throw fieldError(path, `measured ${pm.valueIn} in, but its corners and points give ${text} on the card's plane`)
  }
  return { ...pm, uncertaintyIn }
}

// AI estimates: a body's aiAnalysisId names the photo analysis whose values the member accepted.

/** The analysis an aiAnalysisId names, as stored: who asked for it, and of which photo. */
export type AcceptedAnalysis = { userId: string; photoId: string }

/** A 400 naming aiAnalysisId unless the analysis exists, is the member's own and is of a photo of the measurement. */
export function aiAnalysisProblem(
  analysis: AcceptedAnalysis | undefined,
  userId: string,
  photoIds: readonly string[],
): AppError | undefined {
  if (!analysis || analysis.userId !== userId) return fieldError('aiAnalysisId', 'photo analysis not found')
  if (!photoIds.includes(analysis.photoId)) {
    return fieldError('aiAnalysisId', "the analysis is of a photo that is not one of this measurement's photos")
  }
  return undefined
}

/** The stored measurement an edit replaces: how its values were reported, and the values. */
export type ReportedBefore = { reportedEvidence: EvidenceLevel; sheet: ScoreSheet | null; quick: QuickValues | null }

/**
 * The owner's evidence: photo-measured when the tool took values; else ai-estimate when an analysis's values are
 * accepted now, or were before and this edit leaves them as they were; else what computeMeasurement found.
 */
export function reportedEvidence(
  computed: Pick<Computed, 'evidence' | 'sheet' | 'quick'>,
  ai: { accepted: boolean; before?: ReportedBefore | undefined },
): EvidenceLevel {
  if (computed.evidence === 'photo-measured') return computed.evidence
  if (ai.accepted) return 'ai-estimate'
  const before = ai.before
  if (
    before?.reportedEvidence === 'ai-estimate' &&
    canonical(before.sheet) === canonical(computed.sheet) &&
    canonical(before.quick) === canonical(computed.quick)
  ) {
    return 'ai-estimate'
  }
  return computed.evidence
}

/** JSON with object keys sorted (jsonb does not keep the order a body was written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

function blankToNull(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text
}
