import { describe, expect, it } from 'vitest'
import { packedRows } from './packed-rows.ts'

describe('packedRows', () => {
  it.each([
    { text: '', rows: [] },
    { text: 'a\x1fb', rows: [['a', 'b']] },
    {
      text: 'a\x1f\x1eb\x1fc',
      rows: [
        ['a', ''],
        ['b', 'c'],
      ],
    },
  ])('reads $rows.length rows', ({ text, rows }) => {
    expect(packedRows(text, 2, 'pairs')).toEqual(rows)
  })

  it('refuses a row with too many or too few fields, naming what it read', () => {
    expect(() => packedRows('a\x1fb\x1fc', 2, 'pairs')).toThrow('pairs: 3 fields, expected 2')
    expect(() => packedRows('a\x1fb\x1ec', 2, 'pairs')).toThrow('pairs: 1 fields, expected 2')
  })
})
