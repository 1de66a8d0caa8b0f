import { useQuery } from '@tanstack/react-query'
import MessageCircle from 'lucide-react/icons/message-circle'
import Users from 'lucide-react/icons/users'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { buttonClass } from '#client/components/button.tsx'
import { HIGHLIGHTS, HIGHLIGHTS_KEY, LikeButton, PostAuthor } from '#client/features/community/index.ts'
import { MeasurementCard } from '#client/features/measurements/index.ts'
import { formatCount } from '#client/lib/format.ts'
import { useUnits } from '#client/lib/use-units.ts'
import type { PostPage } from '#shared/schemas/community.ts'

/**
 * docs/product.md §2 'Community Highlights': up to 2 recent posts of other members and 'Join Community'; nothing at all while
 * they load, when they fail or when there are none. Loaded when the dashboard's lower half comes into view.
 */
export default function CommunityHighlights() {
  const units = useUnits()
  const feed = useQuery<PostPage>({ queryKey: HIGHLIGHTS_KEY })
  const posts = feed.data?.items.slice(0, HIGHLIGHTS) ?? []
  if (posts.length === 0) return null
  return (
    <section
      aria-labelledby="highlights-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="highlights-title" className="text-xl font-bold text-stone-900">
          Community Highlights
        </h2>
        <Link
          href={paths.community}
          className="text-sm font-semibold whitespace-nowrap text-pine-800 underline-offset-4 hover:underline"
        >
          Join Community
        </Link>
      </div>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Community Highlights">
        {posts.map((post) => (
          <li key={post.measurement.id} className="grid">
            <MeasurementCard
              measurement={post.measurement}
              units={units}
              testId="post-card"
              header={
                <PostAuthor
                  owner={post.measurement.owner}
                  region={post.measurement.location.region}
                  className="px-4 py-3"
                />
              }
              footer={
                <div className="flex items-center gap-1 border-t border-stone-100 px-2 py-1.5">
                  <LikeButton post={post} />
                  <Link
                    href={`${paths.measurement.href(post.measurement.id)}#comments`}
                    className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-stone-700 tabular-nums hover:bg-stone-100"
                  >
                    <MessageCircle className="size-5" aria-hidden="true" />
                    {formatCount(post.commentCount)}
                    <span className="sr-only">
                      {post.commentCount === 1 ? ' comment' : ' comments'} on {post.measurement.species}
                    </span>
                  </Link>
                </div>
              }
            />
          </li>
        ))}
        {/* The cards keep the size of Recent Measurements' above; the third column invites to the feed. */}
        <li className="hidden xl:flex" aria-hidden="true">
          <div className="flex flex-1 flex-col items-center justify-center rounded-2xl border-2 border-dashed border-stone-300 px-6 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
              <Users className="size-6" />
            </span>
            <p className="mt-4 font-semibold text-stone-900">More from the community</p>
            <p className="mt-1 max-w-xs text-sm text-stone-700">
              Likes, comments and size checks on what members share.
            </p>
            <Link href={paths.community} tabIndex={-1} className={buttonClass('outline', 'md', 'mt-5')}>
              Open the feed
            </Link>
          </div>
        </li>
      </ul>
    </section>
  )
}
