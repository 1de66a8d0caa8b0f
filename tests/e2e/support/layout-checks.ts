import { expect, type Page } from '@playwright/test'

export const PHONE = { name: 'phone', width: 390, height: 844 } as const
export const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const
export const WIDTHS = [PHONE, DESKTOP] as const
export type Width = (typeof WIDTHS)[number]

// The tests are type-checked without the DOM library (tsconfig.server.json): the little of it used in the page.
type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number }
type Elem = {
  tagName: string
  textContent: string | null
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>
  getAttribute(name: string): string | null
  matches(selector: string): boolean
  contains(other: Elem | null): boolean
  getBoundingClientRect(): Box
  getClientRects(): { length: number }
}
export type BrowserGlobals = {
  document: {
    documentElement: { clientWidth: number; scrollWidth: number }
    body: { querySelectorAll(selector: string): ArrayLike<Elem> }
    elementFromPoint(x: number, y: number): Elem | null
  }
  innerHeight: number
  scrollY: number
  scrollTo(options: { top: number; behavior: 'instant' }): void
  scrollBy(options: { top: number; behavior: 'instant' }): void
  getComputedStyle(el: unknown): { display: string; visibility: string; position: string; overscrollBehaviorY: string }
}

/** The page is no wider than the screen: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as BrowserGlobals).document
    return { scrollWidth: documentElement.scrollWidth, clientWidth: documentElement.clientWidth }
  })
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth)
}

/**
 * Runs in the page. The text and interactive elements in view that a position:fixed or sticky element covers,
 * unless the element belongs to it. The band between the bars at the top (header, a sticky score bar) and at the
 * bottom (the phone's bottom bar) is what the member sees: content that scrolls under a bar is out of view, but
 * anything fixed inside that band (a floating button, a part of a bar poking out) must not sit on the content.
 * Probes are the centre and the corners of each element, through elementFromPoint.
 */
function coveredInView(): string[] {
  const w = globalThis as unknown as BrowserGlobals
  const { document } = w
  const vw = document.documentElement.clientWidth
  const vh = w.innerHeight
  const all = Array.from(document.body.querySelectorAll('*'))
  const shown = (el: Elem) => {
    const style = w.getComputedStyle(el)
    return style.display !== 'none' && style.visibility !== 'hidden' && el.getClientRects().length > 0
  }
  const pinned = all.filter((el) => ['fixed', 'sticky'].includes(w.getComputedStyle(el).position) && shown(el))
  const wide = pinned.map((el) => el.getBoundingClientRect()).filter((r) => r.width >= vw * 0.6 && r.height < vh / 2)
  let top = 0
  for (const r of [...wide].sort((a, b) => a.top - b.top)) if (r.top <= top + 1 && r.bottom > top) top = r.bottom
  let bottom = vh
  for (const r of [...wide].sort((a, b) => b.bottom - a.bottom))
    if (r.bottom >= bottom - 1 && r.top < bottom) bottom = r.top

  const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [tabindex="0"]'
  const TEXT_NODE = 3
  const hasOwnText = (el: Elem) =>
    Array.from(el.childNodes).some((n) => n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() !== '')
  const nameOf = (el: Elem) => {
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)
    return `<${el.tagName.toLowerCase()}> "${name}"`
  }

  const problems: string[] = []
  for (const el of all) {
    if (!(el.matches(INTERACTIVE) || hasOwnText(el))) continue
    const r = el.getBoundingClientRect()
    if (r.width <= 2 || r.height <= 2) continue // visually hidden text (sr-only)
    if (r.bottom <= top || r.top >= bottom || r.right <= 0 || r.left >= vw || !shown(el)) continue
    const x = [r.left + 1, (r.left + r.right) / 2, r.right - 1]
    const y = [r.top + 1, (r.top + r.bottom) / 2, r.bottom - 1]
    const probes = [
      [x[1], y[1]],
      [x[0], y[0]],
      [x[2], y[0]],
      [x[0], y[2]],
      [x[2], y[2]],
    ] as [number, number][]
    for (const [px, py] of probes) {
      if (px < 0 || px >= vw || py < top + 1 || py > bottom - 1) continue // a pixel's margin at the bars' edges
      const hit = document.elementFromPoint(px, py)
      if (!hit || el.contains(hit) || hit.contains(el)) continue
      const cover = pinned.find((p) => p.contains(hit) && !p.contains(el))
      if (cover) {
        problems.push(`${nameOf(el)} under ${nameOf(cover)} at ${Math.round(px)},${Math.round(py)}`)
        break
      }
    }
  }
  return problems
}

/**
 * Scrolls the page from the top to the bottom a third of a screen at a time and, at each step, expects no fixed
 * or sticky control to cover a text or interactive element in view.
 */
export async function expectNothingCoveredWhileScrolling(page: Page, where: string) {
  await scrollToTop(page)
  for (let step = 0; step < 80; step++) {
    const covered = await page.evaluate(coveredInView)
    const { at, moved } = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserGlobals
      const before = w.scrollY
      w.scrollBy({ top: Math.round(w.innerHeight / 3), behavior: 'instant' })
      return { at: Math.round(before), moved: w.scrollY !== before }
    })
    expect(covered, `${where}, scrolled to ${at}px`).toEqual([])
    if (!moved) return
    await page.waitForTimeout(40) // a list may load its next page, a sticky bar settles
  }
}

/** Both checks at both widths; the page is left at the top, at desktop width. */
export async function expectWholeAtEveryWidth(page: Page, where: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.waitForTimeout(150)
    await expectNoSidewaysScroll(page, `${where} at ${size.width}px`)
    await expectNothingCoveredWhileScrolling(page, `${where} at ${size.width}px`)
  }
  await scrollToTop(page)
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
}

export async function scrollToTop(page: Page) {
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollTo({ top: 0, behavior: 'instant' }))
}
