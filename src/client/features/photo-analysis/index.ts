// What other features may use of photo-analysis: they import it from here, never from its files (biome.json).

export { analysisFailure, analyzePhoto, NOT_CONFIGURED_TEXT, readAiStatus, useAiStatus } from './api.ts'
export { AnalysisSuggestions } from './components/analysis-suggestions.tsx'
export type { EstimateKey, SuggestionKey } from './suggestions.ts'
export { ESTIMATE_LABELS } from './suggestions.ts'
