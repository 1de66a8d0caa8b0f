// What other features may use of photo-analysis: they import it from here, never from its files (biome.json).

export { findAnalysis } from './photo-analysis.service.ts'
