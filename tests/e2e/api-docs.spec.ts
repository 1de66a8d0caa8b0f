import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { SCREENSHOT_DIR } from './support/look.ts'

test('the OpenAPI document is browsable at /api/docs under our content security policy', async ({ page }) => {
  const blocked: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) blocked.push(msg.text())
  })
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: /Fieldmark API/ })).toBeVisible()
  await expect(page.getByText('/api/beta-access-request').first()).toBeVisible()
  expect(blocked).toEqual([])
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'api-docs-desktop.png') })

  const doc = await page.request.get('/api/docs/json')
  expect(doc.ok()).toBe(true)
  const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> }
  expect(json.openapi).toMatch(/^3\./)
  expect(Object.keys(json.paths)).toEqual(
    expect.arrayContaining(['/api/auth/user', '/api/beta-access-request', '/api/admin/beta-requests']),
  )
})
