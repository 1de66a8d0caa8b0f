const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' })

/** docs/product.md §8: en-US short date with time, or 'Invalid date' when the value cannot be read. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Invalid date'
  try {
    return dateTimeFormat.format(value instanceof Date ? value : new Date(value))
  } catch {
    return 'Invalid date'
  }
}

const countFormat = new Intl.NumberFormat('en-US')

export function formatCount(value: number): string {
  return countFormat.format(value)
}
