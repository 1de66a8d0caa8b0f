import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useMemo } from 'react'
import { apiPaths } from '#client/app/paths.ts'
import { toast } from '#client/components/toast-store.ts'
import { AUTH_USER_KEY } from '#client/features/auth/index.ts'
import { SETTINGS_KEY } from '#client/features/measurements/index.ts'
import { apiJson, errorMessage, throwIfNotOk } from '#client/lib/api.ts'
import type {
  Comment,
  CommentPage,
  CreateReport,
  FeedTab,
  FollowState,
  LikeState,
  Member,
  MemberPage,
  Post,
  PostPage,
  Profile,
  UpdateProfile,
} from '#shared/schemas/community.ts'
import { createLikeSender } from './like-sender.ts'
import { flattenComments, mapPostIn, withCommentCount } from './post-cache.ts'

// The community. Query keys start with the API URL (docs/product.md §7), so the default loader could read any of
// them; pages of a cursor list share the URL of their first page.

export const feedKey = (tab: FeedTab) => [apiPaths.feed(tab, null)] as const
export const postKey = (id: string) => [apiPaths.post(id)] as const
export const commentsKey = (id: string) => [apiPaths.comments(id)] as const
export const profileKey = (userId: string) => [apiPaths.profile(userId)] as const
export const profilePostsKey = (userId: string) => [apiPaths.profilePosts(userId, null)] as const
export const followersKey = (userId: string) => [apiPaths.followers(userId, null)] as const
export const followingKey = (userId: string) => [apiPaths.following(userId, null)] as const
export const BLOCKS_KEY = [apiPaths.blocks] as const

/** docs/product.md §9: the dashboard shows up to 2 community posts. */
export const HIGHLIGHTS = 2
export const HIGHLIGHTS_KEY = [apiPaths.feed('everyone', null, HIGHLIGHTS)] as const

/** Every query that holds posts: the feed (both tabs and the highlights), profiles' measurements, one post. */
function holdsPosts(key: QueryKey): boolean {
  const url = key[0]
  if (typeof url !== 'string') return false
  return url.startsWith('/api/feed') || /^\/api\/profiles\/[^/?]+\/measurements/.test(url) || /\/post$/.test(url)
}

/** Applies a change to the post `id` in every cache that holds it. */
export function updatePost(queryClient: QueryClient, id: string, change: (post: Post) => Post) {
  queryClient.setQueriesData({ predicate: (q) => holdsPosts(q.queryKey) }, (data: unknown) =>
    mapPostIn(data, id, change),
  )
}

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal })
  await throwIfNotOk(res)
  return (await res.json()) as T
}

type Paged = { nextCursor: string | null }

/** A cursor list read page by page (infinite scroll). */
function useCursorPages<P extends Paged>(key: QueryKey, url: (cursor: string | null) => string, enabled = true) {
  return useInfiniteQuery<P, Error, InfiniteData<P>, QueryKey, string | null>({
    queryKey: key,
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) => getJson<P>(url(pageParam), signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Posts

export function useFeed(tab: FeedTab) {
  return useCursorPages<PostPage>(feedKey(tab), (cursor) => apiPaths.feed(tab, cursor))
}

/**
 * The feed again from its first page, keeping what is on screen meanwhile: the later pages are dropped (the member
 * is at the top) and the first is read again, so a new post appears without a flash of skeletons.
 */
export function refreshFeed(queryClient: QueryClient, tab: FeedTab) {
  const key = feedKey(tab)
  queryClient.setQueryData<InfiniteData<PostPage, string | null>>(key, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  )
  return queryClient.invalidateQueries({ queryKey: key, exact: true })
}

export function usePost(id: string) {
  return useQuery<Post>({ queryKey: postKey(id) })
}

export function useProfilePosts(userId: string, enabled = true) {
  return useCursorPages<PostPage>(profilePostsKey(userId), (cursor) => apiPaths.profilePosts(userId, cursor), enabled)
}

/** The heart: optimistic, one request per post at a time, rolled back with a toast when it fails. */
export function useToggleLike() {
  const queryClient = useQueryClient()
  return useMemo(
    () =>
      createLikeSender({
        send: (id, liked) => apiJson<LikeState>(liked ? 'PUT' : 'DELETE', apiPaths.like(id)),
        update: (id, change) => updatePost(queryClient, id, change),
        onError: (error) =>
          toast({
            title: 'Your like was not saved',
            description: errorMessage(error, 'Check your connection and try again.'),
            variant: 'destructive',
          }),
      }),
    [queryClient],
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Comments

export function useComments(measurementId: string, enabled = true) {
  const query = useCursorPages<CommentPage>(
    commentsKey(measurementId),
    (cursor) => apiPaths.comments(measurementId, cursor),
    enabled,
  )
  const pages = query.data?.pages
  const items = useMemo(() => (pages ? flattenComments(pages) : []), [pages])
  return { ...query, items, total: pages?.[0]?.total }
}

type CommentPages = InfiniteData<CommentPage, string | null>

function changeComments(
  queryClient: QueryClient,
  measurementId: string,
  change: (pages: CommentPage[]) => CommentPage[],
) {
  queryClient.setQueryData<CommentPages>(commentsKey(measurementId), (data) =>
    data ? { ...data, pages: change(data.pages) } : data,
  )
}

export function useCreateComment(measurementId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => apiJson<Comment>('POST', apiPaths.comments(measurementId), { body }),
    onSuccess: (comment) => {
      changeComments(queryClient, measurementId, (pages) =>
        pages.map((page, i) => ({
          ...page,
          total: page.total + 1,
          items: i === pages.length - 1 ? [...page.items, comment] : page.items,
        })),
      )
      updatePost(queryClient, measurementId, (post) => withCommentCount(post, post.commentCount + 1))
    },
  })
}

export function useDeleteComment(measurementId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) => apiJson<null>('DELETE', apiPaths.comment(measurementId, commentId)),
    onSuccess: (_, commentId) => {
      changeComments(queryClient, measurementId, (pages) =>
        pages.map((page) => ({
          ...page,
          total: Math.max(0, page.total - 1),
          items: page.items.filter((c) => c.id !== commentId),
        })),
      )
      updatePost(queryClient, measurementId, (post) => withCommentCount(post, post.commentCount - 1))
    },
  })
}

