import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto'
import Fastify from 'fastify'

// A small OpenID Connect provider on 127.0.0.1 for the sign-in tests: discovery, authorization (no login
// screen: it signs in whoever the test named with `signInAs`), token (client secret, single-use code,
// redirect_uri and PKCE checked like a real provider) and userinfo. It is the one edge of OIDC we don't own.

/** The claims the provider knows about its user, as a userinfo endpoint answers them. */
export type OidcProfile = {
  sub: string
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
  name?: string
  picture?: string
}

/**
 * How the token endpoint answers: an access token only (the app reads the profile from userinfo), or also an
 * ID token signed with the key the provider publishes, or one signed with a key it does not publish.
 */
export type IdTokenMode = 'none' | 'signed' | 'foreign-key'

/**
 * How the provider is down: every request waits unanswered until the test ends it (a stalled server or a
 * network that drops packets), or every request gets a 503 (a proxy in front of a stopped provider).
 */
export type Outage = 'hang' | 'error'

type AuthorizationRequest = {
  profile: OidcProfile
  idToken: IdTokenMode
  clientId: string
  redirectUri: string
  codeChallenge: string
  nonce: string | undefined
  scope: string
}

export type FakeOidc = {
  issuer: string
  clientId: string
  clientSecret: string
  /** The user the provider's next authorization request signs in (a real provider shows its login screen). */
  signInAs: (profile: OidcProfile, opts?: { idToken?: IdTokenMode }) => void
  /** Each token request and why it was refused, if it was. */
  tokenRequests: { ok: boolean; error?: string }[]
  /** How many times the discovery document was asked for, answered or not. */
  discoveryRequests: () => number
  /** Takes the provider down (or brings it back with null). */
  setOutage: (outage: Outage | null) => void
  close: () => Promise<void>
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url')
}

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))
  const payload = base64url(JSON.stringify(claims))
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key)
  return `${header}.${payload}.${base64url(signature)}`
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

function clientCredentials(authorization: string | undefined, body: Record<string, string>) {
  if (authorization?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':')
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') }
  }
  return { id: body.client_id, secret: body.client_secret }
}

export async function startFakeOidc(opts: { clientId?: string; clientSecret?: string } = {}): Promise<FakeOidc> {
  const clientId = opts.clientId ?? 'fieldmark-test'
  const clientSecret = opts.clientSecret ?? `secret-${randomBytes(8).toString('hex')}`
  const kid = 'test-key-1'
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

  let current: { profile: OidcProfile; idToken: IdTokenMode } | undefined
  const codes = new Map<string, AuthorizationRequest>()
  const accessTokens = new Map<string, OidcProfile>()
  const tokenRequests: FakeOidc['tokenRequests'] = []
  let discoveryRequests = 0
  let outage: Outage | null = null
  const stalled = new Set<() => void>()
  const releaseStalled = () => {
    for (const release of stalled) release()
    stalled.clear()
  }

  // Closing ends kept-alive connections too: the app's own may still be open after an outage.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/.well-known/')) discoveryRequests += 1
    if (outage === 'error') return reply.status(503).send({ error: 'temporarily_unavailable' })
    if (outage === 'hang') {
      // Answered only when the provider closes, so the test run does not keep a socket open.
      await new Promise<void>((resolve) => stalled.add(resolve))
      return reply.status(503).send({ error: 'temporarily_unavailable' })
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  // Known once listening; the routes read it per request.
  let issuer = ''

  app.get('/.well-known/openid-configuration', async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name'],
  }))

  app.get('/jwks', async () => ({
    keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }],
  }))

  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>
    if (q.response_type !== 'code') return reply.status(400).send({ error: 'unsupported_response_type' })
    if (q.client_id !== clientId) return reply.status(400).send({ error: 'unauthorized_client' })
    if (!q.redirect_uri || !q.state) return reply.status(400).send({ error: 'invalid_request' })
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) {
      return reply.status(400).send({ error: 'invalid_request', error_description: 'PKCE (S256) is required' })
    }
    if (!current) return reply.status(401).send({ error: 'login_required' })
    const code = randomBytes(16).toString('base64url')
    codes.set(code, {
      ...current,
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      nonce: q.nonce,
      scope: q.scope ?? '',
    })
    const back = new URL(q.redirect_uri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', q.state)
    back.searchParams.set('iss', issuer)
    return reply.redirect(back.toString())
  })

  app.post('/token', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string>
    const refuse = (status: number, error: string) => {
      tokenRequests.push({ ok: false, error })
      return reply.status(status).send({ error })
    }
    const client = clientCredentials(req.headers.authorization, body)
    if (client.id !== clientId || client.secret !== clientSecret) return refuse(401, 'invalid_client')
    if (body.grant_type !== 'authorization_code') return refuse(400, 'unsupported_grant_type')
    const grant = body.code ? codes.get(body.code) : undefined
    if (!grant || !body.code) return refuse(400, 'invalid_grant')
    codes.delete(body.code) // single use, even when the rest of the request is wrong
    if (grant.clientId !== client.id || grant.redirectUri !== body.redirect_uri) return refuse(400, 'invalid_grant')
    if (!body.code_verifier || s256(body.code_verifier) !== grant.codeChallenge) return refuse(400, 'invalid_grant')

    const accessToken = randomBytes(24).toString('base64url')
    accessTokens.set(accessToken, grant.profile)
    tokenRequests.push({ ok: true })
    const now = Math.floor(Date.now() / 1000)
    const idToken =
      grant.idToken === 'none'
        ? undefined
        : signJwt(
            { iss: issuer, aud: clientId, iat: now, exp: now + 300, nonce: grant.nonce, ...grant.profile },
            grant.idToken === 'signed' ? privateKey : foreignKey,
            kid,
          )
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: grant.scope,
      ...(idToken ? { id_token: idToken } : {}),
    }
  })

  app.get('/userinfo', async (req, reply) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '')
    const profile = token ? accessTokens.get(token) : undefined
    if (!profile) return reply.status(401).send({ error: 'invalid_token' })
    return profile
  })

  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('fake OIDC provider has no port')
  issuer = `http://127.0.0.1:${address.port}`

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (profile, o = {}) => {
      current = { profile, idToken: o.idToken ?? 'none' }
    },
    tokenRequests,
    discoveryRequests: () => discoveryRequests,
    setOutage: (next) => {
      outage = next
      if (next !== 'hang') releaseStalled()
    },
    close: async () => {
      releaseStalled()
      await app.close()
    },
  }
}
