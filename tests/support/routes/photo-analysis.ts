import { ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of AI photo analysis: approved members past the gate, on a photo they may see (others 404). The table's
 * AI service fails every call, so the owner, who gets as far as the model, is answered 502.
 */
export function photoAnalysisRoutes(ctx: RouteContext): Row[] {
  return [
    {
      route: 'POST /api/photos/:id/analysis',
      url: () => `/api/photos/${ctx.owned().privatePhotoId}/analysis`,
      expect: ownerOnly(502),
    },
  ]
}
