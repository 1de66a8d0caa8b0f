import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const SCREENSHOT_DIR = join(process.cwd(), 'tests', 'e2e', 'screenshots')
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * Screenshots the page at desktop and phone width and runs axe at each; serious or critical violations fail
 * the test. The viewport is restored to desktop afterwards.
 */
export async function look(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.waitForTimeout(150)
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size.name}.png`), fullPage: true })
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) on ${size.name}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, `axe violations on ${name}`).toEqual([])
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height })
}
