import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button } from '#client/components/button.tsx'
import { LoadMore } from '#client/components/load-more.tsx'
import type { Member } from '#shared/schemas/community.ts'
import { useFollowers, useFollowing } from '../api.ts'
import { memberName } from '../member-name.ts'
import { MemberAvatar } from './member-avatar.tsx'

type Props = { userId: string; which: 'followers' | 'following'; empty: string }

/** A profile's followers or the members it follows, each a link to their profile; 20 at a time. */
export function MemberList({ userId, which, empty }: Props) {
  const followers = useFollowers(userId, which === 'followers')
  const following = useFollowing(userId, which === 'following')
  const list = which === 'followers' ? followers : following
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const label = which === 'followers' ? 'Followers' : 'Following'

  if (list.isPending) {
    return (
      <ul aria-busy="true" aria-label={label} className="grid gap-2 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex h-16 animate-pulse items-center gap-3 rounded-xl bg-white px-3">
            <div className="size-10 rounded-full bg-stone-200" />
            <div className="h-4 w-32 rounded bg-stone-200" />
          </li>
        ))}
      </ul>
    )
  }
  if (!list.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">This list could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border-2 border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
        {empty}
      </p>
    )
  }
  return (
    <>
      <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
        {items.map((member) => (
          <li key={member.id}>
            <MemberRow member={member} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage && !list.isFetchNextPageError}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  )
}

export function MemberRow({ member }: { member: Member }) {
  return (
    <Link
      href={paths.profile.href(member.id)}
      className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-3 font-semibold text-stone-900 shadow-xs hover:bg-stone-50"
    >
      <MemberAvatar member={member} className="size-10" />
      <span className="min-w-0 truncate">{memberName(member)}</span>
    </Link>
  )
}
