import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { failureMessage } from './conversation.ts'
import { MessageBubble } from './message-bubble.tsx'

// A reply is plain text: what looks like HTML is shown as text; sources link to app pages or, in a new tab, to an
// agency's site, and an unsafe address is no link at all.

const reply = (text: string, sources?: { kind: 'regulations' | 'species-guide'; title: string; href?: string }[]) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <MessageBubble message={{ id: 'a', text, isUser: false, timestamp: 0, ...(sources ? { sources } : {}) }} />
    </Router>,
  )

describe('MessageBubble', () => {
  it('shows markup in a reply as text, never as HTML', () => {
    const html = reply('<img src=x onerror=alert(1)> <b>bold</b>')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it("renders '- ' bullets as a list", () => {
    const html = reply('Minimums:\n- Typical: 170\n- Non-typical: 195')
    expect(html).toMatch(/<ul[^>]*><li>Typical: 170<\/li><li>Non-typical: 195<\/li><\/ul>/)
  })

  it('links an app source in the app and an agency in a new tab without an opener', () => {
    const html = reply('See these.', [
      { kind: 'species-guide', title: 'Species Guide: Whitetail Deer', href: '/species-guide/whitetail-deer' },
      { kind: 'regulations', title: 'Texas Parks and Wildlife', href: 'https://tpwd.texas.gov/regulations/' },
      { kind: 'regulations', title: 'Odd link', href: 'javascript:alert(1)' },
    ])
    expect(html).toMatch(/<a href="\/species-guide\/whitetail-deer"[^>]*>Species Guide: Whitetail Deer<\/a>/)
    expect(html).toMatch(/<a href="https:\/\/tpwd.texas.gov\/regulations\/" target="_blank" rel="noopener noreferrer"/)
    expect(html).not.toContain('javascript:')
    expect(html).toContain('Odd link')
  })

  it("keeps the member's own line breaks", () => {
    const html = renderToStaticMarkup(
      <MessageBubble message={{ id: 'u', text: 'one\ntwo', isUser: true, timestamp: 0 }} />,
    )
    expect(html).toContain('whitespace-pre-wrap')
    expect(html).toContain('one\ntwo')
  })

  it('shows the failure message of docs/product.md §8', () => {
    const html = renderToStaticMarkup(<MessageBubble message={failureMessage('f', 0)} />)
    expect(html).toContain('I&#x27;m having trouble connecting right now. Please try again in a moment.')
  })
})
