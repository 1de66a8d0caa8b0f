// What other features may use of measurements: they import it from here, never from its files (biome.json).

export { fieldError } from './measurements.compute.ts'
export type { Audience, listColumns, PhotoRow } from './measurements.service.ts'
export {
  cursorTimeOf,
  decodeCursor,
  encodeCursor,
  isCursorTime,
  notFound,
  photosOf,
  toMeasurement,
} from './measurements.service.ts'
export { measurements, photos } from './measurements.tables.ts'
export { getSettings, saveSettings } from './settings.service.ts'
