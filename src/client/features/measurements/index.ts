// What other features may use of measurements: they import it from here, never from its files (biome.json).

export { MEASUREMENTS_KEY, SETTINGS_KEY, useMeasurementStats, useSettings, useUpdateSettings } from './api.ts'
export { addMeasurementIntent } from './components/add-measurement.tsx'
export type { AddMeasurementStart } from './components/add-measurement-dialog.tsx'
export { EmptyCollection } from './components/empty-collection.tsx'
export { EvidenceChip } from './components/evidence-chip.tsx'
export {
  evidenceMeaning,
  PRECISION_LABELS,
  PRECISION_MEANINGS,
  photoMethodOf,
  UNIT_LABELS,
  VISIBILITY_LABELS,
  VISIBILITY_MEANINGS,
} from './components/labels.ts'
export { MeasurementCard } from './components/measurement-card.tsx'
export { MeasurementCardSkeleton } from './components/measurement-card-skeleton.tsx'
export { coverPhoto, MeasurementPhoto } from './components/measurement-photo.tsx'
export { measurementRows } from './components/measurement-rows.ts'
export { TrophyClassBadge } from './components/trophy-class-badge.tsx'
export { PHOTO_ACCEPT, photoFileError } from './form/photo-files.ts'
export { useOutboxEntries } from './offline/hooks.ts'
export { uploadPhoto } from './offline/upload.ts'
