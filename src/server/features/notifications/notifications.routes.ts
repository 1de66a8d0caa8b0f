import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sendJson } from '#server/lib/send-json.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import type { RateLimits } from '#server/plugins/security.ts'
import { MarkReadSchema, NotificationEventSchema, NotificationListSchema } from '#shared/schemas/community.ts'
import { NotificationLists } from './notifications.cache.ts'
import { markRead } from './notifications.service.ts'
import { NotificationStreams } from './notifications.stream.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** The bell: grouped notifications, marking read, and the live stream (SSE). */
export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const lists = new NotificationLists(db, app.events, app.memberCards)
  const streams = new NotificationStreams({
    hub: app.events,
    unreadCount: (user) => lists.unreadCount(user),
    log: app.log,
  })
  app.metrics.gauge(
    'fieldmark_notification_streams',
    'Open notification streams (SSE), all server processes',
    () => streams.size,
  )
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => streams.closeAll())

  const listDescription =
    'Grouped per item (group key `{kind}:{target}`), newest group first, at most 30 groups, from the member’s ' +
    'latest 500 notifications. actors: the latest 3 distinct actors; actorCount: all of them (“Sam and 3 ' +
    'others”). unreadCount counts unread groups (the badge). Notifications from blocked members and about ' +
    'measurements the member can no longer see are left out.'

  app.get(
    '/api/notifications',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The member’s notifications, grouped (the bell)',
        description: listDescription,
        tags: ['notifications'],
        response: { 200: NotificationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    // The member's own list: no cache keeps it.
    async (req, reply) => sendJson(reply.header('cache-control', 'no-store'), await lists.read(member(req))),
  )

  app.post(
    '/api/notifications/read',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Marks one group (its key) or, without a key, every notification read; answers the new list',
        tags: ['notifications'],
        body: MarkReadSchema,
        response: { 200: NotificationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const user = member(req)
      await markRead(db, user.id, req.body.key)
      app.events.announce(user.id)
      return sendJson(reply.header('cache-control', 'no-store'), await lists.read(user))
    },
  )

  app.get(
    '/api/notifications/stream',
    {
      preValidation: requireApproved,
      // Written straight to the socket (notifications.stream.ts); said here too, so a gzip buffer never holds an event back.
      compress: false,
      schema: {
        summary: 'Live unread count (Server-Sent Events)',
        description:
          'text/event-stream: `retry: 5000`, then `event: notification` with data {"unreadCount":N} on connect ' +
          'and whenever the member’s notifications change (in any server process); a comment every 25 s. At most ' +
          '5 streams per member and process: a sixth closes the oldest.',
        tags: ['notifications'],
        response: {
          200: {
            description: 'An event stream',
            content: { 'text/event-stream': { schema: NotificationEventSchema } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req, reply) => streams.open(member(req), reply),
  )
}
