import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreateMeasurement } from '#shared/schemas/measurements.ts'
import { closeOutboxDb, outboxDb } from './db.ts'
import { type LiveEntry, watchEntries } from './live.ts'
import { discardEntry, enqueueMeasurement, getEntryDraft, retryNow, startOutbox, stopOutbox } from './outbox.ts'
import { OUTBOX_DB_NAME, outboxHasEntries, resetRuntime } from './runtime.ts'
import { BACKOFF_MS, backoffDelay, LOCK_NAME, PAUSE_MS, syncOutbox } from './sync.ts'
import { NetworkError, uploadPhoto } from './upload.ts'

// The outbox against a fake server: IndexedDB from fake-indexeddb, XMLHttpRequest (photo uploads) and fetch
// (the measurement) replaced by an in-memory server that stores by id, as the real one does (a repeat id is the
// same photo or measurement, answered 200). Node's own Web Locks stand in for the browser's.

type Reply = { status: number; body?: unknown } | 'offline' | 'lost'

/** What the fake server did, in order: 'photo:<id>:<status>' and 'measurement:<id>:<status>'. */
let log: string[]
let storedPhotos: Map<string, { name: string; bytes: number }>
let storedMeasurements: Map<string, CreateMeasurement>
/** Per-request overrides, taken in order; the default is the idempotent server. */
let photoReplies: Map<string, Reply[]>
let measurementReplies: Reply[]
let photoUploadsStarted: number

function takeReply(queue: Reply[] | undefined): Reply | undefined {
  return queue?.shift()
}

function errorBody(code: string, message: string) {
  return { error: { code, message } }
}

class FakeXhr {
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  status = 0
  statusText = ''
  responseText = ''
  responseType = ''
  withCredentials = false
  private url = ''

  open(_method: string, url: string) {
    this.url = url
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'))
  }
  send(body: FormData) {
    photoUploadsStarted++
    setTimeout(() => void this.respond(body), 1)
  }
  private async respond(body: FormData) {
    const id = new URL(this.url, 'http://localhost').searchParams.get('id') ?? ''
    const file = body.get('file') as File
    const reply = takeReply(photoReplies.get(id))
    if (reply === 'offline') {
      log.push(`photo:${id}:offline`)
      this.events.dispatchEvent(new Event('error'))
      return
    }
    const progress = (loaded: number) =>
      this.upload.dispatchEvent(
        Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: file.size }),
      )
    progress(Math.floor(file.size / 2))
    progress(file.size)
    let status: number
    let answer: unknown
    if (reply && reply !== 'lost') {
      status = reply.status
      answer = reply.body
    } else {
      const repeat = storedPhotos.has(id)
      storedPhotos.set(id, { name: file.name, bytes: (await file.arrayBuffer()).byteLength })
      status = repeat ? 200 : 201
      answer = { id, width: 10, height: 10, displayUrl: '', thumbUrl: '', takenAt: null, gps: null }
    }
    log.push(`photo:${id}:${reply === 'lost' ? 'lost' : status}`)
    if (reply === 'lost') {
      this.events.dispatchEvent(new Event('error')) // stored, but the answer never arrived
      return
    }
    this.status = status
    this.statusText = status < 300 ? 'OK' : 'Error'
    this.responseText = JSON.stringify(answer)
    this.events.dispatchEvent(new Event('load'))
  }
}

async function fakeFetch(url: string, init?: RequestInit): Promise<Response> {
  if (url !== '/api/measurements' || init?.method !== 'POST') throw new Error(`unexpected ${init?.method} ${url}`)
  const input = JSON.parse(String(init.body)) as CreateMeasurement
  const reply = takeReply(measurementReplies)
  if (reply === 'offline') {
    log.push(`measurement:${input.id}:offline`)
    throw new TypeError('Failed to fetch')
  }
  if (reply && reply !== 'lost') {
    log.push(`measurement:${input.id}:${reply.status}`)
    return Response.json(reply.body ?? {}, { status: reply.status })
  }
  const missing = (input.photoIds ?? []).filter((id) => !storedPhotos.has(id))
  if (missing.length > 0) {
    log.push(`measurement:${input.id}:400`)
    return Response.json(errorBody('BAD_REQUEST', `Unknown photo ${missing[0]}`), { status: 400 })
  }
  const repeat = storedMeasurements.has(input.id)
  if (!repeat) storedMeasurements.set(input.id, input)
  const status = repeat ? 200 : 201
  log.push(`measurement:${input.id}:${reply === 'lost' ? 'lost' : status}`)
  if (reply === 'lost') throw new TypeError('Failed to fetch')
  return Response.json({ id: input.id }, { status })
}

