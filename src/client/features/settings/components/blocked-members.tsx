import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button } from '#client/components/button.tsx'
import { toast } from '#client/components/toast-store.ts'
import { MemberAvatar, memberName, useBlocks, useSetBlock } from '#client/features/community/index.ts'
import { errorMessage } from '#client/lib/api.ts'
import type { Member } from '#shared/schemas/community.ts'
import { LoadFailed } from './load-failed.tsx'

/** The members the viewer blocked, each with Unblock (once blocked, neither sees the other's content). */
export function BlockedMembers() {
  const blocks = useBlocks()
  return (
    <section
      aria-labelledby="blocked-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="blocked-title" className="text-lg font-bold text-stone-900">
        Blocked members
      </h2>
      <p className="pt-1 text-sm text-stone-700">
        You and the members you block do not see each other's measurements, comments or notifications.
      </p>
      {blocks.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-600">
          Loading…
        </p>
      ) : blocks.isError ? (
        <LoadFailed error={blocks.error} fallback="The list could not be loaded." retry={() => void blocks.refetch()} />
      ) : blocks.data.items.length === 0 ? (
        <p className="mt-4 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">You have not blocked anyone.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100" aria-labelledby="blocked-title">
          {blocks.data.items.map((member) => (
            <BlockedRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </section>
  )
}

function BlockedRow({ member }: { member: Member }) {
  const unblock = useSetBlock()
  const name = memberName(member)
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MemberAvatar member={member} className="size-9" />
      <Link
        href={paths.profile.href(member.id)}
        className="min-w-0 flex-1 truncate font-semibold text-stone-900 underline-offset-4 hover:underline"
      >
        {name}
      </Link>
      {unblock.isError ? (
        <p role="alert" className="basis-full text-sm font-medium text-red-700 sm:order-last">
          {errorMessage(unblock.error, `${name} could not be unblocked. Try again.`)}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(
            { userId: member.id, block: false },
            { onSuccess: () => toast({ title: `${name} unblocked` }) },
          )
        }
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
        <span className="sr-only"> {name}</span>
      </Button>
    </li>
  )
}
