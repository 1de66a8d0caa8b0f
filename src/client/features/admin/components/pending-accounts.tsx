import type { PendingUser } from '#shared/schemas/admin.ts'
import { Button } from '../../../components/button.tsx'
import { toast } from '../../../components/toast-store.ts'
import { errorMessage } from '../../../lib/api.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { displayName } from '../../../lib/user-name.ts'
import { useApproveUser, usePendingUsers } from '../api.ts'
import { AdminSection, AdminTable, Cell } from './admin-table.tsx'

/**
 * Accounts signed up without a matching approved request. An admin may approve one directly, but only once
 * its e-mail is verified (otherwise anyone could claim someone else's address).
 */
export function PendingAccounts() {
  const { data, isLoading, isError } = usePendingUsers()
  const approve = useApproveUser()

  function approveUser(user: PendingUser) {
    approve.mutate(user.id, {
      onSuccess: () => toast({ title: 'Account approved', description: `${displayName(user)} now has access.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Approval failed',
          description: errorMessage(error, 'Failed to approve account'),
        }),
    })
  }

  return (
    <AdminSection
      id="pending-accounts-title"
      title="Accounts awaiting approval"
      description="Signed-up accounts whose e-mail matches no approved request. Approve them directly when you know them."
      texts={{
        loading: 'Loading accounts…',
        failed: 'Could not load the accounts awaiting approval.',
        empty: 'No accounts are waiting for approval.',
      }}
      query={{ isLoading, isError, empty: !data || data.length === 0 }}
    >
      <AdminTable label="Accounts awaiting approval" columns={['Name', 'Email', 'Signed up', 'Action']}>
        {data?.map((user) => {
          const busy = approve.isPending && approve.variables === user.id
          return (
            <tr key={user.id}>
              <Cell className="font-semibold text-stone-900">{displayName(user)}</Cell>
              <Cell className="whitespace-nowrap">{user.email}</Cell>
              <Cell className="whitespace-nowrap">{formatDateTime(user.createdAt)}</Cell>
              <Cell>
                {user.emailVerified ? (
                  <Button
                    size="sm"
                    aria-label={`Approve account ${user.email}`}
                    disabled={approve.isPending}
                    onClick={() => approveUser(user)}
                  >
                    {busy ? 'Approving...' : 'Approve'}
                  </Button>
                ) : (
                  <span className="text-sm font-medium text-stone-600">Email not verified</span>
                )}
              </Cell>
            </tr>
          )
        })}
      </AdminTable>
    </AdminSection>
  )
}
