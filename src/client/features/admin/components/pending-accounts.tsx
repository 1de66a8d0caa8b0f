import { Button } from '#client/components/button.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { displayName } from '#client/lib/user-name.ts'
import type { PendingUser } from '#shared/schemas/admin.ts'
import { useApproveUser, usePendingUsers } from '../api.ts'
import { AdminSection, AdminTable } from './admin-table.tsx'

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
      <AdminTable
        label="Accounts awaiting approval"
        columns={[
          { label: 'Name', bare: true, className: 'font-semibold text-stone-900', cell: (u) => displayName(u) },
          { label: 'Email', className: 'break-all md:whitespace-nowrap md:break-normal', cell: (u) => u.email },
          { label: 'Signed up', className: 'md:whitespace-nowrap', cell: (u) => formatDateTime(u.createdAt) },
          {
            label: 'Action',
            bare: true,
            cell: (user) =>
              user.emailVerified ? (
                <Button
                  size="sm"
                  aria-label={`Approve account ${user.email}`}
                  disabled={approve.isPending}
                  onClick={() => approveUser(user)}
                >
                  {approve.isPending && approve.variables === user.id ? 'Approving...' : 'Approve'}
                </Button>
              ) : (
                <span className="text-sm font-medium text-stone-600">Email not verified</span>
              ),
          },
        ]}
        rows={data ?? []}
        rowKey={(u) => u.id}
      />
    </AdminSection>
  )
}
