export * from './geometry.ts'
export * from './references.ts'
