import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import type { RateLimits } from '#server/plugins/security.ts'
import {
  LeaderboardQuerySchema,
  LeaderboardRowsSchema,
  MyRankQuerySchema,
  MyRankSchema,
  SpeciesParamsSchema,
  TopSpeciesListSchema,
  TrophiesQuerySchema,
} from '#shared/schemas/achievements.ts'
import { boardKey, speciesBoardKey, topSpecies } from './leaderboards.queries.ts'
import { rebuildBoardsIfEmpty } from './leaderboards.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

const PERIODS =
  'period: all-time (default), this-year, this-month or this-week, calendar periods in UTC (weeks start on Monday); ' +
  'a measurement counts in the periods of its date taken.'
const COUNTED =
  'Only public measurements count: never private, followers-only, hidden or disputed ones, nor those of a hidden ' +
  'member. evidence: any (default), photo-measured (or better) or community-verified (or better). Members blocked ' +
  'either way are left out. Ties: the member who reached the value first ranks first, then by member id.'

/** The leaderboards (docs/product.md §7): the top 10 of each board, the viewer's own rank, the top species. */
export const leaderboardRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  // Before the server answers and before the retroactive awards (onReady), which rewrite only the members they award.
  const rebuilt = await rebuildBoardsIfEmpty(db)
  if (rebuilt) app.log.info(rebuilt, 'leaderboards rebuilt')

  app.get(
    '/api/leaderboards/points',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Top achievers: achievement points earned in the period',
        description: `${PERIODS} Points count in the period they were earned; evidence is accepted and ignored (points have no evidence). ${COUNTED}`,
        tags: ['leaderboards'],
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => app.boardTops.top(member(req), boardKey('points', req.query, new Date())),
  )

  app.get(
    '/api/leaderboards/trophies',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Trophy count: measurements of trophy or record class in the period',
        description: `${PERIODS} species: a catalogue species id, or all (default). ${COUNTED}`,
        tags: ['leaderboards'],
        querystring: TrophiesQuerySchema,
        response: { 200: LeaderboardRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => app.boardTops.top(member(req), boardKey('trophies', req.query, new Date())),
  )

  app.get(
    '/api/leaderboards/species/:species',
    {
      preValidation: requireApproved,
      schema: {
        summary: "Species leaders: each member's best score (a fish's weight in pounds when unscored) in the period",
        description: `${PERIODS} 404 for a species that is not in the catalogue. ${COUNTED}`,
        tags: ['leaderboards'],
        params: SpeciesParamsSchema,
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => app.boardTops.top(member(req), speciesBoardKey(req.params.species, req.query, new Date())),
  )

  app.get(
    '/api/leaderboards/top-species',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The species with counted measurements in the period, most first',
        description: `${PERIODS} count: the counted measurements of the species (every member's). ${COUNTED}`,
        tags: ['leaderboards'],
        querystring: LeaderboardQuerySchema,
        response: { 200: TopSpeciesListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => topSpecies(db, req.query, new Date()),
  )

  app.get(
    '/api/leaderboards/me',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Your own row on a board, with your rank (shown below the top 10)',
        description:
          `${PERIODS} board: points, trophies or species (species then names one). rank: 1 + the rows ahead of ` +
          `yours, as you see the board (blocked members left out). row is null when you have no value there. ${COUNTED}`,
        tags: ['leaderboards'],
        querystring: MyRankQuerySchema,
        response: { 200: MyRankSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => app.boardTops.rank(member(req), boardKey(req.query.board, req.query, new Date())),
  )
}
