export * from './detect.ts'
export * from './geometry.ts'
export * from './plane.ts'
export * from './references.ts'
