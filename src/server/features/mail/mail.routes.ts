import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { requireAdmin } from '#server/plugins/auth-session.ts'
import { FailingMailSchema, MailIdParamsSchema } from '#shared/schemas/mail.ts'
import type { MailSender } from './mail.outbox.ts'
import { listFailingMails, resendMail } from './mail.service.ts'

type Options = { db: Db; sender: MailSender }

/** The outbox seen by admins (under /api/admin): mails that keep failing, and a new attempt now. */
export const mailAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, sender }) => {
  app.addHook('preValidation', requireAdmin)

  app.get(
    '/mails/failing',
    {
      schema: {
        summary: 'Mails whose last attempt failed, oldest first',
        tags: ['admin'],
        response: { 200: z.array(FailingMailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async () => listFailingMails(db),
  )

  app.post(
    '/mails/:mailId/resend',
    {
      schema: {
        summary: 'Try a failing mail again now',
        tags: ['admin'],
        params: MailIdParamsSchema,
        response: { 200: FailingMailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const mail = await resendMail(db, req.params.mailId)
      sender.wake()
      return mail
    },
  )
}
