import { z } from 'zod'

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  /** A feature needing a service this server has not configured (photo analysis without AI_BASE_URL). */
  'NOT_CONFIGURED',
  /** A service this server calls (the AI provider) failed or answered nonsense. */
  'UPSTREAM_FAILED',
  /** The server is at capacity for this work (decoding photos); the answer's Retry-After says when to try again. */
  'BUSY',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
  UPSTREAM_FAILED: 502,
  BUSY: 503,
}

export const ApiIssueSchema = z.object({ path: z.string(), message: z.string() })
export type ApiIssue = z.infer<typeof ApiIssueSchema>

/** The one error shape every API route answers with. `message` is safe to show to a person. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(ApiIssueSchema).optional(),
    /** The request's id (its X-Request-Id header, in the server's log lines): quote it when reporting a problem. */
    requestId: z.string().optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

/** Thrown by services; the server's error handler maps it to its status. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly issues: ApiIssue[] | undefined
  constructor(code: ErrorCode, message: string, issues?: ApiIssue[]) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.issues = issues
  }
}
