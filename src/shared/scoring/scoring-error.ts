/** The one error the scoring engine throws: an invalid sheet or measurement. The message is safe to show. */
export class ScoringError extends Error {
  override readonly name = 'ScoringError'
  /** Where the problem is, e.g. `measurements.right.G2`; empty for the sheet as a whole. */
  readonly field: string
  /** The same place as a path, e.g. `['measurements', 'right', 'abnormal', 1]`, to match a form input. */
  readonly path: readonly (string | number)[]
  /** The problem without the field, e.g. `"abc" is not a measurement`. */
  readonly detail: string

  constructor(detail: string, path: readonly (string | number)[] = []) {
    const field = formatPath(path)
    super(field ? `${field}: ${detail}` : detail)
    this.detail = detail
    this.path = path
    this.field = field
  }
}

/** `['measurements', 'right', 'abnormal', 1]` → `measurements.right.abnormal[1]`. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part}]`
    return text ? `${text}.${part}` : part
  }, '')
}
