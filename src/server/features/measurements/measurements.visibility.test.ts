import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocationPrecision, Measurement, MeasurementPage, Visibility } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, TEST_BASE_URL, type TestApp } from '#tests/support/test-app.ts'

// Who sees what (docs/architecture.md §2): each visibility × each kind of viewer, on the API, the member's list,
// the share API and the share page; and the location at the owner's precision, never more, for every viewer.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Fieldmark — measure and score your trophy</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc123.js"></script>
  </body>
</html>
`

let t: TestApp
let clientDir: string
let owner: SignedInUser
let other: SignedInUser
let pending: SignedInUser

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'fm-test-client-'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  t = await createTestApp({ clientDir })
  owner = await createUser(t, { verify: 'mark', firstName: 'Ada', lastName: 'Lovelace' })
  other = await createUser(t, { verify: 'mark', firstName: 'Bo' })
  pending = await createUser(t, { verify: 'mark', state: 'pending' })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

const PLACE = { region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234 }

type Viewer = 'owner' | 'other' | 'signed-out' | 'pending'
const cookieOf = (viewer: Viewer) =>
  viewer === 'owner'
    ? owner.cookie
    : viewer === 'other'
      ? other.cookie
      : viewer === 'pending'
        ? pending.cookie
        : undefined

describe('visibility × viewer', () => {
  const made = {} as Record<Visibility, Measurement>

  beforeAll(async () => {
    for (const visibility of ['private', 'followers', 'public'] as const) {
      made[visibility] = await createMeasurement(t, owner.cookie, {
        visibility,
        notes: 'secret stand',
        caption: `a ${visibility} buck`,
        location: { ...PLACE, precision: 'exact' },
      })
    }
  })

  // GET /api/measurements/:id is an app route: signed out 401, pending 403; then visibility decides.
  const READ: [Visibility, Viewer, number][] = [
    ['private', 'owner', 200],
    ['private', 'other', 404],
    ['private', 'signed-out', 401],
    ['private', 'pending', 403],
    ['followers', 'owner', 200],
    ['followers', 'other', 404],
    ['followers', 'signed-out', 401],
    ['followers', 'pending', 403],
    ['public', 'owner', 200],
    ['public', 'other', 200],
    ['public', 'signed-out', 401],
    ['public', 'pending', 403],
  ]

  it.each(READ)('GET /api/measurements/:id, %s, seen by %s: %i', async (visibility, viewer, status) => {
    const res = await get(`/api/measurements/${made[visibility].id}`, cookieOf(viewer))
    expect(res.statusCode, res.body).toBe(status)
    if (status === 404) expectApiError(res, 404, 'Measurement not found')
    if (status !== 200) return
    const m = res.json() as Measurement
    if (viewer === 'owner') {
      expect(m).toMatchObject({ isOwner: true, notes: 'secret stand', caption: `a ${visibility} buck` })
    } else {
      expect(m).toMatchObject({ isOwner: false, notes: null, caption: `a ${visibility} buck`, owner: { id: owner.id } })
    }
  })

  it('nobody else’s measurements appear in a member’s list, public ones included', async () => {
    const page = (await get('/api/measurements', other.cookie)).json() as MeasurementPage
    const ids = page.items.map((m) => m.id)
    for (const m of Object.values(made)) expect(ids).not.toContain(m.id)
    expect(page.items.every((m) => m.owner.id === other.id)).toBe(true)
    const mine = (await get('/api/measurements', owner.cookie)).json() as MeasurementPage
    expect(mine.items.map((m) => m.id)).toEqual(expect.arrayContaining(Object.values(made).map((m) => m.id)))
  })

  const SHARE: [Visibility, Viewer, number][] = (['private', 'followers', 'public'] as const).flatMap((visibility) =>
    (['owner', 'other', 'signed-out', 'pending'] as const).map(
      (viewer) => [visibility, viewer, visibility === 'public' ? 200 : 404] as [Visibility, Viewer, number],
    ),
  )

  it.each(SHARE)('GET /api/share/:id, %s, seen by %s: %i', async (visibility, viewer, status) => {
    const res = await get(`/api/share/${made[visibility].id}`, cookieOf(viewer))
    if (status === 404) {
      expectApiError(res, 404, 'Not found')
      return
    }
    expect(res.statusCode, res.body).toBe(200)
    const shared = res.json()
    expect(shared).not.toHaveProperty('notes')
    expect(shared).not.toHaveProperty('isOwner')
    expect(res.body).not.toContain('secret stand')
    expect(shared).toMatchObject({
      id: made.public.id,
      species: 'Whitetail Deer',
      scoreText: '152 4/8',
      caption: 'a public buck',
      owner: { id: owner.id, firstName: 'Ada' },
      location: { precision: 'region', region: PLACE.region, lat: null, lon: null },
    })
  })

  it.each(SHARE)('GET /share/:id (page), %s, seen by %s: %i', async (visibility, viewer, status) => {
    const res = await get(`/share/${made[visibility].id}`, cookieOf(viewer))
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('/assets/index-abc123.js')
    if (status === 404) {
      expect(res.body).toBe(INDEX_HTML)
      expect(res.body).not.toContain('og:')
    } else {
      expect(res.body).toContain('<meta property="og:title" content="Ada&#39;s Whitetail Deer — 152 4/8 B&amp;C">')
      expect(res.body).not.toContain('secret stand')
      expect(res.body).not.toContain(String(PLACE.lat))
    }
  })

  it('answers 404 for an unknown or malformed id, on the API and the page', async () => {
    expectApiError(await get('/api/share/6c1a3a0e-5a55-4b5e-9d0c-2f1d5b0b8a11'), 404, 'Not found')
    expectApiError(await get('/api/share/abc'), 400, 'id: id must be a UUID')
    for (const url of ['/share/6c1a3a0e-5a55-4b5e-9d0c-2f1d5b0b8a11', '/share/abc', '/share/%3Cscript%3E']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body).toBe(INDEX_HTML)
    }
  })
})

describe('the share page’s link preview tags', () => {
  it('carries title, description, absolute image and url, article type and a large card', async () => {
    const upload = await uploadPhoto(t, owner.cookie, await jpeg(64, 48))
    const photoId = upload.json().id as string
    const m = await createMeasurement(t, owner.cookie, {
      visibility: 'public',
      caption: 'Opening morning',
      photoIds: [photoId],
      location: { ...PLACE, precision: 'km' },
    })
    const res = await get(`/share/${m.id}`)
    expect(res.statusCode).toBe(200)
    const tags = metaContents(res.body)
    const title = "Ada's Whitetail Deer — 152 4/8 B&C"
    const description =
      'Whitetail Deer · Score 152 4/8 B&C · Trophy class: trophy · Sheridan County, Montana · Opening morning'
    const image = `${TEST_BASE_URL}/api/photos/${photoId}/display`
    expect(tags).toEqual({
      'og:type': 'article',
      'og:site_name': 'Fieldmark',
      'og:title': title,
      'og:description': description,
      'og:url': `${TEST_BASE_URL}/share/${m.id}`,
      'og:image': image,
      'twitter:card': 'summary_large_image',
      'twitter:title': title,
      'twitter:description': description,
      'twitter:image': image,
    })
    // The tags are in <head>, and the page's title is the share title.
    const head = res.body.slice(0, res.body.indexOf('</head>'))
    expect(head).toContain('og:image')
    expect(res.body).toContain(`<title>Ada&#39;s Whitetail Deer — 152 4/8 B&amp;C · Fieldmark</title>`)
  })

  it('without a score uses the length; without a photo, a small card and no image', async () => {
    const m = await createMeasurement(t, owner.cookie, {
      visibility: 'public',
      speciesId: 'ring-necked-pheasant',
      sheet: undefined,
      quick: { lengthIn: 34.5 },
      location: { ...PLACE, precision: 'hidden' },
    })
    const tags = metaContents((await get(`/share/${m.id}`)).body)
    expect(tags['og:title']).toBe("Ada's Ring-necked Pheasant — 34 4/8 in")
    expect(tags['og:description']).toBe('Ring-necked Pheasant · Trophy class: standard')
    expect(tags['twitter:card']).toBe('summary')
    expect(tags).not.toHaveProperty('og:image')
  })

  it('gives a fish its estimated weight to two decimals, as the app shows it', async () => {
    const m = await createMeasurement(t, owner.cookie, {
      visibility: 'public',
      speciesId: 'largemouth-bass',
      sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: '12 5/8', girthIn: 9 } },
      location: { ...PLACE, precision: 'hidden' },
    })
    expect(m.score).toBe(1.278)
    const tags = metaContents((await get(`/share/${m.id}`)).body)
    expect(tags['og:title']).toBe("Ada's Largemouth Bass — 1.28 lb (est.)")
    expect(tags['og:description']).toBe('Largemouth Bass · Weight 1.28 lb (est.) · Trophy class: standard')
  })

  it('escapes everything a member typed: a name and a caption with markup and quotes', async () => {
    const mallory = await createUser(t, {
      verify: 'mark',
      firstName: '<script>alert("x")</script>',
      lastName: "O'Neil",
    })
    const m = await createMeasurement(t, mallory.cookie, {
      visibility: 'public',
      caption: `"><script>alert('caption')</script> & <b>bold</b>`,
    })
    const res = await get(`/share/${m.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert')
    expect(res.body).not.toContain('<b>bold')
    expect(res.body).toContain(
      '<meta property="og:title" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;s Whitetail Deer — 152 4/8 B&amp;C">',
    )
    expect(res.body).toContain(
      '&quot;&gt;&lt;script&gt;alert(&#39;caption&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    )
    // Read back as a browser would, the tags hold exactly what was typed.
    expect(metaContents(res.body)['og:title']).toBe(`<script>alert("x")</script>'s Whitetail Deer — 152 4/8 B&C`)
    // Only the page's own script remains.
    expect(res.body.match(/<script/g)).toHaveLength(1)
  })
})