const USER = {
  id: 'user-1',
  email: 'member@fieldmark.test',
  firstName: 'Mia',
  lastName: 'Member',
  profileImageUrl: null,
  betaApproved: true,
  isAdmin: false,
  gatePassed: true,
}

function signedInClient(user: typeof USER | null = USER) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(['/api/auth/user'], user)
  return queryClient
}

function bass(photoIds: string[]): CreateMeasurement {
  return {
    id: crypto.randomUUID(),
    speciesId: 'largemouth-bass',
    method: 'tape',
    takenAt: '2026-06-01T07:30:00Z',
    quick: { lengthIn: 21.5, girthIn: 15 },
    photoIds,
  }
}

function draftWith(photoCount: number) {
  const photos = Array.from({ length: photoCount }, (_, i) => ({
    id: crypto.randomUUID(),
    file: new Blob([`jpeg-bytes-of-photo-${i + 1}`.repeat(10)], { type: 'image/jpeg' }),
    name: `bass-${i + 1}.jpg`,
  }))
  return { input: bass(photos.map((p) => p.id)), photos }
}

beforeEach(() => {
  log = []
  storedPhotos = new Map()
  storedMeasurements = new Map()
  photoReplies = new Map()
  measurementReplies = []
  photoUploadsStarted = 0
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal('fetch', vi.fn(fakeFetch))
})

afterEach(async () => {
  stopOutbox()
  resetRuntime()
  closeOutboxDb()
  await Dexie.delete(OUTBOX_DB_NAME)
  vi.unstubAllGlobals()
})

describe('enqueueMeasurement', () => {
  it('stores the draft and its photo blobs before anything is sent', async () => {
    const draft = draftWith(2)
    // Not started (the app shell starts the outbox when idle): stored, nothing sent yet.
    const { id, synced } = await enqueueMeasurement(draft)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(log).toEqual([])

    const entry = await outboxDb().entries.get(id)
    expect(entry).toMatchObject({
      id: draft.input.id,
      state: 'waiting',
      attempts: 0,
      input: { speciesId: 'largemouth-bass', photoIds: draft.photos.map((p) => p.id) },
    })
    expect(entry?.photos.map((p) => [p.id, p.name, p.type, p.confirmed])).toEqual(
      draft.photos.map((p) => [p.id, p.name, 'image/jpeg', false]),
    )
    const rows = await outboxDb().photos.where('entryId').equals(id).toArray()
    expect(rows).toHaveLength(2)
    for (const photo of draft.photos) {
      const row = rows.find((r) => r.id === photo.id)
      expect(await row?.file.text()).toBe(await photo.file.text())
    }
    expect(await outboxHasEntries()).toBe(true)

    // Once started, the same promise tells the dialog it reached the server.
    startOutbox(signedInClient())
    expect(await synced).toBe(true)
    expect(storedMeasurements.has(id)).toBe(true)
  })

  it('refuses photoIds that do not match the photos, and stores nothing', async () => {
    const draft = draftWith(2)
    const wrongOrder = { ...draft, input: { ...draft.input, photoIds: [...(draft.input.photoIds ?? [])].reverse() } }
    await expect(enqueueMeasurement(wrongOrder)).rejects.toThrow(/photoIds/)
    expect(await outboxHasEntries()).toBe(false)
  })

  it('answers "empty" without creating the database, so an empty outbox never loads Dexie', async () => {
    expect(await outboxHasEntries()).toBe(false)
    expect(await outboxHasEntries()).toBe(false)
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(OUTBOX_DB_NAME)
  })
})

