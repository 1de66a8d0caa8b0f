import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'

export const INPUT_CLASS =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-pine-600 focus:ring-2 focus:ring-pine-600/30 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-700 sm:text-sm'

type FieldShellProps = {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  optional?: boolean
  children: ReactNode
}

/** Label above, control, then hint or error below (the error is tied to the control by aria-describedby). */
export function FieldShell({ id, label, error, hint, optional, children }: FieldShellProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
        {optional ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export function describedBy(id: string, error: string | undefined, hint: unknown): string | undefined {
  if (error) return `${id}-error`
  return hint ? `${id}-hint` : undefined
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  optional?: boolean
}

export function TextField({ id, label, error, hint, optional, className = '', ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${INPUT_CLASS} ${className}`}
        {...input}
      />
    </FieldShell>
  )
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  optional?: boolean
}

export function TextAreaField({ id, label, error, hint, optional, className = '', ...input }: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${INPUT_CLASS} resize-y ${className}`}
        {...input}
      />
    </FieldShell>
  )
}
