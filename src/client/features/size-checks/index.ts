// What other features may use of size-checks: they import it from here, never from its files (biome.json).

export { SizeCheckPanel } from './size-check-panel.tsx'