describe('sync: uploading and refusals', () => {
  it('uploads the photos in order, then the measurement, then forgets the entry and refreshes the lists', async () => {
    const queryClient = signedInClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    startOutbox(queryClient)
    const draft = draftWith(2)
    const { id, synced } = await enqueueMeasurement(draft)
    expect(await synced).toBe(true)

    const [p1, p2] = draft.photos.map((p) => p.id)
    expect(log).toEqual([`photo:${p1}:201`, `photo:${p2}:201`, `measurement:${id}:201`])
    expect(storedPhotos.get(p1 ?? '')?.name).toBe('bass-1.jpg')
    expect(storedMeasurements.get(id)?.photoIds).toEqual([p1, p2])
    expect(await outboxDb().entries.count()).toBe(0)
    expect(await outboxDb().photos.count()).toBe(0)
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0])
    expect(keys).toEqual(expect.arrayContaining(['/api/measurements', '/api/measurements/stats']))
  })

  it('after a break at photo 2 of 2, resumes at photo 2 and posts the measurement once', async () => {
    startOutbox(signedInClient())
    const draft = draftWith(2)
    const [p1, p2] = draft.photos.map((p) => p.id) as [string, string]
    // Photo 2 reaches the server but its answer is lost: the client cannot know it arrived.
    photoReplies.set(p2, ['lost'])
    const before = Date.now()
    const { id, synced } = await enqueueMeasurement(draft)
    expect(await synced).toBe(false)

    const waiting = await outboxDb().entries.get(id)
    expect(waiting?.state).toBe('waiting')
    expect(waiting?.photos.map((p) => p.confirmed)).toEqual([true, false])
    expect(waiting?.attempts).toBe(1)
    expect(waiting?.nextAttemptAt).toBeGreaterThanOrEqual(before + BACKOFF_MS[0])
    expect(await outboxDb().photos.count()).toBe(2) // nothing lost

    await retryNow()
    expect(log).toEqual([`photo:${p1}:201`, `photo:${p2}:lost`, `photo:${p2}:200`, `measurement:${id}:201`])
    expect(storedMeasurements.size).toBe(1)
    expect(storedPhotos.size).toBe(2)
    expect(await outboxDb().entries.count()).toBe(0)
  })

  it('counts a 200 repeat as success: a measurement that got through before its answer was lost', async () => {
    startOutbox(signedInClient())
    const draft = draftWith(1)
    measurementReplies.push('lost')
    const { id, synced } = await enqueueMeasurement(draft)
    expect(await synced).toBe(false)
    expect(storedMeasurements.has(id)).toBe(true) // the server has it; the client does not know yet

    await retryNow()
    expect(log.filter((l) => l.startsWith('measurement:'))).toEqual([`measurement:${id}:lost`, `measurement:${id}:200`])
    expect(storedMeasurements.size).toBe(1)
    expect(await outboxDb().entries.count()).toBe(0)
  })

  it('keeps a refused measurement as failed with the server message, and never sends it again by itself', async () => {
    startOutbox(signedInClient())
    const draft = draftWith(1)
    measurementReplies.push({
      status: 400,
      body: errorBody('BAD_REQUEST', 'takenAt: Date taken cannot be in the future'),
    })
    const { id, synced } = await enqueueMeasurement(draft)
    expect(await synced).toBe(false)

    const failed = await outboxDb().entries.get(id)
    expect(failed).toMatchObject({ state: 'failed', error: 'takenAt: Date taken cannot be in the future' })
    expect(await outboxDb().photos.count()).toBe(1)

    log = []
    await syncOutbox({ force: true })
    expect(log).toEqual([]) // failed entries wait for the member

    // Edited in the dialog and saved again (same id): sent, and the confirmed photo is not uploaded again.
    const edited = await getEntryDraft(id)
    expect(edited?.photos.map((p) => p.uploaded)).toEqual([true])
    const { synced: again } = await enqueueMeasurement({
      input: { ...(edited?.input as CreateMeasurement), takenAt: '2026-05-01T07:30:00Z' },
      photos: edited?.photos ?? [],
    })
    expect(await again).toBe(true)
    expect(log).toEqual([`measurement:${id}:201`])
    expect(storedMeasurements.get(id)?.takenAt).toBe('2026-05-01T07:30:00Z')
  })

  it('keeps a photo the server refuses (413) as failed, with its message', async () => {
    startOutbox(signedInClient())
    const draft = draftWith(1)
    photoReplies.set(draft.photos[0]?.id ?? '', [
      { status: 413, body: errorBody('PAYLOAD_TOO_LARGE', 'The photo is larger than 25 MB') },
    ])
    const { id } = await enqueueMeasurement(draft)
    await vi.waitFor(async () => expect((await outboxDb().entries.get(id))?.state).toBe('failed'))
    expect((await outboxDb().entries.get(id))?.error).toBe('The photo is larger than 25 MB')
    expect(storedMeasurements.size).toBe(0)

    await retryNow(id) // the member asks again; this time the server takes it
    expect(storedMeasurements.has(id)).toBe(true)
  })
})

