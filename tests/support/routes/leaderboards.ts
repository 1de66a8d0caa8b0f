import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/** The rows of the leaderboards: approved members past the gate only, every board and filter. */
export function leaderboardRoutes(_ctx: RouteContext): Row[] {
  return [
    { route: 'GET /api/leaderboards/points', url: () => '/api/leaderboards/points?period=this-week', expect: appRoute },
    {
      route: 'GET /api/leaderboards/trophies',
      url: () => '/api/leaderboards/trophies?period=this-year&species=whitetail-deer&evidence=photo-measured',
      expect: appRoute,
    },
    {
      route: 'GET /api/leaderboards/species/:species',
      url: () => '/api/leaderboards/species/whitetail-deer?period=this-month',
      expect: appRoute,
    },
    { route: 'GET /api/leaderboards/top-species', url: () => '/api/leaderboards/top-species', expect: appRoute },
    {
      route: 'GET /api/leaderboards/me',
      url: () => '/api/leaderboards/me?board=trophies&period=all-time',
      expect: appRoute,
    },
  ]
}
