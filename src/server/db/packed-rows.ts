// Rows a statement returns packed in ONE text value (string_agg of concat_ws, ADR 054): fields split by ASCII's unit
// separator, rows by its record separator, which none of the packed fields can hold.

/** The rows of `text` ('' for none), each with exactly `fields` fields; `what` names them in the error. */
export function packedRows(text: string, fields: number, what: string): string[][] {
  if (text === '') return []
  return text.split('\x1e').map((record) => {
    const row = record.split('\x1f')
    if (row.length !== fields) throw new Error(`${what}: ${row.length} fields, expected ${fields}`)
    return row
  })
}
