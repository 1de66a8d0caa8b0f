/** Longer than a provider that is up ever needs for its discovery document; short enough to wait for on a click. */
export const DISCOVERY_TIMEOUT_MS = 2_000
export const DISCOVERY_CACHE_MS = 60_000

export function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
}

async function answersDiscovery(url: string, timeoutMs: number): Promise<boolean> {
  try {
    // The signal also bounds reading the body: a provider that sends headers and then stalls fails too.
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
    if (!res.ok) return false
    const document = (await res.json()) as { authorization_endpoint?: unknown }
    return typeof document.authorization_endpoint === 'string'
  } catch {
    return false
  }
}

/** Whether the provider answers its discovery document; a good answer is kept `cacheMs`, checks at once share one. */
export function providerCheck(issuer: string, { timeoutMs = DISCOVERY_TIMEOUT_MS, cacheMs = DISCOVERY_CACHE_MS } = {}) {
  const url = discoveryUrlOf(issuer)
  let goodUntil = 0
  let inFlight: Promise<boolean> | undefined
  return async function providerAnswers(): Promise<boolean> {
    if (performance.now() < goodUntil) return true
    inFlight ??= answersDiscovery(url, timeoutMs).then((up) => {
      if (up) goodUntil = performance.now() + cacheMs
      inFlight = undefined
      return up
    })
    return inFlight
  }
}
