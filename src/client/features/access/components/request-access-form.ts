import type { ExperienceLevel } from '#shared/constants.ts'
import type { BetaAccessRequest } from '#shared/schemas/access.ts'
import { BetaAccessRequestSchema } from '#shared/schemas/access.ts'

export type RequestAccessValues = {
  email: string
  firstName: string
  lastName: string
  huntingExperience: ExperienceLevel | ''
  location: string
  reason: string
}
export type RequestAccessField = keyof RequestAccessValues
export type RequestAccessErrors = Partial<Record<RequestAccessField, string>>

export const EMPTY_REQUEST_ACCESS: RequestAccessValues = {
  email: '',
  firstName: '',
  lastName: '',
  huntingExperience: '',
  location: '',
  reason: '',
}

const FIELDS = new Set<string>(Object.keys(EMPTY_REQUEST_ACCESS))

/** The first message per field, from zod issues or from the server's `issues` ({path, message}). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const errors: RequestAccessErrors = {}
  for (const issue of issues) {
    const key = String(typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0])
    if (FIELDS.has(key) && !errors[key as RequestAccessField]) errors[key as RequestAccessField] = issue.message
  }
  return errors
}

/** docs/product.md §5 validation with the shared schema (its messages are docs/product.md's). */
export function validateRequestAccess(
  values: RequestAccessValues,
): { ok: true; data: BetaAccessRequest } | { ok: false; errors: RequestAccessErrors } {
  const parsed = BetaAccessRequestSchema.safeParse({
    ...values,
    huntingExperience: values.huntingExperience || undefined,
    reason: values.reason.trim() ? values.reason : undefined,
  })
  if (parsed.success) return { ok: true, data: parsed.data }
  return { ok: false, errors: fieldErrors(parsed.error.issues) }
}
