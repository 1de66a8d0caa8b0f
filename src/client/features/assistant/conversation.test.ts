import { describe, expect, it } from 'vitest'
import { CHAT_FAILURE_MESSAGE, CHAT_GREETING, CHAT_LIMITS } from '#shared/assistant/constants.ts'
import {
  type ChatMessage,
  failureMessage,
  forgetOtherConversations,
  GREETING_ID,
  greeting,
  historyFor,
  KEPT_MESSAGES,
  loadConversation,
  replyBlocks,
  saveConversation,
  sendableText,
  sourceLink,
  storageKey,
} from './conversation.ts'

// The widget's conversation: what is sent (docs/product.md §5 trimming, recent turns), what is kept for the session, and how
// a reply's plain text and sources are shown.

let n = 0
const user = (text: string): ChatMessage => ({ id: `u${++n}`, text, isUser: true, timestamp: n })
const bot = (text: string): ChatMessage => ({ id: `a${++n}`, text, isUser: false, timestamp: n })

/** A Storage in memory, as sessionStorage behaves. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    get length() {
      return data.size
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

describe('sendableText', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['\n\t \n', null],
    ['  What is the B&C minimum?  ', 'What is the B&C minimum?'],
    ['line one\nline two\n', 'line one\nline two'],
  ])('%j → %j', (input, expected) => {
    expect(sendableText(input)).toBe(expected)
  })

  it('cuts a question to the limit the server takes', () => {
    expect(sendableText('x'.repeat(CHAT_LIMITS.messageChars + 50))).toHaveLength(CHAT_LIMITS.messageChars)
  })
})

describe('historyFor', () => {
  it('sends nothing for a new conversation (the greeting is not a turn)', () => {
    expect(historyFor([greeting(0)])).toEqual([])
  })

  it('sends the earlier turns oldest first with their roles', () => {
    const messages = [greeting(0), user('B&C minimum for whitetail?'), bot('170 typical.')]
    expect(historyFor(messages)).toEqual([
      { role: 'user', text: 'B&C minimum for whitetail?' },
      { role: 'assistant', text: '170 typical.' },
    ])
  })

  it('leaves out failure messages and the questions they answered', () => {
    const messages = [greeting(0), user('first'), failureMessage('f', 1), user('second'), bot('answer')]
    expect(historyFor(messages)).toEqual([
      { role: 'user', text: 'second' },
      { role: 'assistant', text: 'answer' },
    ])
  })

  it(`keeps only the last ${CHAT_LIMITS.historyTurns} turns`, () => {
    const messages = [greeting(0)]
    for (let i = 0; i < 8; i++) messages.push(user(`q${i}`), bot(`a${i}`))
    const history = historyFor(messages)
    expect(history).toHaveLength(CHAT_LIMITS.historyTurns)
    expect(history.at(0)).toEqual({ role: 'user', text: 'q3' })
    expect(history.at(-1)).toEqual({ role: 'assistant', text: 'a7' })
  })

  it(`cuts each turn to ${CHAT_LIMITS.turnChars} characters`, () => {
    const long = 'y'.repeat(CHAT_LIMITS.turnChars + 100)
    const [turn] = historyFor([greeting(0), user('q'), bot(long)]).slice(-1)
    expect(turn?.text).toHaveLength(CHAT_LIMITS.turnChars)
  })
})

describe('the session copy', () => {
  it('starts a new conversation with the greeting when nothing is kept', () => {
    const messages = loadConversation(memoryStorage(), 'm1', 42)
    expect(messages).toEqual([{ id: GREETING_ID, text: CHAT_GREETING, isUser: false, timestamp: 42 }])
  })

  it('reads back what it saved, sources and failures included', () => {
    const storage = memoryStorage()
    const messages: ChatMessage[] = [
      greeting(0),
      user('hi'),
      { ...bot('see'), sources: [{ kind: 'species-guide', title: 'Species Guide', href: '/species-guide' }] },
      user('again'),
      failureMessage('f1', 5),
    ]
    saveConversation(storage, 'm1', messages)
    expect(loadConversation(storage, 'm1', 99)).toEqual(messages)
    expect(loadConversation(storage, 'm2', 99)).toHaveLength(1)
  })

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"id":"x"}'],
    ['an empty list', '[]'],
    ['a message without text', '[{"id":"x","isUser":false,"timestamp":1}]'],
    [
      'a source of an unknown kind',
      '[{"id":"x","text":"t","isUser":false,"timestamp":1,"sources":[{"kind":"x","title":"t"}]}]',
    ],
  ])('starts again from a damaged copy (%s)', (_name, raw) => {
    const storage = memoryStorage({ [storageKey('m1')]: raw })
    expect(loadConversation(storage, 'm1', 7)).toEqual([greeting(7)])
  })

  it('keeps the greeting and the last messages of a long session', () => {
    const storage = memoryStorage()
    const messages = [greeting(0)]
    for (let i = 0; i < KEPT_MESSAGES; i++) messages.push(user(`q${i}`), bot(`a${i}`))
    saveConversation(storage, 'm1', messages)
    const kept = loadConversation(storage, 'm1', 0)
    expect(kept).toHaveLength(KEPT_MESSAGES + 1)
    expect(kept[0]?.id).toBe(GREETING_ID)
    expect(kept.at(-1)?.text).toBe(`a${KEPT_MESSAGES - 1}`)
  })

  it('survives storage that throws (blocked in a privacy mode)', () => {
    const throwing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(loadConversation(throwing, 'm1', 1)).toEqual([greeting(1)])
    expect(() => saveConversation(throwing, 'm1', [greeting(1)])).not.toThrow()
    expect(loadConversation(undefined, 'm1', 1)).toEqual([greeting(1)])
  })

  it("forgets other members' conversations and nothing else", () => {
    const storage = memoryStorage({
      [storageKey('m1')]: '[]',
      [storageKey('m2')]: '[]',
      'fieldmark.units': 'metric',
    })
    forgetOtherConversations(storage, 'm2')
    expect([...storage.data.keys()].sort()).toEqual([storageKey('m2'), 'fieldmark.units'])
  })

  it('uses the failure message of docs/product.md §8', () => {
    expect(failureMessage('f', 1)).toMatchObject({ text: CHAT_FAILURE_MESSAGE, failed: true, isUser: false })
  })
})

describe('sourceLink', () => {
  it.each([
    ['/species-guide?species=largemouth-bass', { kind: 'app', path: '/species-guide?species=largemouth-bass' }],
    ['/measurements/abc', { kind: 'app', path: '/measurements/abc' }],
    ['https://www.fws.gov/hunting', { kind: 'external', url: 'https://www.fws.gov/hunting' }],
    ['http://example.org/regs', { kind: 'external', url: 'http://example.org/regs' }],
    ['//evil.example/x', { kind: 'none' }],
    ['/\\evil.example', { kind: 'none' }],
    ['javascript:alert(1)', { kind: 'none' }],
    ['data:text/html,<b>x</b>', { kind: 'none' }],
    ['species-guide', { kind: 'none' }],
    [undefined, { kind: 'none' }],
  ])('%s → %j', (href, expected) => {
    expect(sourceLink(href)).toEqual(expected)
  })
})

describe('replyBlocks', () => {
  it('keeps a paragraph with its line breaks', () => {
    expect(replyBlocks('Line one\nLine two')).toEqual([{ kind: 'text', lines: ['Line one', 'Line two'] }])
  })

  it("turns '- ' lines into one list and splits paragraphs at blank lines", () => {
    const text = 'Minimums:\n- Typical: 170\n- Non-typical: 195\n\nSource: Boone and Crockett.'
    expect(replyBlocks(text)).toEqual([
      { kind: 'text', lines: ['Minimums:'] },
      { kind: 'list', items: ['Typical: 170', 'Non-typical: 195'] },
      { kind: 'text', lines: ['Source: Boone and Crockett.'] },
    ])
  })

  it('reads a hyphen inside a line, a negative number or bold marks as text', () => {
    expect(replyBlocks('-5 °F is cold\n**Note** a well-known rule')).toEqual([
      { kind: 'text', lines: ['-5 °F is cold', '**Note** a well-known rule'] },
    ])
  })

  it('drops blank lines at the ends and Windows line ends', () => {
    expect(replyBlocks('\r\n\r\nHello\r\n\r\n')).toEqual([{ kind: 'text', lines: ['Hello'] }])
  })
})
