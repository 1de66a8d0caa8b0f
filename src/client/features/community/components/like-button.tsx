import Heart from 'lucide-react/icons/heart'
import { formatCount } from '#client/lib/format.ts'
import type { Post } from '#shared/schemas/community.ts'
import { useToggleLike } from '../api.ts'

/** The heart: pressed when the viewer likes the post; the count changes on the click (optimistic). */
export function LikeButton({ post, className = '' }: { post: Post; className?: string }) {
  const toggle = useToggleLike()
  const liked = post.likedByMe
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={() => toggle(post)}
      className={`inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold tabular-nums hover:bg-stone-100 ${liked ? 'text-red-700' : 'text-stone-700'} ${className}`}
    >
      <Heart className={`size-5 ${liked ? 'fill-current' : ''}`} aria-hidden="true" />
      <span className="sr-only">Like, </span>
      {formatCount(post.likeCount)}
      <span className="sr-only">{post.likeCount === 1 ? ' like' : ' likes'}</span>
    </button>
  )
}
