import { describe, expect, it } from 'vitest'
import { bodySegments, insertMention, mentionName, mentionQueryAt, mentionToken } from './mentions.ts'

const sam = { id: 'sam_1', firstName: 'Sam', lastName: 'Carter' }

describe('bodySegments', () => {
  it.each([
    ['plain text', 'Nice buck!', [{ kind: 'text', text: 'Nice buck!' }]],
    ['an empty body', '', []],
    [
      'a mention between text',
      'Look @[Sam Carter](sam_1) at this',
      [
        { kind: 'text', text: 'Look ' },
        { kind: 'mention', name: 'Sam Carter', userId: 'sam_1' },
        { kind: 'text', text: ' at this' },
      ],
    ],
    [
      'two mentions side by side',
      '@[A B](a)@[C D](c-2)',
      [
        { kind: 'mention', name: 'A B', userId: 'a' },
        { kind: 'mention', name: 'C D', userId: 'c-2' },
      ],
    ],
    ['an unfinished token', '@[Sam Carter](sam_1', [{ kind: 'text', text: '@[Sam Carter](sam_1' }]],
    ['a token with a bad id', '@[Sam](../admin)', [{ kind: 'text', text: '@[Sam](../admin)' }]],
    ['a token across lines', '@[Sam\nCarter](sam_1)', [{ kind: 'text', text: '@[Sam\nCarter](sam_1)' }]],
  ] as const)('reads %s', (_, body, expected) => {
    expect(bodySegments(body)).toEqual(expected)
  })

  it('keeps a script tag as text, inside and around mentions', () => {
    const body = '<script>alert(1)</script> @[<img src=x onerror=alert(1)>](evil) <b>bold</b>'
    const segments = bodySegments(body)
    expect(segments).toEqual([
      { kind: 'text', text: '<script>alert(1)</script> ' },
      { kind: 'mention', name: '<img src=x onerror=alert(1)>', userId: 'evil' },
      { kind: 'text', text: ' <b>bold</b>' },
    ])
    // Nothing is lost or added: the segments spell the body again.
    expect(segments.map((s) => (s.kind === 'text' ? s.text : `@[${s.name}](${s.userId})`)).join('')).toBe(body)
  })

  it('gives the same answer when called twice (the shared pattern keeps no state)', () => {
    const body = 'hi @[Sam Carter](sam_1)'
    expect(bodySegments(body)).toEqual(bodySegments(body))
  })
})

describe('mention tokens', () => {
  it.each([
    [{ firstName: 'Sam', lastName: 'Carter' }, 'Sam Carter'],
    [{ firstName: 'Sam', lastName: null }, 'Sam'],
    [{ firstName: null, lastName: null }, 'Member'],
    [{ firstName: 'Evil]', lastName: 'Na\nme' }, 'Evil Na me'],
    [{ firstName: 'A'.repeat(70), lastName: 'B'.repeat(70) }, `${'A'.repeat(70)} ${'B'.repeat(9)}`],
  ])('names %o as %s', (member, name) => {
    expect(mentionName(member)).toBe(name)
  })

  it('writes a token the parser reads back', () => {
    expect(bodySegments(mentionToken(sam))).toEqual([{ kind: 'mention', name: 'Sam Carter', userId: 'sam_1' }])
  })
})

describe('mentionQueryAt', () => {
  it.each([
    ['@Sa', 3, { start: 0, query: 'Sa' }],
    ['Hello @sam', 10, { start: 6, query: 'sam' }],
    ['Hi @Sam Ca', 10, { start: 3, query: 'Sam Ca' }],
    ['Hi @Sam ', 8, { start: 3, query: 'Sam' }],
    ['(@Jo', 4, { start: 1, query: 'Jo' }],
    ['@Zoë', 4, { start: 0, query: 'Zoë' }],
  ])('finds the query in %j at %i', (text, caret, expected) => {
    expect(mentionQueryAt(text, caret)).toEqual(expected)
  })

  it.each([
    ['a lone @', '@', 1],
    ['an e-mail address', 'mail me at sam@example', 22],
    ['a digit after @', '@1', 2],
    ['two spaces', '@Sam Carter again', 17],
    ['a caret before the @', 'hi @Sam', 2],
    ['a finished token', '@[Sam Carter](sam_1)', 20],
  ])('finds nothing for %s', (_, text, caret) => {
    expect(mentionQueryAt(text, caret)).toBeNull()
  })
})

describe('insertMention', () => {
  it('replaces the query with the token and a space, and puts the caret after it', () => {
    const text = 'Nice one @Sa'
    const at = mentionQueryAt(text, text.length)
    if (!at) throw new Error('expected a query')
    const result = insertMention(text, at, text.length, sam)
    expect(result.text).toBe('Nice one @[Sam Carter](sam_1) ')
    expect(result.caret).toBe(result.text.length)
  })

  it('keeps the text after the caret without doubling its space', () => {
    const text = 'Hey @Sa and welcome'
    const at = mentionQueryAt(text, 7)
    if (!at) throw new Error('expected a query')
    const result = insertMention(text, at, 7, sam)
    expect(result.text).toBe('Hey @[Sam Carter](sam_1) and welcome')
    expect(result.text.slice(0, result.caret)).toBe('Hey @[Sam Carter](sam_1) ')
  })
})
