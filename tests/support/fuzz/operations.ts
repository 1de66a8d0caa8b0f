import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import {
  encodeUrlText,
  type Fuzzed,
  forgedCursor,
  hostileBody,
  hostileNumber,
  hostileText,
  Raw,
  toJson,
  toText,
  unknownFields,
  wrongType,
} from './values.ts'

// Requests for one OpenAPI operation: a valid request (known good body, real ids) with one part made hostile, or
// several parts at once, or a body of the wrong shape. One bad field at a time gets past validation of the others,
// so the bad value reaches the service and the database.

export type JsonSchema = {
  type?: string
  format?: string
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  default?: unknown
}

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }

export type Operation = {
  method: string
  /** The OpenAPI path, `/api/measurements/{id}`. */
  path: string
  params: Parameter[]
  query: Parameter[]
  /** The JSON body's schema; undefined when the route takes none. */
  body: JsonSchema | undefined
  multipart: boolean
}

type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >
}

/** Every operation of the document, with its path and query parameters and JSON body schema. */
export function operationsOf(doc: OpenApi): Operation[] {
  const list: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? []
      const content = op.requestBody?.content ?? {}
      list.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      })
    }
  }
  return list
}

export const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`

/** What the fuzz knows of the app's data: real ids per path parameter, valid bodies per operation. */
export type Known = {
  /** Real values for a parameter, by `METHOD path:name` or by name alone. */
  ids: (op: Operation, name: string) => string[]
  /** Valid bodies for the operation (fresh ids, unique e-mails), if known. */
  body: (op: Operation) => fc.Arbitrary<Fuzzed> | undefined
}

export type FuzzRequest = {
  method: string
  url: string
  payload?: string | Buffer
  contentType?: string
  /** What was sent, short enough for a failure message. */
  summary: string
}

function variant(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema
}

/** A plausible value for a schema: its default or first enum value, a UUID, a time, a number in range. */
export function plausible(schema: JsonSchema): Fuzzed {
  const s = variant(schema)
  if (s.default !== undefined) return s.default as Fuzzed
  if (s.enum?.length) return s.enum[0] as Fuzzed
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return randomUUID()
      if (s.format === 'date-time') return new Date().toISOString()
      return 'fuzz'.padEnd(s.minLength ?? 0, 'z')
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1)
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object': {
      const out: Record<string, Fuzzed> = {}
      for (const name of s.required ?? []) {
        const prop = s.properties?.[name]
        if (prop) out[name] = plausible(prop)
      }
      return out
    }
    default:
      return 'fuzz'
  }
}

/** Hostile values for a schema: bad text, wrong types, and for numbers the numbers that break things. */
export function hostileFor(schema: JsonSchema | undefined, extra: fc.Arbitrary<string>[] = []): fc.Arbitrary<Fuzzed> {
  const type = schema ? variant(schema).type : undefined
  const text = hostileText(extra)
  if (type === 'number' || type === 'integer') return fc.oneof(hostileNumber, text, wrongType)
  return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: wrongType })
}

type Slot = { path: (string | number)[]; schema: JsonSchema | undefined }

/** The places a hostile value can go in a body: every property, nested ones, array items, record entries. */
function slotsOf(schema: JsonSchema | undefined, value: Fuzzed, path: (string | number)[] = []): Slot[] {
  const s = schema ? variant(schema) : undefined
  const slots: Slot[] = path.length > 0 ? [{ path, schema }] : []
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      slots.push(...slotsOf(s?.items, item, [...path, i]))
    })
  } else if (value !== null && typeof value === 'object' && !(value instanceof Raw)) {
    const names = new Set([...Object.keys(s?.properties ?? {}), ...Object.keys(value)])
    for (const name of names) {
      const extra = typeof s?.additionalProperties === 'object' ? s.additionalProperties : undefined
      slots.push(
        ...slotsOf(s?.properties?.[name] ?? extra, (value as Record<string, Fuzzed>)[name] ?? null, [...path, name]),
      )
    }
  }
  return slots
}

function setAt(root: Fuzzed, path: (string | number)[], value: Fuzzed): Fuzzed {
  const copy = structuredClone(root) as Fuzzed
  if (path.length === 0) return value
  let at = copy as Record<string | number, Fuzzed>
  for (const key of path.slice(0, -1)) {
    const next = at[key]
    if (next === null || typeof next !== 'object') at[key] = {}
    at = at[key] as Record<string | number, Fuzzed>
  }
  at[path.at(-1) as string | number] = value
  return copy
}

type Parts = { params: Record<string, Fuzzed>; query: Record<string, Fuzzed>; body: Fuzzed | undefined }

function urlOf(op: Operation, parts: Parts): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeUrlText(toText(parts.params[name] ?? '')))
  const query = Object.entries(parts.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeUrlText(name)}=${encodeUrlText(toText(v))}`),
  )
  return query.length > 0 ? `${path}?${query.join('&')}` : path
}

function short(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')} chars)` : text
}

function requestOf(op: Operation, parts: Parts): FuzzRequest {
  const url = urlOf(op, parts)
  if (op.multipart) {
    // The file part carries the fuzzed body as its bytes; the route must refuse it as an image, never fail.
    const boundary = '----fieldmarkfuzz'
    const data = parts.body === undefined ? '' : toText(parts.body)
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return {
      method: op.method,
      url,
      payload,
      contentType: `multipart/form-data; boundary=${boundary}`,
      summary: `${op.method} ${short(url)} multipart ${short(data, 80)}`,
    }
  }
  if (parts.body === undefined) return { method: op.method, url, summary: `${op.method} ${short(url)}` }
  const payload = toJson(parts.body)
  return {
    method: op.method,
    url,
    payload,
    contentType: 'application/json',
    summary: `${op.method} ${short(url)} ${short(payload)}`,
  }
}

