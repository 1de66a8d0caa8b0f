import Eraser from 'lucide-react/icons/eraser'
import { useId } from 'react'
import { Button } from '#client/components/button.tsx'
import { SelectField } from '#client/components/select-field.tsx'
import type { System } from '#shared/scoring/index.ts'
import { useCalculatorFields } from './field-context.tsx'

const SYSTEM_SHORT: Record<System, string> = { bc: 'B&C', py: 'P&Y', sci: 'SCI', nwtf: 'NWTF', fish: 'Fish' }

export type Option = { value: string; label: string }

type Props = {
  /** 'Category' for charts, 'Formula' for fish. */
  chooserLabel: string
  options: Option[]
  value: string
  onValueChange: (value: string) => void
  systems: readonly System[]
  system: System
  onSystemChange: (system: System) => void
  onClear: () => void
}

/** Which chart (or fish formula) and which system to score with, and 'Clear'. */
export function CalculatorControls(props: Props) {
  const { chooserLabel, options, value, onValueChange, systems, system, onSystemChange, onClear } = props
  const name = useId()
  const { idPrefix } = useCalculatorFields()
  return (
    <div className="flex flex-wrap items-end gap-4">
      {options.length > 1 ? (
        <div className="w-full sm:w-80">
          <SelectField
            id={`${idPrefix}-category`}
            label={chooserLabel}
            value={value}
            options={options}
            placeholder={chooserLabel}
            onValueChange={onValueChange}
          />
        </div>
      ) : (
        <p className="text-sm">
          <span className="block font-medium text-stone-800">{chooserLabel}</span>
          <span className="mt-1 block font-semibold text-stone-900">{options[0]?.label}</span>
        </p>
      )}
      {systems.length > 1 ? (
        <fieldset className="w-full sm:w-72">
          <legend className="mb-1.5 text-sm font-medium text-stone-800">Scoring system</legend>
          <div className="flex rounded-lg border border-stone-300 bg-white p-1">
            {systems.map((option) => (
              <label
                key={option}
                className={`flex h-9 flex-1 cursor-pointer items-center justify-center rounded-md text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${option === system ? 'bg-pine-700 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
              >
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={option === system}
                  onChange={() => onSystemChange(option)}
                  className="sr-only"
                />
                {SYSTEM_SHORT[option]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button variant="outline" onClick={onClear} className="sm:ml-auto">
        <Eraser className="size-4" aria-hidden="true" />
        Clear
      </Button>
    </div>
  )
}
