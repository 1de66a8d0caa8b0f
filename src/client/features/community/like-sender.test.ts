import { describe, expect, it } from 'vitest'
import type { LikeState, Post } from '#shared/schemas/community.ts'
import { createLikeSender } from './like-sender.ts'

function aPost(likedByMe = false, likeCount = 2): Post {
  return {
    measurement: { id: 'm1' } as Post['measurement'],
    likeCount,
    commentCount: 0,
    likedByMe,
    checkState: 'unverified',
    checkCounts: { confirmed: 0, plausible: 0, disputed: 0 },
    hidden: false,
  }
}

/** A fake server: each request waits until the test answers it; `likes` is what it holds. */
function setup(start = aPost()) {
  let post = start
  const requests: { liked: boolean; answer: () => void; fail: () => void }[] = []
  const errors: unknown[] = []
  let serverLiked = start.likedByMe
  let serverCount = start.likeCount
  const toggle = createLikeSender({
    send: (_, liked) =>
      new Promise<LikeState>((resolve, reject) => {
        requests.push({
          liked,
          answer: () => {
            if (liked !== serverLiked) serverCount += liked ? 1 : -1
            serverLiked = liked
            resolve({ liked: serverLiked, likeCount: serverCount })
          },
          fail: () => reject(new Error('offline')),
        })
      }),
    update: (_, change) => {
      post = change(post)
    },
    onError: (error) => errors.push(error),
  })
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { toggle: () => toggle(post), current: () => post, requests, errors, flush }
}

describe('createLikeSender', () => {
  it('shows the like at once and keeps it when the server agrees', async () => {
    const t = setup()
    t.toggle()
    expect(t.current()).toMatchObject({ likedByMe: true, likeCount: 3 })
    t.requests[0]?.answer()
    await t.flush()
    expect(t.current()).toMatchObject({ likedByMe: true, likeCount: 3 })
    expect(t.requests).toHaveLength(1)
  })

  it('rolls back to the confirmed state and reports the error when the request fails', async () => {
    const t = setup(aPost(false, 5))
    t.toggle()
    expect(t.current().likeCount).toBe(6)
    t.requests[0]?.fail()
    await t.flush()
    expect(t.current()).toMatchObject({ likedByMe: false, likeCount: 5 })
    expect(t.errors).toHaveLength(1)
  })

  it('a double click sends one request at a time and ends where the last click left it', async () => {
    const t = setup()
    t.toggle() // like
    t.toggle() // unlike, while the like is in flight
    expect(t.current()).toMatchObject({ likedByMe: false, likeCount: 2 })
    expect(t.requests).toHaveLength(1)
    t.requests[0]?.answer()
    await t.flush()
    expect(t.requests).toHaveLength(2)
    expect(t.requests[1]?.liked).toBe(false)
    t.requests[1]?.answer()
    await t.flush()
    expect(t.current()).toMatchObject({ likedByMe: false, likeCount: 2 })
  })

  it('three quick clicks need only the first request when the last matches it', async () => {
    const t = setup()
    t.toggle()
    t.toggle()
    t.toggle()
    t.requests[0]?.answer()
    await t.flush()
    expect(t.requests).toHaveLength(1)
    expect(t.current()).toMatchObject({ likedByMe: true, likeCount: 3 })
  })

  it('a failure after a confirmed request goes back to what that request confirmed', async () => {
    const t = setup()
    t.toggle()
    t.toggle()
    t.requests[0]?.answer() // the server now holds the like
    await t.flush()
    t.requests[1]?.fail()
    await t.flush()
    expect(t.current()).toMatchObject({ likedByMe: true, likeCount: 3 })
  })
})
