import { describe, expect, it } from 'vitest'
import { escapeHtml, firstNameOf, injectTags, MINIMAL_PAGE, type ShareTags } from './share-page.view.ts'

const TAGS: ShareTags = {
  title: "Ada's Bass — $& $1 12 lb",
  description: 'Largemouth Bass',
  image: null,
  url: 'http://localhost:5000/share/x',
}

describe('share page tags', () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    )
  })

  it('names the owner by first name, else the first word of the account name, else "A member"', () => {
    expect(firstNameOf('Ada', 'Ada Lovelace')).toBe('Ada')
    expect(firstNameOf(null, 'Annie Oakley')).toBe('Annie')
    expect(firstNameOf('  ', '')).toBe('A member')
    expect(firstNameOf(null, undefined)).toBe('A member')
  })

  it('puts the tags before </head> and the title in <title>, taking `$` literally', () => {
    const html = injectTags(MINIMAL_PAGE, TAGS)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(`<meta property="og:title" content="Ada&#39;s Bass — $&amp; $1 12 lb">`)
    expect(head).toContain('<title>Ada&#39;s Bass — $&amp; $1 12 lb · Fieldmark</title>')
    expect(head).toContain('<meta name="twitter:card" content="summary">')
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it('still carries the tags in a page without a head', () => {
    expect(injectTags('<p>hi</p>', TAGS)).toMatch(/^<meta property="og:type" content="article">/)
  })
})
