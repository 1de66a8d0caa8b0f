import Inbox from 'lucide-react/icons/inbox'
import { useState } from 'react'
import { Loading } from '#client/components/loading.tsx'
import { toast } from '#client/components/toast-store.ts'
import { errorMessage } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import type { BetaRequest } from '#shared/schemas/admin.ts'
import { useBetaRequests, useReports, useReviewBetaRequest } from '../api.ts'
import { AdminTabs } from '../components/admin-tabs.tsx'
import { FailingMails } from '../components/failing-mails.tsx'
import { PendingAccounts } from '../components/pending-accounts.tsx'
import { PendingRequestsTable, type ReviewAction } from '../components/pending-requests-table.tsx'
import { ReportsSection } from '../components/reports-section.tsx'
import { ReviewDialog } from '../components/review-dialog.tsx'
import { ReviewedRequestsTable } from '../components/reviewed-requests-table.tsx'
import { StatCounters } from '../components/stat-counters.tsx'

type Tab = 'beta' | 'reports'

/**
 * /admin 'Beta Access Admin' (docs/product.md §2/§6/§7/§8), with Reports beside Beta Access. The server answers 403
 * to non-admins.
 */
export default function AdminPage() {
  useDocumentTitle('Beta Access Admin')
  const [tab, setTab] = useState<Tab>('beta')
  const openReports = useReports('open').data?.openCount
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Beta Access Admin</h1>
        <p className="mt-1 text-stone-700">Review who joins the Fieldmark beta, and what members report.</p>
      </div>
      <AdminTabs
        label="Admin sections"
        tabs={[
          { key: 'beta', label: 'Beta Access' },
          { key: 'reports', label: 'Reports', badge: openReports },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'beta' ? <BetaAccess /> : <ReportsSection headingId="reports-title" />}
      </AdminTabs>
    </div>
  )
}

function BetaAccess() {
  const { data: requests, isLoading, isError } = useBetaRequests()
  const review = useReviewBetaRequest()
  const [target, setTarget] = useState<{ request: BetaRequest; action: ReviewAction } | null>(null)

  function confirm(reviewNotes: string) {
    if (!target) return
    const { request, action } = target
    review.mutate(
      { requestId: request.id, status: action, reviewNotes: reviewNotes.trim() || null },
      {
        onSuccess: () => {
          setTarget(null)
          toast({
            title: 'Request reviewed',
            description: `${request.firstName} ${request.lastName} was ${action}.`,
          })
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Review failed',
            description: errorMessage(error, 'Failed to review request'),
          }),
      },
    )
  }

  return (
    <div className="grid gap-8">
      {isLoading ? (
        <Loading fullScreen={false} />
      ) : isError || !requests ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-900">
          Failed to load admin panel. You may not have admin access.
        </p>
      ) : (
        <>
          <StatCounters requests={requests} />
          {requests.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
              <Inbox className="size-10 text-stone-500" aria-hidden="true" />
              <p className="mt-3 font-semibold text-stone-900">No beta requests yet</p>
              <p className="mt-1 text-sm text-stone-700">Requests from the landing page will show up here.</p>
            </div>
          ) : (
            <>
              <PendingRequestsTable
                requests={requests.filter((r) => r.status === 'pending')}
                onReview={(request, action) => setTarget({ request, action })}
              />
              <ReviewedRequestsTable requests={requests.filter((r) => r.status !== 'pending')} />
            </>
          )}
          <PendingAccounts />
          <FailingMails />
        </>
      )}
      <ReviewDialog target={target} pending={review.isPending} onConfirm={confirm} onClose={() => setTarget(null)} />
    </div>
  )
}
