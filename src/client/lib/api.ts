import type { ApiIssue } from '#shared/errors.ts'

/**
 * A non-OK response. `message` is docs/product.md §8 exactly: `${status}: ${body text or status text}`.
 * `code`, `serverMessage` and `issues` come from our JSON error shape {error:{code,message,issues}}
 * or from better-auth's {code,message}; they are undefined when the body is neither.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly serverMessage: string | undefined
  readonly issues: ApiIssue[] | undefined

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
    this.status = status
    const parsed = parseErrorBody(bodyText)
    this.code = parsed.code
    this.serverMessage = parsed.message
    this.issues = parsed.issues
  }
}

type ParsedErrorBody = { code?: string; message?: string; issues?: ApiIssue[] }

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function asIssues(value: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return []
    const { path, message } = item as Record<string, unknown>
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : []
  })
}

/** Reads either error shape; anything else (HTML, plain text, empty) yields nothing. */
export function parseErrorBody(bodyText: string): ParsedErrorBody {
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch {
    return {}
  }
  if (!body || typeof body !== 'object') return {}
  const record = body as Record<string, unknown>
  const inner = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : record
  return { code: asString(inner.code), message: asString(inner.message), issues: asIssues(inner.issues) }
}

/** Throws an ApiError for any non-OK response. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const bodyText = await res.text().catch(() => '')
  throw new ApiError(res.status, res.statusText, bodyText)
}

/** docs/product.md §7: cookies always; a JSON content-type only when there is a body. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  await throwIfNotOk(res)
  return res
}

/** apiRequest + JSON body (null for an empty body). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body)
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}

/** The message a person should see: the server's own words when it sent some, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}

/** The server's words about one field (`verdict`), without the field's name in front; else errorMessage. */
export function fieldErrorMessage(error: unknown, field: string, fallback: string): string {
  const issue = error instanceof ApiError ? error.issues?.find((i) => i.path === field) : undefined
  return issue?.message ?? errorMessage(error, fallback)
}
