import type { Measurement, UpdateMeasurement, Visibility } from '#shared/schemas/measurements.ts'

/**
 * The PATCH body that changes only a measurement's visibility. The update takes the whole editable record (photos
 * not listed are deleted), so everything goes back as it stands; the location is left out, which keeps it.
 */
export function visibilityChange(m: Measurement, visibility: Visibility): UpdateMeasurement {
  return {
    speciesId: m.speciesId,
    ...(m.sheet ? { sheet: m.sheet } : {}),
    ...(m.quick ? { quick: m.quick } : {}),
    method: m.method,
    photoMeasurements: m.photoMeasurements,
    takenAt: m.takenAt,
    ...(m.notes !== null ? { notes: m.notes } : {}),
    ...(m.caption !== null ? { caption: m.caption } : {}),
    visibility,
    photoIds: m.photos.map((photo) => photo.id),
    ...(m.coverPhotoId !== null ? { coverPhotoId: m.coverPhotoId } : {}),
  }
}
