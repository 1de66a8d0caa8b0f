import { jpeg, uploadPhoto } from '../images.ts'
import { appRouteWith, type RouteContext, type Row } from '../route-table.ts'

/**
 * The access rows of AI photo analysis (issue 7): approved members past the gate only. The table's app has no AI
 * service, so they get 503 NOT_CONFIGURED (photo-analysis.test.ts covers the answers with one).
 */
export function photoAnalysisRoutes(ctx: RouteContext): Row[] {
  const analysisUrl = async () => {
    const res = await uploadPhoto(ctx.t(), ctx.callers().member.cookie, await jpeg(64, 48))
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
    return `/api/photos/${res.json().id}/analysis`
  }
  return [{ route: 'POST /api/photos/:id/analysis', url: analysisUrl, expect: appRouteWith(503) }]
}
