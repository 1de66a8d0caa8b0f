// What other features may use of auth: they import it from here, never from its files (biome.json).

export { users } from './auth.tables.ts'
