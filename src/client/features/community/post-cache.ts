import type { CommentPage, LikeState, Post, PostPage } from '#shared/schemas/community.ts'

// One post can sit in several caches at once: both feed tabs, a profile's measurements, the dashboard's highlights
// and the detail page. A like or a comment changes it in all of them, through these pure updates.

type Pages<P> = { pages: P[]; pageParams: unknown[] }

function isPost(value: unknown): value is Post {
  return typeof value === 'object' && value !== null && 'measurement' in value && 'likeCount' in value
}

function isPostPage(value: unknown): value is PostPage {
  return typeof value === 'object' && value !== null && 'items' in value && Array.isArray(value.items)
}

function isPages(value: unknown): value is Pages<unknown> {
  return typeof value === 'object' && value !== null && 'pages' in value && Array.isArray(value.pages)
}

function mapPage(page: PostPage, id: string, update: (post: Post) => Post): PostPage {
  let changed = false
  const items = page.items.map((post) => {
    if (!isPost(post) || post.measurement.id !== id) return post
    const next = update(post)
    if (next !== post) changed = true
    return next
  })
  return changed ? { ...page, items } : page
}

/**
 * The cached data with the post `id` updated wherever it appears: a Post, a PostPage, or an infinite query's pages
 * of them. Anything else, and data without that post, comes back as it was (the same object).
 */
export function mapPostIn<T>(data: T, id: string, update: (post: Post) => Post): T {
  if (isPost(data)) return (data.measurement.id === id ? update(data) : data) as T
  if (isPages(data)) {
    let changed = false
    const pages = data.pages.map((page) => {
      if (!isPostPage(page) || !page.items.every(isPost)) return page
      const next = mapPage(page, id, update)
      if (next !== page) changed = true
      return next
    })
    return (changed ? { ...data, pages } : data) as T
  }
  if (isPostPage(data) && data.items.every(isPost)) return mapPage(data, id, update) as T
  return data
}

/** The first copy of the post `id` in the cached data, if any. */
export function findPostIn(data: unknown, id: string): Post | undefined {
  if (isPost(data)) return data.measurement.id === id ? data : undefined
  if (isPages(data)) {
    for (const page of data.pages) {
      const found = isPostPage(page) ? findPostIn(page, id) : undefined
      if (found) return found
    }
    return undefined
  }
  if (isPostPage(data)) return data.items.find((p) => isPost(p) && p.measurement.id === id)
  return undefined
}

/** The post as the viewer's click wants it, before the server answers. */
export function withLiked(post: Post, liked: boolean): Post {
  if (post.likedByMe === liked) return post
  return { ...post, likedByMe: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) }
}

/** The post as the server says it is. */
export function withLikeState(post: Post, state: LikeState): Post {
  if (post.likedByMe === state.liked && post.likeCount === state.likeCount) return post
  return { ...post, likedByMe: state.liked, likeCount: state.likeCount }
}

export function withCommentCount(post: Post, commentCount: number): Post {
  return post.commentCount === commentCount ? post : { ...post, commentCount: Math.max(0, commentCount) }
}

/** The comments of all loaded pages, oldest first, each once (a comment just posted may also arrive in a page). */
export function flattenComments(pages: readonly CommentPage[]): CommentPage['items'] {
  const seen = new Map<string, CommentPage['items'][number]>()
  for (const page of pages) for (const comment of page.items) seen.set(comment.id, comment)
  return [...seen.values()].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1,
  )
}
