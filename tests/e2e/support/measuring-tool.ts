import { expect, type Locator } from '@playwright/test'

/**
 * In the measuring tool's reference step, with a photo loaded and a credit card as the reference: leaves the default
 * (its four corners, found in the photo or marked by hand) for its two ends, the camera assumed square to the card.
 * The search for the card, if still running, is given up; the long side is the edge marked, nothing marked yet.
 */
export async function chooseTwoEnds(tool: Locator) {
  await expect(tool.locator('svg[role="application"] > image')).toBeVisible()
  await expect(tool.getByRole('radio', { name: /Credit Card/ })).toBeChecked()
  await expect(tool.getByRole('radio', { name: /Four corners/ })).toBeChecked()
  await tool.getByRole('radio', { name: /Two ends/ }).check()
  await expect(tool.getByRole('radio', { name: /Long side/ })).toBeChecked()
  await expect(tool.getByText('0 of 2 ends marked')).toBeVisible()
}
