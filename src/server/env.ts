import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

/** docs/architecture.md §5: every variable is optional. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DATABASE_DIRECT_URL: optional,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  BASE_URL: optional,
  SESSION_SECRET: optional,
  ADMIN_EMAILS: optional,
  ALPHA_PASSWORD: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Fieldmark <no-reply@fieldmark.local>'),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: optional,
  AI_BASE_URL: optional,
  AI_API_KEY: optional,
  AI_MODEL: optional,
  AI_VISION_MODEL: optional,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
  OIDC_ISSUER: optional,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  LOG_LEVEL: z.string().default('info'),
  BENCH_ROUTES: optional,
  TRUST_PROXY: optional,
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN needs 16 characters or more'),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** The server itself when DATABASE_URL is a transaction-mode pooler: migrations and LISTEN go there (ADR 101). */
  databaseDirectUrl: string | undefined
  webConcurrency: number
  /** After SIGTERM, how long requests in flight may take before they are cut (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number
  baseUrl: string
  sessionSecret: string
  adminEmails: string[]
  alphaPassword: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** SMTP_TIMEOUT_MS, at most a minute: a send ends well within the outbox's 5-minute lease, so is not sent twice. */
  smtpTimeoutMs: number
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined
  s3: S3Config | undefined
  logLevel: string
  benchRoutes: boolean
  /** Fastify trustProxy: behind a reverse proxy, so rate limits see the client's address. */
  trustProxy: boolean | number | string
  /** An OpenAI-compatible service (docs/architecture.md §3 AI); undefined = built-in assistant, no photo analysis. */
  ai: AiConfig | undefined
  chatRateLimit: number | undefined
  /** WRITE_RATE_LIMIT: writes per member per minute on every write route, the specific write limits included. */
  writeRateLimit: number | undefined
  /** The bearer token GET /metrics wants (METRICS_TOKEN); undefined = /metrics answers 404 to everyone. */
  metricsToken: string | undefined
}

export type AiConfig = {
  baseUrl: string
  apiKey: string
  model: string
  visionModel: string
  /** Per call to the service; past it the assistant answers from its own knowledge. */
  timeoutMs: number
}

const AI_REQUIRED = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const

/** AI_BASE_URL, AI_API_KEY and AI_MODEL together, or none (a partial set is a mistake worth stopping for). */
function parseAi(e: z.infer<typeof EnvSchema>): AiConfig | undefined {
  const missing = AI_REQUIRED.filter((name) => e[name] === undefined)
  if (missing.length === AI_REQUIRED.length) return undefined
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\nThe AI service needs ${AI_REQUIRED.join(', ')}; missing ${missing.join(', ')}`,
    )
  }
  const model = e.AI_MODEL as string
  return {
    baseUrl: (e.AI_BASE_URL as string).replace(/\/$/, ''),
    apiKey: e.AI_API_KEY as string,
    model,
    visionModel: e.AI_VISION_MODEL ?? model,
    timeoutMs: e.AI_TIMEOUT_MS,
  }
}

export type S3Config = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** All four S3_* variables, or none: a partial set is a mistake, not a reason to write photos to local disk. */
function parseS3(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined)
  if (missing.length === S3_REQUIRED.length) return undefined
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\nS3 photo storage needs ${S3_REQUIRED.join(', ')}; missing ${missing.join(', ')}`,
    )
  }
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    region: e.S3_REGION ?? 'us-east-1',
  }
}

/** A secret generated once and kept in DATA_DIR, so sessions survive a restart without configuration. */
function storedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** `true`, a hop count (`1`), or addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); unset = the socket address. */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`PORT=` in .env) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = resolve(e.DATA_DIR)
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_URL ? (e.DATABASE_DIRECT_URL ?? e.DATABASE_URL) : undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? storedSecret(dataDir),
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    alphaPassword: e.ALPHA_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    oidc,
    s3: parseS3(e),
    logLevel: e.LOG_LEVEL,
    benchRoutes: e.BENCH_ROUTES === '1' || e.BENCH_ROUTES === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    ai: parseAi(e),
    chatRateLimit: e.CHAT_RATE_LIMIT,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
  }
}
