import { expect, type Locator, type Page } from '@playwright/test'

/** Opens the New Measurement dialog from the header, on the dashboard. */
export async function openNewMeasurement(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'New Measurement' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Measurement' })
  await expect(dialog.getByRole('heading', { name: 'Photos' })).toBeVisible()
  return dialog
}

/** Picks a species in the form's combobox by typing `search` and choosing the option that starts with `name`. */
export async function pickSpecies(dialog: Locator, search: string, name: string) {
  const combobox = dialog.getByRole('combobox', { name: 'Species' })
  await combobox.fill(search)
  await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click()
  await expect(combobox).toHaveValue(name)
}
