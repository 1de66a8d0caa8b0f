import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from '../../playwright.config.ts'
import type { Measurement, MeasurementPage } from '../../src/shared/schemas/measurements.ts'
import { look } from './support/look.ts'
import { signInAdmin, signUpApprovedMember } from './support/members.ts'

// Offline use: the app installs a service worker on the first visit; offline, the shell and the member's
// recent measurements still open; a catch recorded offline (with a photo) is kept in IndexedDB and shown as
// 'Waiting to sync', survives closing the page, and is uploaded when the connection returns, exactly once.

const member = {
  email: `offline-${Date.now()}@fieldmark.test`,
  password: 'Offline-password-42',
  firstName: 'Olive',
  lastName: 'Offgrid',
}
const origin = { origin: E2E.baseURL }

/** A measurement made through the API (another device, say), with quick values only. */
async function createFish(request: APIRequestContext, speciesId: string, caption: string): Promise<string> {
  const id = randomUUID()
  const res = await request.post('/api/measurements', {
    headers: origin,
    data: {
      id,
      speciesId,
      quick: { lengthIn: 26, weightLbs: 6.5 },
      method: 'scale',
      takenAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      caption,
      photoIds: [],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return id
}

/** A small real JPEG: a bass-ish shape on water. */
function bassPhoto(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#2f5d62"/><ellipse cx="380" cy="300" rx="250" ry="90" fill="#6b8e23"/><path d="M620 300 L740 210 L740 390 Z" fill="#556b2f"/><circle cx="190" cy="280" r="12" fill="#111"/></svg>'
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

type StoredEntry = {
  id: string
  state: string
  input: { caption?: string }
  photos: { id: string; confirmed: boolean }[]
}

// This file is type-checked without the DOM library: what the browser-side callbacks touch, declared here.
type IdbRequest<T> = { result: T; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null }
type IdbDatabase = {
  objectStoreNames: { contains(name: string): boolean }
  transaction(store: string): { objectStore(name: string): { getAll(): IdbRequest<unknown[]> } }
  close(): void
}
type BrowserGlobals = {
  indexedDB: { open(name: string): IdbRequest<IdbDatabase> }
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } }
  caches: { keys(): Promise<string[]> }
}

/** The outbox's IndexedDB, read with the plain API (what the page itself has stored). */
function outboxEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = (globalThis as unknown as BrowserGlobals).indexedDB.open('fieldmark-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('entries')) {
            db.close()
            resolve([])
            return
          }
          const all = db.transaction('entries').objectStore('entries').getAll()
          all.onsuccess = () => {
            db.close()
            resolve(all.result as StoredEntry[])
          }
          all.onerror = () => reject(all.error)
        }
      }),
  )
}

async function pickSpecies(dialog: Locator, search: string, name: string) {
  const combobox = dialog.getByRole('combobox', { name: 'Species' })
  await combobox.fill(search)
  await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click()
  await expect(combobox).toHaveValue(name)
}

async function serverList(request: APIRequestContext): Promise<Measurement[]> {
  const res = await request.get('/api/measurements?limit=50')
  expect(res.ok()).toBe(true)
  return ((await res.json()) as MeasurementPage).items
}

