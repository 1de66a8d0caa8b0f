import { describe, expect, it } from 'vitest'
import type { Comment, Post, PostPage } from '#shared/schemas/community.ts'
import { findPostIn, flattenComments, mapPostIn, withCommentCount, withLiked, withLikeState } from './post-cache.ts'

function aPost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    measurement: { id } as Post['measurement'],
    likeCount: 3,
    commentCount: 1,
    likedByMe: false,
    checkState: 'unverified',
    checkCounts: { confirmed: 0, plausible: 0, disputed: 0 },
    hidden: false,
    ...overrides,
  }
}

const like = (post: Post) => withLiked(post, true)

describe('mapPostIn', () => {
  it('updates a single post with that id only', () => {
    const post = aPost('a')
    expect(mapPostIn(post, 'a', like)).toMatchObject({ likedByMe: true, likeCount: 4 })
    expect(mapPostIn(post, 'b', like)).toBe(post)
  })

  it('updates the post in every page of an infinite query and keeps untouched pages as they were', () => {
    const first: PostPage = { items: [aPost('a'), aPost('b')], nextCursor: 'c1' }
    const second: PostPage = { items: [aPost('c')], nextCursor: null }
    const data = { pages: [first, second], pageParams: [null, 'c1'] }
    const next = mapPostIn(data, 'c', like)
    expect(next).not.toBe(data)
    expect(next.pages[0]).toBe(first)
    expect(next.pages[1]?.items[0]).toMatchObject({ likedByMe: true, likeCount: 4 })
    expect(next.pageParams).toBe(data.pageParams)
  })

  it('updates a plain page (the dashboard highlights)', () => {
    const page: PostPage = { items: [aPost('a')], nextCursor: null }
    expect(mapPostIn(page, 'a', like).items[0]?.likedByMe).toBe(true)
  })

  it('returns the same object when the post is not there or nothing changes', () => {
    const data = { pages: [{ items: [aPost('a', { likedByMe: true })], nextCursor: null }], pageParams: [null] }
    expect(mapPostIn(data, 'z', like)).toBe(data)
    expect(mapPostIn(data, 'a', like)).toBe(data)
  })

  it('leaves data of other shapes alone (comments, members, undefined)', () => {
    const comments = { pages: [{ items: [{ id: 'x', body: 'hi' }], nextCursor: null, total: 1 }], pageParams: [null] }
    expect(mapPostIn(comments, 'x', like)).toBe(comments)
    expect(mapPostIn(undefined, 'a', like)).toBeUndefined()
    const members = { items: [{ id: 'a', firstName: 'A' }] }
    expect(mapPostIn(members, 'a', like)).toBe(members)
  })
})

describe('findPostIn', () => {
  it('finds a post in each shape', () => {
    const a = aPost('a')
    expect(findPostIn(a, 'a')).toBe(a)
    expect(findPostIn({ items: [a], nextCursor: null }, 'a')).toBe(a)
    expect(findPostIn({ pages: [{ items: [aPost('b')] }, { items: [a] }], pageParams: [] }, 'a')).toBe(a)
    expect(findPostIn({ pages: [], pageParams: [] }, 'a')).toBeUndefined()
  })
})

describe('likes', () => {
  it.each([
    [false, 3, true, true, 4],
    [true, 3, false, false, 2],
    [true, 3, true, true, 3], // a second like changes nothing
    [false, 0, false, false, 0],
    [true, 0, false, false, 0], // never below zero
  ])('liked %s with %i, wanting %s, reads liked %s with %i', (likedByMe, likeCount, want, liked, count) => {
    const next = withLiked(aPost('a', { likedByMe, likeCount }), want)
    expect(next.likedByMe).toBe(liked)
    expect(next.likeCount).toBe(count)
  })

  it('takes the server count as it is', () => {
    expect(withLikeState(aPost('a'), { liked: true, likeCount: 10 })).toMatchObject({ likedByMe: true, likeCount: 10 })
  })

  it('an optimistic like then its rollback gives the post back', () => {
    const post = aPost('a', { likeCount: 7 })
    expect(withLiked(withLiked(post, true), false)).toEqual(post)
  })
})

describe('withCommentCount', () => {
  it('sets the count, never below zero', () => {
    expect(withCommentCount(aPost('a'), 5).commentCount).toBe(5)
    expect(withCommentCount(aPost('a'), -1).commentCount).toBe(0)
  })
})

describe('flattenComments', () => {
  const c = (id: string, createdAt: string) => ({ id, createdAt }) as Comment
  it('orders oldest first and keeps each comment once', () => {
    const pages = [
      { items: [c('1', '2026-01-01T00:00:00Z'), c('2', '2026-01-02T00:00:00Z'), c('new', '2026-01-05T00:00:00Z')] },
      { items: [c('3', '2026-01-03T00:00:00Z'), c('new', '2026-01-05T00:00:00Z')] },
    ].map((p) => ({ ...p, nextCursor: null, total: 4 }))
    expect(flattenComments(pages).map((x) => x.id)).toEqual(['1', '2', '3', 'new'])
  })
})
