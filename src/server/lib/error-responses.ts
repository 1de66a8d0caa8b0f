import { ApiErrorSchema } from '#shared/errors.ts'

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503
type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof ApiErrorSchema }

/** A route schema's error answers, each the one error shape; a new object per call (security.ts adds 429 to it). */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as ErrorResponses<S>
}
