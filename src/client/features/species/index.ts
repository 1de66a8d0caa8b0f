// What other features may use of species: they import it from here, never from its files (biome.json).

export type { CalculatorForm } from './calculator/calculator-form.ts'
export {
  EMPTY_FORM,
  errorField,
  fieldErrors,
  fieldId,
  hasEntries,
  SIDES,
  scoreForm,
  sheetFromForm,
} from './calculator/calculator-form.ts'
export type { CalculatorFieldExtras } from './calculator/field-context.tsx'
export { CalculatorFieldsProvider } from './calculator/field-context.tsx'
export { engineForm, engineValueText, metricEntryError, metricForm, storedForm } from './calculator/metric-entries.ts'
export { ScoreBreakdown } from './calculator/score-breakdown.tsx'
export type { SheetState } from './calculator/score-calculator.tsx'
export { CalculatorSheet } from './calculator/score-calculator.tsx'
export { ScoreSummary, scoreName } from './calculator/score-summary.tsx'