describe('sync: retries, concurrency and discarding', () => {
  it('keeps entries waiting with backoff on 5xx and 429, and pauses without failing on 401', async () => {
    startOutbox(signedInClient())
    measurementReplies.push({ status: 503 })
    const first = await enqueueMeasurement(draftWith(0))
    expect(await first.synced).toBe(false)
    expect(await outboxDb().entries.get(first.id)).toMatchObject({ state: 'waiting', attempts: 1 })

    measurementReplies.push({ status: 429 })
    await retryNow()
    const second = await outboxDb().entries.get(first.id)
    expect(second).toMatchObject({ state: 'waiting', attempts: 2 })
    expect(second?.nextAttemptAt).toBeGreaterThanOrEqual(Date.now() + BACKOFF_MS[1] - 1000)

    measurementReplies.push({ status: 401, body: errorBody('UNAUTHENTICATED', 'Sign in first') })
    await retryNow()
    const paused = await outboxDb().entries.get(first.id)
    expect(paused).toMatchObject({ state: 'waiting', attempts: 2 })
    expect(paused?.nextAttemptAt).toBeGreaterThanOrEqual(Date.now() + PAUSE_MS - 1000)
    expect(paused?.error).toBeUndefined()

    await retryNow()
    expect(storedMeasurements.has(first.id)).toBe(true)
    expect(await outboxDb().entries.count()).toBe(0)
  })

  it('waits for the connection without counting tries while the browser says it is offline', async () => {
    startOutbox(signedInClient())
    vi.stubGlobal('navigator', { ...navigator, locks: navigator.locks, onLine: false })
    const { id, synced } = await enqueueMeasurement(draftWith(1))
    expect(await synced).toBe(false)
    expect(photoUploadsStarted).toBe(0)
    expect(await outboxDb().entries.get(id)).toMatchObject({ state: 'waiting', attempts: 0 })
    vi.stubGlobal('navigator', { ...navigator, locks: navigator.locks, onLine: true })
    await retryNow()
    expect(storedMeasurements.has(id)).toBe(true)
  })

  it('posts once when sync is called twice at the same time', async () => {
    const draft = draftWith(2)
    const { id } = await enqueueMeasurement(draft) // stored while not started: nothing sent yet
    startOutbox(signedInClient())
    await Promise.all([syncOutbox(), syncOutbox(), retryNow()])
    expect(log.filter((l) => l.startsWith('measurement:'))).toEqual([`measurement:${id}:201`])
    expect(photoUploadsStarted).toBe(2)
    expect(storedMeasurements.size).toBe(1)
  })

  it('posts once when sync is called twice at the same time, also where Web Locks are missing', async () => {
    vi.stubGlobal('navigator', { onLine: true }) // no locks, and Node has no localStorage: no lease either
    const draft = draftWith(1)
    const { id } = await enqueueMeasurement(draft)
    startOutbox(signedInClient())
    await Promise.all([syncOutbox(), syncOutbox({ force: true })])
    expect(log).toEqual([`photo:${draft.photos[0]?.id}:201`, `measurement:${id}:201`])
  })

  it('does not send while another tab holds the outbox lock', async () => {
    const { id } = await enqueueMeasurement(draftWith(1))
    startOutbox(signedInClient())
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const otherTab = navigator.locks.request(LOCK_NAME, () => held)
    const sync = syncOutbox()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(photoUploadsStarted).toBe(0)
    release()
    await otherTab
    await sync
    expect(storedMeasurements.has(id)).toBe(true)
  })

  it("sends only the signed-in member's entries", async () => {
    startOutbox(signedInClient({ ...USER, id: 'user-2' }))
    const theirs = await enqueueMeasurement(draftWith(0))
    expect(await theirs.synced).toBe(true)
    stopOutbox()

    measurementReplies.push({ status: 503 })
    startOutbox(signedInClient({ ...USER, id: 'user-2' }))
    const waiting = await enqueueMeasurement(draftWith(0))
    expect(await waiting.synced).toBe(false)
    stopOutbox()

    startOutbox(signedInClient()) // another member on the same browser
    await retryNow()
    expect(storedMeasurements.has(waiting.id)).toBe(false)
    expect((await outboxDb().entries.get(waiting.id))?.userId).toBe('user-2')
  })

  it('discards an entry and its photos when the member says so', async () => {
    const { id } = await enqueueMeasurement(draftWith(2))
    await discardEntry(id)
    expect(await outboxDb().entries.count()).toBe(0)
    expect(await outboxDb().photos.count()).toBe(0)
    expect(await outboxHasEntries()).toBe(false)
  })

  it('backs off 5 s, 30 s, 2 min, then 10 min', () => {
    expect([1, 2, 3, 4, 5, 12].map(backoffDelay)).toEqual([5_000, 30_000, 120_000, 600_000, 600_000, 600_000])
  })
})