/** Arbitrary requests for one operation, valid but for what the fuzz made hostile. */
export function requestsFor(op: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  const cursorIds = known.ids(op, 'id')
  const extraFor = (name: string) => (name === 'cursor' ? [forgedCursor(cursorIds)] : [])
  const realOrPlausible = (p: Parameter): fc.Arbitrary<Fuzzed> => {
    const real = known.ids(op, p.name)
    return real.length > 0 ? fc.constantFrom<Fuzzed>(...real) : fc.constant(plausible(p.schema))
  }
  const validParams = fc.record(
    Object.fromEntries(op.params.map((p) => [p.name, realOrPlausible(p)])) as Record<string, fc.Arbitrary<Fuzzed>>,
  )
  const baseQuery: Record<string, Fuzzed> = Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, plausible(p.schema)]),
  )
  const hasBody = op.body !== undefined || op.multipart
  const baseBody: fc.Arbitrary<Fuzzed | undefined> = hasBody
    ? (known.body(op) ?? fc.constant(plausible(op.body ?? { type: 'object' })))
    : fc.constant(undefined)
  // Every valid body has the same fields, so one of them shows where hostile values can go.
  const sampleBody = fc.sample(baseBody, { numRuns: 1, seed: 0 })[0]

  type Target = { kind: 'param' | 'query'; name: string; schema: JsonSchema } | { kind: 'body'; slot: Slot }
  const targets: Target[] = [
    ...op.params.map((p): Target => ({ kind: 'param', name: p.name, schema: p.schema })),
    ...op.query.map((p): Target => ({ kind: 'query', name: p.name, schema: p.schema })),
    ...(op.body ? slotsOf(op.body, sampleBody ?? null).map((slot): Target => ({ kind: 'body', slot })) : []),
  ]

  // Text slots weigh more: that is where NUL and lone surrogates reach the database.
  const isText = (target: Target) => {
    const schema = target.kind === 'body' ? target.slot.schema : target.schema
    return (schema ? variant(schema).type : 'string') === 'string'
  }
  const partWith = (target: Target): fc.Arbitrary<Parts> => {
    if (target.kind === 'body') {
      return fc.tuple(validParams, baseBody, hostileFor(target.slot.schema)).map(([params, body, value]) => ({
        params,
        query: baseQuery,
        body: setAt(body ?? {}, target.slot.path, value),
      }))
    }
    const value = hostileFor(target.schema, extraFor(target.name))
    return fc
      .tuple(validParams, baseBody, value)
      .map(([params, body, bad]) =>
        target.kind === 'param'
          ? { params: { ...params, [target.name]: bad }, query: baseQuery, body }
          : { params, query: { ...baseQuery, [target.name]: bad }, body },
      )
  }
  const oneBadPart: fc.Arbitrary<Parts> =
    targets.length > 0
      ? fc.oneof(...targets.map((target) => ({ weight: isText(target) ? 3 : 1, arbitrary: partWith(target) })))
      : fc.tuple(validParams, baseBody).map(([params, body]) => ({ params, query: baseQuery, body }))

  const maybeHostile = (p: Parameter, base: fc.Arbitrary<Fuzzed>) =>
    fc.oneof({ weight: 2, arbitrary: base }, { weight: 1, arbitrary: hostileFor(p.schema, extraFor(p.name)) })
  const manyBadParts = fc.record({
    params: fc.record(
      Object.fromEntries(
        op.params.map((p) => [p.name, maybeHostile(p, fc.oneof(realOrPlausible(p), fc.uuid()))]),
      ) as Record<string, fc.Arbitrary<Fuzzed>>,
    ),
    query: fc
      .tuple(
        fc.record(
          Object.fromEntries(
            op.query.map((p) => [p.name, maybeHostile(p, fc.constant(plausible(p.schema)))]),
          ) as Record<string, fc.Arbitrary<Fuzzed>>,
          { requiredKeys: [] },
        ),
        fc.option(unknownFields, { nil: undefined }),
      )
      .map(([query, extra]) => ({ ...extra, ...query }) as Record<string, Fuzzed>),
    body: op.body
      ? fc
          .tuple(
            baseBody,
            fc.record(
              Object.fromEntries(
                Object.entries(op.body.properties ?? {}).map(([name, schema]) => [
                  name,
                  fc.oneof(
                    { weight: 4, arbitrary: fc.constant(undefined) },
                    { weight: 1, arbitrary: hostileFor(schema) },
                  ),
                ]),
              ) as Record<string, fc.Arbitrary<Fuzzed | undefined>>,
            ),
            fc.option(unknownFields, { nil: undefined }),
          )
          .map(([base, hostile, extra]) => {
            const body = { ...(base as Record<string, Fuzzed>), ...extra }
            for (const [name, value] of Object.entries(hostile)) if (value !== undefined) body[name] = value
            return body as Fuzzed
          })
      : baseBody,
  })

  const wrongBody = fc
    .tuple(validParams, hostileBody)
    .map(([params, body]): Parts => ({ params, query: baseQuery, body }))

  const parts: fc.Arbitrary<Parts> = fc.oneof(
    { weight: 5, arbitrary: oneBadPart },
    { weight: 2, arbitrary: manyBadParts },
    ...(hasBody ? [{ weight: 1, arbitrary: wrongBody }] : []),
  )
  return parts.map((p) => requestOf(op, p))
}
