import type { Visibility } from '#shared/schemas/measurements.ts'

// Who may see a measurement (DESIGN.md §2). Every route that returns a measurement, a photo or anything attached to
// one asks here; the community issue extends `followers` with the follow graph.

export type Viewer = { id: string } | null

export type Visible = { userId: string; visibility: Visibility }

/** The owner always; a public measurement anyone; followers-only only its owner until follows exist. */
export function canView(viewer: Viewer, measurement: Visible): boolean {
  if (viewer && viewer.id === measurement.userId) return true
  return measurement.visibility === 'public'
}

/** Change and delete: the owner only (others get 404, never 403, so existence does not leak). */
export function canChange(viewer: Viewer, measurement: Pick<Visible, 'userId'>): boolean {
  return viewer !== null && viewer.id === measurement.userId
}
