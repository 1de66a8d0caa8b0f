import type { FailingMail } from '#shared/schemas/mail.ts'
import { Button } from '../../../components/button.tsx'
import { toast } from '../../../components/toast-store.ts'
import { errorMessage } from '../../../lib/api.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { useFailingMails, useResendMail } from '../api.ts'
import { AdminSection, AdminTable, Cell } from './admin-table.tsx'

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
        columns={['Recipient', 'Subject', 'Attempts', 'Last error', 'Next try', 'Action']}
      >
        {data?.map((mail) => {
          const busy = resend.isPending && resend.variables === mail.id
          return (
            <tr key={mail.id}>
              <Cell className="whitespace-nowrap">{mail.recipient}</Cell>
              <Cell>{mail.subject}</Cell>
              <Cell>{mail.attempts}</Cell>
              <Cell className="max-w-[16rem] break-words text-red-800">{mail.lastError}</Cell>
              <Cell className="whitespace-nowrap">
                {mail.nextAttemptAt ? formatDateTime(mail.nextAttemptAt) : 'Stopped: waiting for Resend'}
              </Cell>
              <Cell>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Resend "${mail.subject}" to ${mail.recipient}`}
                  disabled={resend.isPending}
                  onClick={() => resendMail(mail)}
                >
                  {busy ? 'Sending...' : 'Resend'}
                </Button>
              </Cell>
            </tr>
          )
        })}
      </AdminTable>
    </AdminSection>
  )
}
