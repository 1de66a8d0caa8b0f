import { randomBytes } from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { join, resolve } from 'node:path'

// One process per DATA_DIR (PGlite has no lock of its own): a Unix socket the holder listens on, which the OS
// releases when the holder dies, even by kill -9. It also answers `npm run backup` (ADR 103, 104).

export const LOCK_SOCKET = 'fieldmark.sock'
const PROBE_TIMEOUT_MS = 2_000
const MAX_REQUEST_BYTES = 1024
/** The longest Unix socket path macOS and Linux both take. */
const MAX_SOCKET_PATH = 103

/** Answers one request on the lock socket: writes a JSON header line (`{ ok: true, … }`), then any body, then ends. */
export type LockHandler = (socket: Socket) => Promise<void>

export type DataDirLock = {
  readonly path: string
  /** Answers `command` from other processes (npm run backup) while the lock is held. */
  serve: (command: string, handler: LockHandler) => void
  release: () => Promise<void>
}

export class DataDirInUse extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `${dir} is in use by ${pid ? `process ${pid}` : 'another process that does not answer'}; one server per ` +
        'DATA_DIR (or set DATABASE_URL)',
    )
    this.name = 'DataDirInUse'
  }
}

/** Takes the lock on `dir` (made if missing), or throws DataDirInUse while a live process holds it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const base = resolve(dir)
  mkdirSync(base, { recursive: true })
  const path = join(base, LOCK_SOCKET)
  const handlers = new Map<string, LockHandler>()
  const server = createServer((socket) => void answer(socket, handlers))
  // Listen under a fresh name, then link it to the lock's name: link() fails if the name exists, so of two
  // processes only one can claim it, and the socket is 0600 from the moment it is visible there.
  const temp = join(base, `.fm-${randomBytes(4).toString('hex')}.sock`)
  const room = MAX_SOCKET_PATH - (Buffer.byteLength(temp) - Buffer.byteLength(base))
  if (Buffer.byteLength(temp) > MAX_SOCKET_PATH) {
    throw new Error(
      `The path of ${base} is too long for its lock socket: keep DATA_DIR at most ${room} characters long`,
    )
  }
  await listen(server, temp)
  try {
    chmodSync(temp, 0o600)
    await claim(temp, path, base)
  } catch (error) {
    await closeServer(server)
    rmSync(temp, { force: true })
    throw error
  }
  unlinkSync(temp)
  const ino = statSync(path).ino
  // The PID file of earlier versions; it means nothing now.
  rmSync(join(base, 'db.lock'), { force: true })
  let released = false
  return {
    path,
    serve: (command, handler) => {
      handlers.set(command, handler)
    },
    release: async () => {
      if (released) return
      released = true
      if (inode(path) === ino) rmSync(path, { force: true })
      await closeServer(server)
    },
  }
}

async function claim(temp: string, path: string, dir: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      linkSync(temp, path)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const staleIno = inode(path)
    const holder = await probe(path)
    if (holder.live) throw new DataDirInUse(dir, holder.pid)
    if (staleIno !== undefined) removeIfStill(path, staleIno, dir)
  }
  throw new Error(`Could not take the lock ${path}: other processes keep claiming it`)
}

// Removes the stale socket file unless another process replaced it meanwhile: moved aside, and put back if it turns
// out to be someone else's.
function removeIfStill(path: string, staleIno: number, dir: string): void {
  const aside = join(dir, `.fm-${randomBytes(4).toString('hex')}.sock`)
  try {
    renameSync(path, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (inode(aside) !== staleIno) {
    try {
      linkSync(aside, path)
    } catch {
      // A third process claimed the name meanwhile; the next probe finds it.
    }
  }
  rmSync(aside, { force: true })
}

function inode(path: string): number | undefined {
  try {
    return statSync(path).ino
  } catch {
    return undefined
  }
}

/** Live: a process accepted the connection (with its PID when it answers). */
async function probe(path: string): Promise<{ live: false } | { live: true; pid: number | undefined }> {
  try {
    const reply = await requestHolder(path, 'pid')
    if (!reply) return { live: false }
    reply.socket.destroy()
    return { live: true, pid: typeof reply.header.pid === 'number' ? reply.header.pid : undefined }
  } catch {
    // Connected but no answer in time (a stopped process still holds the socket).
    return { live: true, pid: undefined }
  }
}

/**
 * Sends `command` to the process holding the lock at `path` (a DATA_DIR's LOCK_SOCKET). Undefined when none holds
 * it; else its header line, and the socket positioned after it (the body follows). Rejects when it does not answer.
 */
export async function requestHolder(
  path: string,
  command: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<{ header: Record<string, unknown>; socket: Socket } | undefined> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(path)
    let buffered = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`The process holding ${path} did not answer`))
    }, timeoutMs)
    const fail = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      socket.destroy()
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolvePromise(undefined)
      else reject(error)
    }
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      const end = buffered.indexOf(10)
      if (end < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) fail(new Error('The lock holder sent no header line'))
        return
      }
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('error', fail)
      socket.pause()
      const rest = buffered.subarray(end + 1)
      if (rest.length > 0) socket.unshift(rest)
      try {
        resolvePromise({ header: JSON.parse(buffered.subarray(0, end).toString('utf8')), socket })
      } catch (error) {
        socket.destroy()
        reject(error)
      }
    }
    socket.on('error', fail)
    socket.on('data', onData)
    socket.once('connect', () => socket.write(`${JSON.stringify({ command })}\n`))
    socket.once('end', () => {
      if (buffered.indexOf(10) < 0) fail(new Error('The lock holder closed the connection'))
    })
  })
}

async function answer(socket: Socket, handlers: Map<string, LockHandler>): Promise<void> {
  socket.on('error', () => socket.destroy())
  let command: string
  try {
    command = await readCommand(socket)
  } catch {
    socket.destroy()
    return
  }
  if (command === 'pid') {
    socket.end(`${JSON.stringify({ ok: true, pid: process.pid })}\n`)
    return
  }
  const handler = handlers.get(command)
  if (!handler) {
    socket.end(`${JSON.stringify({ ok: false, error: `Unknown command ${JSON.stringify(command)}` })}\n`)
    return
  }
  try {
    await handler(socket)
  } catch (error) {
    // The handler's header may be out already; the client then sees a cut body and refuses it.
    if (!socket.writableEnded) socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`)
  }
}

function readCommand(socket: Socket): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let buffered = ''
    const timer = setTimeout(() => reject(new Error('no request')), PROBE_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const end = buffered.indexOf('\n')
      if (end < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) reject(new Error('request too long'))
        return
      }
      clearTimeout(timer)
      socket.off('data', onData)
      try {
        const request = JSON.parse(buffered.slice(0, end)) as { command?: unknown }
        resolvePromise(typeof request.command === 'string' ? request.command : '')
      } catch (error) {
        reject(error)
      }
    }
    socket.on('data', onData)
  })
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => server.close(() => resolvePromise()))
}