describe('location precision × viewer', () => {
  const EXPECTED: Record<LocationPrecision, { other: object; shared: object }> = {
    exact: {
      other: { precision: 'exact', ...PLACE },
      shared: { precision: 'region', region: PLACE.region, lat: null, lon: null },
    },
    km: {
      other: { precision: 'km', region: PLACE.region, lat: 44.82, lon: -106.95 },
      shared: { precision: 'region', region: PLACE.region, lat: null, lon: null },
    },
    region: {
      other: { precision: 'region', region: PLACE.region, lat: null, lon: null },
      shared: { precision: 'region', region: PLACE.region, lat: null, lon: null },
    },
    hidden: {
      other: { precision: 'hidden', region: null, lat: null, lon: null },
      shared: { precision: 'hidden', region: null, lat: null, lon: null },
    },
  }

  it.each(Object.keys(EXPECTED) as LocationPrecision[])('%s', async (precision) => {
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public', location: { ...PLACE, precision } })
    // The owner: everything, in the create answer, the list and the detail.
    const full = { precision, ...PLACE }
    expect(m.location).toEqual(full)
    expect((await get(`/api/measurements/${m.id}`, owner.cookie)).json().location).toEqual(full)
    const page = (await get('/api/measurements?limit=50', owner.cookie)).json() as MeasurementPage
    expect(page.items.find((item) => item.id === m.id)?.location).toEqual(full)

    // Another member, and a stranger through the share API and page.
    const seen = await get(`/api/measurements/${m.id}`, other.cookie)
    expect(seen.json().location).toEqual(EXPECTED[precision].other)
    const shared = await get(`/api/share/${m.id}`)
    expect(shared.json().location).toEqual(EXPECTED[precision].shared)
    const pageHtml = (await get(`/share/${m.id}`)).body

    // Not a digit more anywhere in the answers than allowed.
    if (precision !== 'exact') expect(seen.body).not.toContain('44.823456')
    expect(shared.body).not.toContain('44.82')
    expect(pageHtml).not.toContain('44.82')
    if (precision === 'hidden') {
      for (const body of [seen.body, shared.body, pageHtml]) expect(body).not.toContain('Sheridan')
    } else {
      expect(pageHtml).toContain('Sheridan County, Montana')
    }
  })
})

/** The content of every `<meta property|name="…" content="…">` tag, unescaped as a browser reads it. */
function metaContents(html: string): Record<string, string> {
  const decode = (text: string) =>
    text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&')
  const tags: Record<string, string> = {}
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[match[1] as string] = decode(match[2] as string)
  }
  return tags
}
