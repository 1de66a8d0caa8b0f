import { Button } from '#client/components/button.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { formatDateTime } from '#client/lib/format.ts'
import type { FailingMail } from '#shared/schemas/mail.ts'
import { useFailingMails, useResendMail } from '../api.ts'
import { AdminSection, AdminTable } from './admin-table.tsx'

/**
 * Mails the mail server keeps refusing (verification, reset, approval …). They are retried by themselves with
 * growing pauses, then wait here; Resend tries one again now.
 */
export function FailingMails() {
  const { data, isLoading, isError } = useFailingMails()
  const resend = useResendMail()

  function resendMail(mail: FailingMail) {
    resend.mutate(mail.id, {
      onSuccess: () => toast({ title: 'Sending again', description: `"${mail.subject}" to ${mail.recipient}.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Resend failed', description: errorMessage(error, 'Failed to resend') }),
    })
  }

  return (
    <AdminSection
      id="failing-mails-title"
      title="Mails not delivered"
      description="Mails the mail server did not take. Each is retried by itself; once the retries run out it waits for Resend."
      texts={{
        loading: 'Loading mails…',
        failed: 'Could not load the mails not delivered.',
        empty: 'Every mail was delivered.',
      }}
      query={{ isLoading, isError, empty: !data || data.length === 0 }}
    >
      <AdminTable
        label="Mails not delivered"
        columns={[
          { label: 'Recipient', className: 'break-all md:whitespace-nowrap md:break-normal', cell: (m) => m.recipient },
          { label: 'Subject', cell: (m) => m.subject },
          { label: 'Attempts', cell: (m) => m.attempts },
          { label: 'Last error', className: 'break-words text-red-800 md:max-w-[16rem]', cell: (m) => m.lastError },
          {
            label: 'Next try',
            className: 'md:whitespace-nowrap',
            cell: (m) => (m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : 'Stopped: waiting for Resend'),
          },
          {
            label: 'Action',
            bare: true,
            cell: (mail) => (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Resend "${mail.subject}" to ${mail.recipient}`}
                disabled={resend.isPending}
                onClick={() => resendMail(mail)}
              >
                {resend.isPending && resend.variables === mail.id ? 'Sending...' : 'Resend'}
              </Button>
            ),
          },
        ]}
        rows={data ?? []}
        rowKey={(m) => m.id}
      />
    </AdminSection>
  )
}
