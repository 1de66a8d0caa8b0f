import type { LikeState, Post } from '#shared/schemas/community.ts'
import { withLiked, withLikeState } from './post-cache.ts'

// Likes are optimistic: the heart and the count change on the click, the request follows. Quick clicks
// never race: one request per post is in flight at a time, and when it returns the latest wish is sent if it
// differs, so the server ends where the last click left it. A failure puts back what the server last confirmed.

type Deps = {
  send: (measurementId: string, liked: boolean) => Promise<LikeState>
  /** applies an update to every cached copy of the post */
  update: (measurementId: string, change: (post: Post) => Post) => void
  onError: (error: unknown) => void
}

type Entry = { wanted: boolean; confirmed: LikeState }

export function createLikeSender({ send, update, onError }: Deps) {
  const pending = new Map<string, Entry>()

  async function drain(id: string, entry: Entry) {
    try {
      for (;;) {
        const wanted = entry.wanted
        entry.confirmed = await send(id, wanted)
        if (entry.wanted === wanted) break
      }
      const confirmed = entry.confirmed
      update(id, (post) => withLikeState(post, confirmed))
    } catch (error) {
      const confirmed = entry.confirmed
      update(id, (post) => withLikeState(post, confirmed))
      onError(error)
    } finally {
      pending.delete(id)
    }
  }

  /** The viewer pressed the heart of `post` (as shown, with any optimistic change already in it). */
  return function toggle(post: Post): void {
    const id = post.measurement.id
    const wanted = !post.likedByMe
    update(id, (p) => withLiked(p, wanted))
    const entry = pending.get(id)
    if (entry) {
      entry.wanted = wanted
      return
    }
    const fresh: Entry = { wanted, confirmed: { liked: post.likedByMe, likeCount: post.likeCount } }
    pending.set(id, fresh)
    void drain(id, fresh)
  }
}
