import { createContext, type ReactNode, useContext } from 'react'
import type { Quantity } from '#shared/scoring/index.ts'
import type { EntryUnits } from './metric-entries.ts'

/** One entry of the calculator: its field id (`insideSpread`, `right.G2`, `right.abnormal.0`) and its name. */
export type CalculatorField = { id: string; label: string; quantity: Quantity }

/**
 * What a page that embeds the calculator adds to its entries. The species guide adds nothing; the add-measurement
 * dialog adds a 'Measure on photo' button beside each length and a note under entries measured on a photo.
 */
export type CalculatorFieldExtras = {
  /** Prefix of the element ids, so that two calculators (a page and a dialog over it) never share an id. */
  idPrefix: string
  addon?: ((field: CalculatorField) => ReactNode) | undefined
  note?: ((fieldId: string) => string | undefined) | undefined
  /** A short line under an entry, e.g. the inches a centimetre entry is read as (`= 24 2/8 in`). */
  hint?: ((fieldId: string) => string | undefined) | undefined
  /** Metric: lengths typed in centimetres and weights in kilograms, converted for the engine. Default imperial. */
  units?: EntryUnits | undefined
}

const CalculatorFieldsContext = createContext<CalculatorFieldExtras>({ idPrefix: 'calc' })

export const CalculatorFieldsProvider = CalculatorFieldsContext.Provider

export function useCalculatorFields(): CalculatorFieldExtras {
  return useContext(CalculatorFieldsContext)
}