describe('watchEntries (the list behind useOutboxEntries)', () => {
  it('lists entries newest first with an object URL per photo, and revokes the URLs of an entry that leaves', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    let latest: LiveEntry[] = []
    const watcher = watchEntries((rows) => {
      latest = rows
    })
    const older = await enqueueMeasurement(draftWith(2))
    await new Promise((resolve) => setTimeout(resolve, 5))
    const newer = await enqueueMeasurement(draftWith(1))
    await vi.waitFor(() => expect(latest.map((r) => r.entry.id)).toEqual([newer.id, older.id]))
    const olderUrls = latest[1]?.photoUrls ?? []
    expect(olderUrls).toHaveLength(2)
    expect(olderUrls.every((url) => url.startsWith('blob:'))).toBe(true)

    await discardEntry(older.id)
    await vi.waitFor(() => expect(latest.map((r) => r.entry.id)).toEqual([newer.id]))
    expect(revoke.mock.calls.map(([url]) => url).sort()).toEqual([...olderUrls].sort())

    watcher.stop()
    expect(revoke).toHaveBeenCalledWith(latest[0]?.photoUrls[0])
  })
})

describe('uploadPhoto', () => {
  it('reports progress and resolves with the server photo', async () => {
    const progress: number[] = []
    const photo = await uploadPhoto(new Blob(['x'.repeat(100)]), 'photo-1', (f) => progress.push(f), {
      name: 'a.jpg',
    })
    expect(photo.id).toBe('photo-1')
    expect(progress).toEqual([0.5, 1, 1])
    expect(storedPhotos.get('photo-1')).toEqual({ name: 'a.jpg', bytes: 100 })
  })

  it('rejects with a NetworkError offline and an ApiError carrying the server message otherwise', async () => {
    photoReplies.set('p', ['offline', { status: 400, body: errorBody('BAD_REQUEST', 'Not an image') }])
    await expect(uploadPhoto(new Blob(['x']), 'p')).rejects.toBeInstanceOf(NetworkError)
    await expect(uploadPhoto(new Blob(['x']), 'p')).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Not an image',
    })
  })
})