/** Members whose name starts with `q`, for the @mention picker (none for an empty query). */
export function useMemberSearch(q: string) {
  return useQuery<{ items: Member[] }>({
    queryKey: [apiPaths.members(q)],
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Profiles, follows, blocks

export function useProfile(userId: string) {
  return useQuery<Profile>({ queryKey: profileKey(userId) })
}

export function useFollowers(userId: string, enabled: boolean) {
  return useCursorPages<MemberPage>(followersKey(userId), (cursor) => apiPaths.followers(userId, cursor), enabled)
}

export function useFollowing(userId: string, enabled: boolean) {
  return useCursorPages<MemberPage>(followingKey(userId), (cursor) => apiPaths.following(userId, cursor), enabled)
}

/** Follow or unfollow: the button and the count change at once and go back if the server says no. */
export function useFollow(userId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient()
  const key = profileKey(userId)
  return useMutation({
    mutationFn: (follow: boolean) => apiJson<FollowState>(follow ? 'PUT' : 'DELETE', apiPaths.follow(userId)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true })
      const before = queryClient.getQueryData<Profile>(key)
      if (before && before.isFollowing !== follow) {
        queryClient.setQueryData<Profile>(key, {
          ...before,
          isFollowing: follow,
          counts: { ...before.counts, followers: Math.max(0, before.counts.followers + (follow ? 1 : -1)) },
        })
      }
      return { before }
    },
    onError: (error, follow, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      toast({
        title: follow ? 'Could not follow' : 'Could not unfollow',
        description: errorMessage(error, 'Check your connection and try again.'),
        variant: 'destructive',
      })
    },
    onSuccess: (state) => {
      queryClient.setQueryData<Profile>(key, (p) =>
        p ? { ...p, isFollowing: state.following, counts: { ...p.counts, followers: state.followers } } : p,
      )
      // Their followers list, the viewer's own counts and the Following feed read again when next shown.
      void queryClient.invalidateQueries({ queryKey: followersKey(userId) })
      if (viewerId) {
        void queryClient.invalidateQueries({ queryKey: profileKey(viewerId) })
        void queryClient.invalidateQueries({ queryKey: followingKey(viewerId) })
      }
      void queryClient.resetQueries({ queryKey: feedKey('following') })
    },
  })
}

export function useBlocks() {
  return useQuery<{ items: Member[] }>({ queryKey: BLOCKS_KEY })
}

/** Block or unblock. Posts, comments and profiles read again, so nothing of a blocked member stays on screen. */
export function useSetBlock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      apiJson<{ blocked: boolean }>(block ? 'PUT' : 'DELETE', apiPaths.block(userId)),
    onSuccess: (_, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey(userId) }),
        queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
        queryClient.resetQueries({ predicate: (q) => holdsPosts(q.queryKey) }),
        queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/profiles/') }),
        queryClient.invalidateQueries({ predicate: (q) => /\/comments/.test(String(q.queryKey[0])) }),
      ]),
  })
}

/** PATCH /api/profile: the member's own profile, then everything that shows their name, picture or settings. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateProfile) => apiJson<Profile>('PATCH', apiPaths.ownProfile, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(profile.user.id), profile)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: profilePostsKey(profile.user.id) }),
      ])
    },
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Reports

export function useCreateReport() {
  return useMutation({
    mutationFn: (report: CreateReport) => apiJson<{ id: string }>('POST', apiPaths.reports, report),
  })
}
