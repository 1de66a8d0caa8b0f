import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '#shared/errors.ts'
import { findIllFormedText, ILL_FORMED_TEXT_MESSAGE } from '#shared/schemas/text.ts'

/** Deeper than any body of ours or better-auth's; 10,000 levels of arrays would overflow JSON.stringify's stack. */
export const MAX_DEPTH = 32

function depthOf(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue
    deepest = Math.max(deepest, depth + 1)
    if (deepest > MAX_DEPTH) return deepest
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}

/** A 400 naming the first path, query or body string holding NUL or an unpaired surrogate, or a too deep body. */
export async function refuseIllFormedText(req: FastifyRequest): Promise<void> {
  if (depthOf(req.body) > MAX_DEPTH) {
    const message = `nested more than ${MAX_DEPTH} levels deep`
    throw new AppError('BAD_REQUEST', `body: ${message}`, [{ path: 'body', message }])
  }
  for (const [part, value] of [
    ['params', req.params],
    ['body', req.body],
    ['querystring', req.query],
  ] as const) {
    const path = findIllFormedText(value)
    if (!path) continue
    const field = path.length > 0 ? path.join('.') : part
    throw new AppError('BAD_REQUEST', `${field}: ${ILL_FORMED_TEXT_MESSAGE}`, [
      { path: field, message: ILL_FORMED_TEXT_MESSAGE },
    ])
  }
}

/** The text rule on every route, appended to its own preValidation hooks: an app hook would run before the guard. */
export const textGuard = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat()
    if (own.includes(refuseIllFormedText)) return
    route.preValidation = [...own, refuseIllFormedText]
  })
})