test('offline: the shell and recent measurements open, a catch recorded offline syncs exactly once', async ({
  context,
  page,
  playwright,
}) => {
  test.setTimeout(120_000)
  const adminRequest = await playwright.request.newContext({ baseURL: E2E.baseURL })
  await signInAdmin(adminRequest)
  await signUpApprovedMember(page, adminRequest, member)
  await createFish(page.request, 'walleye', 'Walleye from the dock')
  const walleye = (p: Page) => p.getByRole('link', { name: 'Walleye', exact: true })

  // Online once: the service worker installs and takes control (no reload needed), then a second load goes
  // through it, so the member's data lands in its runtime cache.
  await page.goto('/')
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(
    () => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller !== null,
  )
  await page.reload()
  await expect(walleye(page)).toBeVisible()
  // A share page always comes from the server online (its link-preview tags): an unknown id is its 404.
  const unknownShare = `/share/${randomUUID()}`
  expect((await page.goto(unknownShare))?.status()).toBe(404)
  await page.goto('/measurements')
  await expect(page.getByRole('heading', { name: 'Your Measurements', level: 1 })).toBeVisible()
  await expect(walleye(page).first()).toBeVisible()
  await page.goto('/')
  await expect(walleye(page)).toBeVisible()

  // Offline: a reload shows the shell and the recent measurements from the cache. A measurement made on
  // another device meanwhile is not there, which proves the list came from the cache, not the server.
  await context.setOffline(true)
  await createFish(page.request, 'rainbow-trout', 'Trout from another device')
  expect((await serverList(page.request)).map((m) => m.speciesId)).toContain('rainbow-trout')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Recent Measurements' })).toBeVisible()
  await expect(walleye(page)).toBeVisible()
  await expect(page.getByRole('link', { name: /^Rainbow Trout/ })).toHaveCount(0)
  await look(page, 'offline-01-dashboard')
  // Offline, the same share link opens the app shell instead of the browser's error page.
  expect((await page.goto(unknownShare))?.status()).toBe(200)
  await expect(page.getByRole('banner').getByRole('button', { name: 'New Measurement' })).toBeVisible()
  await page.goto('/')

  // Record a bass with a photo, offline, through the dialog.
  await page.getByRole('banner').getByRole('button', { name: 'New Measurement' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  await expect(dialog.getByRole('heading', { name: 'Photos' })).toBeVisible()
  await dialog.getByTestId('add-photo-input').setInputFiles({
    name: 'offline-bass.jpg',
    mimeType: 'image/jpeg',
    buffer: await bassPhoto(),
  })
  await expect(dialog.getByRole('img', { name: 'offline-bass.jpg (cover)' })).toBeVisible()
  await pickSpecies(dialog, 'largemouth', 'Largemouth Bass')
  await dialog.getByRole('textbox', { name: 'Length (in)' }).fill('19.5')
  await dialog.getByRole('textbox', { name: 'Girth (in)' }).fill('14')
  await dialog.getByLabel('Caption (optional)').fill('E2E offline bass')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()

  // It waits in IndexedDB and on the pages.
  const [stored] = await outboxEntries(page)
  expect(stored?.state).toBe('waiting')
  expect(stored?.input.caption).toBe('E2E offline bass')
  expect(stored?.photos).toHaveLength(1)
  const measurementId = stored?.id ?? ''
  const photoId = stored?.photos[0]?.id ?? ''
  await expect(page.getByText('1 measurement is waiting to sync.')).toBeVisible()
  await page.getByRole('link', { name: 'See it' }).click()
  const waitingCard = page.getByTestId('outbox-card')
  await expect(waitingCard).toHaveCount(1)
  await expect(waitingCard.getByText('Waiting to sync')).toBeVisible()
  await expect(waitingCard.getByRole('heading', { name: 'Largemouth Bass' })).toBeVisible()
  await expect(waitingCard.locator('img')).toHaveAttribute('src', /^blob:/)
  await look(page, 'offline-02-waiting')

  // Close the page; a new one (still offline) gets the shell from the service worker, and the entry is there.
  await page.close()
  const reopened = await context.newPage()
  await reopened.goto('/measurements')
  await expect(reopened.getByRole('heading', { name: 'Your Measurements', level: 1 })).toBeVisible()
  const card = reopened.getByTestId('outbox-card')
  await expect(card.getByText('Waiting to sync')).toBeVisible()
  expect((await outboxEntries(reopened)).map((e) => e.id)).toEqual([measurementId])
  expect((await serverList(reopened.request)).some((m) => m.id === measurementId)).toBe(false)
  await look(reopened, 'offline-03-reopened')

  // Back online: the outbox sends it by itself, once.
  await context.setOffline(false)
  await expect(card).toHaveCount(0, { timeout: 20_000 })
  await expect(reopened.getByRole('link', { name: 'Largemouth Bass', exact: true }).first()).toBeVisible()
  await expect(reopened.getByRole('link', { name: /^Rainbow Trout/ }).first()).toBeVisible()
  expect(await outboxEntries(reopened)).toEqual([])

  const onServer = (await serverList(reopened.request)).filter((m) => m.caption === 'E2E offline bass')
  expect(onServer.map((m) => m.id)).toEqual([measurementId])
  const [saved] = onServer
  expect(saved?.speciesId).toBe('largemouth-bass')
  expect(saved?.photos.map((p) => p.id)).toEqual([photoId])
  const thumb = await reopened.request.get(`/api/photos/${photoId}/thumb`)
  expect(thumb.status()).toBe(200)
  expect(thumb.headers()['content-type']).toBe('image/webp')
  await look(reopened, 'offline-04-synced')

  // Signing out forgets the member's cached data (the service worker clears its runtime caches).
  const cachedBefore = await reopened.evaluate(() => (globalThis as unknown as BrowserGlobals).caches.keys())
  expect(cachedBefore).toContain('fieldmark-api')
  await reopened.goto('/api/logout')
  await expect(reopened.getByRole('heading', { name: 'Measure Your Trophy', level: 1 })).toBeVisible()
  const cacheNames = await reopened.evaluate(() => (globalThis as unknown as BrowserGlobals).caches.keys())
  expect(cacheNames.filter((name) => name === 'fieldmark-api' || name === 'fieldmark-photos')).toEqual([])
  await adminRequest.dispose()
})
