import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from '../../playwright.config.ts'
import { signInAdmin, signUpApprovedMember } from './support/members.ts'

// The service worker's photo cache: a member's photos still show offline, and a photo whose catch was made private
// stops showing to someone who saw it before, once the browser asks the server again.

const origin = { origin: E2E.baseURL }
const stamp = Date.now()
const owner = {
  email: `photo-owner-${stamp}@fieldmark.test`,
  password: 'Photo-owner-42',
  firstName: 'Oona',
  lastName: 'Owner',
}
const follower = {
  email: `photo-fan-${stamp}@fieldmark.test`,
  password: 'Photo-fan-42',
  firstName: 'Finn',
  lastName: 'Fan',
}

// This file is type-checked without the DOM library: what the browser-side callbacks touch, declared here.
type BrowserGlobals = {
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } }
  fetch(url: string): Promise<{ status: number }>
}

const measurementBody = (id: string, photoId: string, visibility: 'followers' | 'private') => ({
  id,
  speciesId: 'largemouth-bass',
  quick: { lengthIn: 20, weightLbs: 4 },
  method: 'scale',
  takenAt: new Date(Date.now() - 86_400_000).toISOString(),
  caption: 'Bass for the photo cache',
  visibility,
  photoIds: [photoId],
})

async function memberId(request: APIRequestContext): Promise<string> {
  const me = await request.get('/api/auth/user')
  expect(me.ok()).toBe(true)
  return ((await me.json()) as { id: string }).id
}

/** Opens the app until the service worker controls the page, so the page's fetches go through it. */
async function controlled(page: Page): Promise<void> {
  await page.goto('/')
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(
    () => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller !== null,
  )
}

/** The status the page gets for a photo, as an <img> would: through the service worker and the HTTP cache. */
const photoStatus = (page: Page, url: string) =>
  page.evaluate(async (u) => (await (globalThis as unknown as BrowserGlobals).fetch(u)).status, url)

test('photos: the owner sees theirs offline; a follower stops seeing one made private', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000)
  const adminRequest = await playwright.request.newContext({ baseURL: E2E.baseURL })
  await signInAdmin(adminRequest)
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await signUpApprovedMember(ownerPage, adminRequest, owner)
  const fanContext = await browser.newContext()
  const fanPage = await fanContext.newPage()
  await signUpApprovedMember(fanPage, adminRequest, follower)
  const followed = await fanPage.request.put(`/api/follows/${await memberId(ownerPage.request)}`, { headers: origin })
  expect(followed.ok(), await followed.text()).toBe(true)

  // A followers-only catch with one photo.
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f5d62' } })
    .jpeg()
    .toBuffer()
  const upload = await ownerPage.request.post('/api/photos', {
    headers: origin,
    multipart: { file: { name: 'bass.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const photoId = ((await upload.json()) as { id: string }).id
  const measurementId = randomUUID()
  const created = await ownerPage.request.post('/api/measurements', {
    headers: origin,
    data: measurementBody(measurementId, photoId, 'followers'),
  })
  expect(created.status(), await created.text()).toBe(201)
  const thumb = `/api/photos/${photoId}/thumb`

  // Both see it once online, so the service worker of each keeps a copy.
  await controlled(ownerPage)
  await controlled(fanPage)
  expect(await photoStatus(ownerPage, thumb)).toBe(200)
  expect(await photoStatus(fanPage, thumb)).toBe(200)

  // Offline, the owner still sees the photo.
  await ownerContext.setOffline(true)
  expect(await photoStatus(ownerPage, thumb)).toBe(200)
  await ownerContext.setOffline(false)

  // Made private: the follower's next look asks the server, which no longer shows it; the owner still sees it.
  const madePrivate = await ownerPage.request.patch(`/api/measurements/${measurementId}`, {
    headers: origin,
    data: measurementBody(measurementId, photoId, 'private'),
  })
  expect(madePrivate.ok(), await madePrivate.text()).toBe(true)
  expect(await photoStatus(fanPage, thumb)).toBe(404)
  expect(await photoStatus(ownerPage, thumb)).toBe(200)

  await ownerContext.close()
  await fanContext.close()
  await adminRequest.dispose()
})
