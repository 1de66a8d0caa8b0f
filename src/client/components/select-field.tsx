import * as Select from '@radix-ui/react-select'
import Check from 'lucide-react/icons/check'
import ChevronDown from 'lucide-react/icons/chevron-down'
import { FieldShell } from './field.tsx'

type Option = { value: string; label: string }

type Props = {
  id: string
  label: string
  value: string
  options: readonly Option[]
  placeholder: string
  onValueChange: (value: string) => void
  error?: string | undefined
  disabled?: boolean
  name?: string
}

/** A Radix Select with a visible label (the label names the combobox trigger) and an error line. */
export function SelectField({ id, label, value, options, placeholder, onValueChange, error, disabled, name }: Props) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <Select.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name}>
        <Select.Trigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-stone-300 bg-white px-3 text-left text-base text-stone-900 shadow-xs focus:border-pine-600 focus:ring-2 focus:ring-pine-600/30 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-700 data-[placeholder]:text-stone-600 sm:text-sm"
        >
          <Select.Value placeholder={placeholder} />
          <Select.Icon>
            <ChevronDown className="size-4 text-stone-600" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-[60] max-h-[var(--radix-select-content-available-height)] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
          >
            <Select.Viewport className="p-1">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm text-stone-900 outline-none select-none data-[highlighted]:bg-pine-100 data-[highlighted]:text-pine-950"
                >
                  <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                    <Check className="size-4" aria-hidden="true" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </FieldShell>
  )
}
