import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { DEFAULT_SETTINGS, type Settings } from '#shared/schemas/measurements.ts'
import { userSettings } from './measurements.tables.ts'

// A member's preferences (units, defaults for new measurements). No row means the defaults.

export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      units: userSettings.units,
      defaultVisibility: userSettings.defaultVisibility,
      defaultLocationPrecision: userSettings.defaultLocationPrecision,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
  return row ?? { ...DEFAULT_SETTINGS }
}

export async function saveSettings(db: Db, userId: string, settings: Settings): Promise<Settings> {
  const values = {
    units: settings.units,
    defaultVisibility: settings.defaultVisibility,
    defaultLocationPrecision: settings.defaultLocationPrecision,
  }
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning({
      units: userSettings.units,
      defaultVisibility: userSettings.defaultVisibility,
      defaultLocationPrecision: userSettings.defaultLocationPrecision,
    })
  return row ?? values
}
