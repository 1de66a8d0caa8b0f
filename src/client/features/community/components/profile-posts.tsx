import Ruler from 'lucide-react/icons/ruler'
import { Button } from '#client/components/button.tsx'
import { LoadMore } from '#client/components/load-more.tsx'
import { useUnits } from '#client/lib/use-units.ts'
import { useProfilePosts } from '../api.ts'
import { PostCard } from './post-card.tsx'
import { PostCardSkeleton } from './post-card-skeleton.tsx'

/** The member's measurements the viewer may see (all of one's own), newest first. */
export function ProfilePosts({ userId, isSelf, name }: { userId: string; isSelf: boolean; name: string }) {
  const units = useUnits()
  const posts = useProfilePosts(userId)
  const items = posts.data?.pages.flatMap((page) => page.items) ?? []
  if (posts.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading measurements" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <PostCardSkeleton />
          </li>
        ))}
      </ul>
    )
  }
  if (!posts.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">The measurements could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
          <Ruler className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 font-semibold text-stone-900">No measurements to show</p>
        <p className="mt-1 max-w-sm text-sm text-stone-700">
          {isSelf
            ? 'Measurements you record appear here. Others see those you share with followers or publicly.'
            : `${name} has not shared a measurement you can see yet.`}
        </p>
      </div>
    )
  }
  return (
    <>
      <ul aria-label="Measurements" className="grid items-start gap-5 md:grid-cols-2 xl:grid-cols-3">
        {items.map((post, i) => (
          <li key={post.measurement.id}>
            <PostCard post={post} units={units} eager={i < 3} showAuthor={false} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={posts.hasNextPage && !posts.isFetchNextPageError}
        loading={posts.isFetchingNextPage}
        onLoadMore={() => void posts.fetchNextPage()}
      />
    </>
  )
}
