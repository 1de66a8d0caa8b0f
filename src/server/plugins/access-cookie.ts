import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import type { SessionCheck } from './session-cache.ts'

const FORMAT = 'a1'
/** Browsers keep cookies up to about 4 KB; a check that would not fit is not sent (the database answers instead). */
const MAX_VALUE_CHARS = 3_800

export function cookieValue(cookieHeader: string | undefined, names: readonly string[]): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (names.includes(part.slice(0, eq).trim())) return part.slice(eq + 1).trim()
  }
  return undefined
}

/** Ties a check to the session cookie it was made for: sent with any other session, it is ignored. */
function bindingOf(sessionKey: string): string {
  return createHash('sha256').update(sessionKey).digest('base64url').slice(0, 22)
}

/** A signed copy of a session's database check, trusted by any process while SessionCache.isCurrent holds (ADR 019). */
export class AccessCookie {
  readonly name: string
  readonly #key: Buffer
  readonly #attributes: string

  constructor(secret: string, secure: boolean) {
    this.name = secure ? '__Secure-fieldmark.access' : 'fieldmark.access'
    // A key of its own: a value better-auth signs with the secret can never pass as an access cookie.
    this.#key = createHmac('sha256', secret).update('fieldmark access cookie').digest()
    this.#attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  }

  /** The Set-Cookie header carrying this check of the session, or undefined when it would be too long. */
  issue(sessionKey: string, check: SessionCheck, now = Date.now()): string | undefined {
    const claim = { u: check.user, b: bindingOf(sessionKey), c: check.checkedAt, v: check.validUntil }
    const payload = `${FORMAT}.${Buffer.from(JSON.stringify(claim)).toString('base64url')}`
    const value = `${payload}.${this.#sign(payload)}`
    if (value.length > MAX_VALUE_CHARS) return undefined
    const maxAge = Math.max(0, Math.floor((check.validUntil - now) / 1000))
    return `${this.name}=${value}; Max-Age=${maxAge}; ${this.#attributes}`
  }

  read(cookieHeader: string | undefined, sessionKey: string, now = Date.now()): SessionCheck | undefined {
    const value = cookieValue(cookieHeader, [this.name])
    if (!value) return undefined
    const dot = value.lastIndexOf('.')
    const payload = value.slice(0, dot)
    if (dot < 0 || !payload.startsWith(`${FORMAT}.`)) return undefined
    const expected = Buffer.from(this.#sign(payload))
    const given = Buffer.from(value.slice(dot + 1))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    let claim: { u?: unknown; b?: unknown; c?: unknown; v?: unknown }
    try {
      claim = JSON.parse(Buffer.from(payload.slice(FORMAT.length + 1), 'base64url').toString())
    } catch {
      return undefined
    }
    if (claim.b !== bindingOf(sessionKey) || typeof claim.c !== 'number' || typeof claim.v !== 'number') {
      return undefined
    }
    if (now >= claim.v) return undefined
    const user = AuthUserSchema.safeParse(claim.u)
    return user.success ? { user: user.data, checkedAt: claim.c, validUntil: claim.v } : undefined
  }

  /** Whether the request carries an access cookie at all (to clear it once its session is gone). */
  sent(cookieHeader: string | undefined): boolean {
    return cookieValue(cookieHeader, [this.name]) !== undefined
  }

  clear(): string {
    return `${this.name}=; Max-Age=0; ${this.#attributes}`
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url')
  }
}
