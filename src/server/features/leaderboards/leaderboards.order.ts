// A board's kept order (ADR 114): its members first place first, with the value and the moment each is ranked by,
// so that a viewer is placed by their own current row among the others by a binary search, not by counting.

/** Each member's place (first place 0) and, in the same order, what the board sorts by. */
export type BoardOrder = {
  place: Map<string, number>
  ids: readonly string[]
  values: Float64Array
  /** achieved_at in microseconds since 1970 (exact in a double until the year 2255). */
  ats: Float64Array
  /** The board may have moved since it was read. */
  stale: boolean
}

/** The order from the three texts readBoardOrder reads, each separated by spaces and in the same order. */
export function parseBoardOrder(text: { ids: string | null; values: string | null; ats: string | null }): BoardOrder {
  const ids = text.ids ? text.ids.split(' ') : []
  const values = Float64Array.from(text.values ? text.values.split(' ') : [], Number)
  const ats = Float64Array.from(text.ats ? text.ats.split(' ') : [], Number)
  if (values.length !== ids.length || ats.length !== ids.length) {
    throw new Error(`a board's order: ${ids.length} ids, ${values.length} values, ${ats.length} moments`)
  }
  return { place: new Map(ids.map((id, i) => [id, i])), ids, values, ats, stale: false }
}

/** What places a member: their value, and when they reached it (microseconds since 1970). */
export type Standing = { id: string; value: number; at: number }

/**
 * How many members of the order are ahead of `me` at `me`'s current standing (higher value, or the same value
 * reached earlier), `me`'s own kept entry and the members in `leftOut` (blocked either way) not counted. Undefined
 * when another member has exactly the same value and moment: the board then ranks by id in the database's
 * collation, which only the database can compare.
 */
export function membersAhead(order: BoardOrder, me: Standing, leftOut: Iterable<string> = []): number | undefined {
  const { ids, values, ats } = order
  const ahead = (i: number) =>
    (values[i] as number) > me.value || ((values[i] as number) === me.value && (ats[i] as number) < me.at)
  let low = 0
  let high = ids.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ahead(mid)) low = mid + 1
    else high = mid
  }
  for (let i = low; i < ids.length && values[i] === me.value && ats[i] === me.at; i++) {
    if (ids[i] !== me.id) return undefined
  }
  let count = low
  for (const id of new Set([me.id, ...leftOut])) {
    const place = order.place.get(id)
    if (place !== undefined && place < low) count--
  }
  return count
}
