import { useQueryClient } from '@tanstack/react-query'
import Globe from 'lucide-react/icons/globe'
import Users from 'lucide-react/icons/users'
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button, buttonClass } from '#client/components/button.tsx'
import { LoadMore } from '#client/components/load-more.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { useUnits } from '#client/lib/use-units.ts'
import { FEED_TABS, type FeedTab } from '#shared/community/constants.ts'
import { feedKey, refreshFeed, useFeed } from '../api.ts'
import { PostCard } from '../components/post-card.tsx'
import { PostCardSkeleton } from '../components/post-card-skeleton.tsx'
import { panelId, tabId, UrlTabs } from '../components/url-tabs.tsx'
import { tabFromSearch, tabHref } from '../tabs.ts'

const DEFAULT_TAB: FeedTab = 'everyone'
const TABS = [
  { value: 'following', label: 'Following' },
  { value: 'everyone', label: 'Everyone' },
] as const satisfies readonly { value: FeedTab; label: string }[]
const ID = 'feed'

export const feedHref = (tab: FeedTab) => tabHref(paths.community, tab, DEFAULT_TAB)

/** /community: what members share, newest first; Following (members the viewer follows) and Everyone. */
export default function CommunityPage() {
  useDocumentTitle('Community')
  const tab = tabFromSearch(useSearch(), FEED_TABS, DEFAULT_TAB)
  const queryClient = useQueryClient()
  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' })
    void refreshFeed(queryClient, tab)
  }
  return (
    <div className="mx-auto grid max-w-xl grid-cols-1 gap-5">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Community</h1>
        <p className="mt-1 text-stone-700">Trophies and catches members share, most recently shared first.</p>
      </div>
      <UrlTabs label="Feed" tabs={TABS} value={tab} hrefOf={feedHref} idBase={ID} onReselect={backToTop} />
      <div role="tabpanel" id={panelId(ID)} aria-labelledby={tabId(ID, tab)}>
        <Feed key={tab} tab={tab} />
      </div>
    </div>
  )
}

/**
 * Calls `onReturn` when the element at the top of the feed comes back into view after the member scrolled away
 * from it, and when the browser tab is shown again while the top is in view. No timer polls the server.
 */
function useReturnToTop(ref: RefObject<Element | null>, onReturn: () => void) {
  const callback = useRef(onReturn)
  callback.current = onReturn
  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    let atTop = true
    let left = false
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting)
      if (!visible) left = true
      else if (left) {
        left = false
        callback.current()
      }
      atTop = visible
    })
    observer.observe(node)
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && atTop) callback.current()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [ref])
}

function Feed({ tab }: { tab: FeedTab }) {
  const units = useUnits()
  const queryClient = useQueryClient()
  const feed = useFeed(tab)
  const top = useRef<HTMLDivElement>(null)
  const items = feed.data?.pages.flatMap((page) => page.items) ?? []
  const [announcement, setAnnouncement] = useState('')
  const firstId = useRef<string | null>(null)

  const refresh = () => {
    if (!feed.isFetching) void refreshFeed(queryClient, tab)
  }
  useReturnToTop(top, refresh)

  // Back on a tab seen before in this visit: its cached first page is read again in the background.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the tab is shown
  useEffect(() => {
    if (queryClient.getQueryState(feedKey(tab))?.dataUpdatedAt) void refreshFeed(queryClient, tab)
  }, [])

  // New posts that arrived at the top are announced to screen readers.
  const newestId = items[0]?.measurement.id ?? null
  useEffect(() => {
    const previous = firstId.current
    firstId.current = newestId
    if (!previous || !newestId || previous === newestId) return
    const added = items.findIndex((p) => p.measurement.id === previous)
    if (added > 0) setAnnouncement(added === 1 ? '1 new post' : `${added} new posts`)
  }, [newestId, items])

  return (
    <div>
      <div ref={top} aria-hidden="true" className="h-px" />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="grid grid-cols-1 gap-5">
        {feed.isPending ? (
          <ul aria-busy="true" aria-label="Loading posts" className="grid gap-5">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <PostCardSkeleton />
              </li>
            ))}
          </ul>
        ) : !feed.data ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-center text-red-900">
            <p className="font-semibold">The feed could not be loaded.</p>
            <p className="mt-1 text-sm">{errorMessage(feed.error, 'Check your connection and try again.')}</p>
            <Button className="mt-3" variant="outline" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          tab === 'following' ? (
            <EmptyFeed
              icon={<Users className="size-6" aria-hidden="true" />}
              title="Nothing from members you follow yet"
              text="Follow members from their profiles and their trophies and catches appear here. Meanwhile, see what everyone shares."
              action={
                <Link href={feedHref('everyone')} className={buttonClass('primary', 'md', 'mt-5')}>
                  See Everyone
                </Link>
              }
            />
          ) : (
            <EmptyFeed
              icon={<Globe className="size-6" aria-hidden="true" />}
              title="No posts yet"
              text="When members share a measurement with their followers or with everyone, it appears here. Be the first: edit one of your measurements and set its visibility to Public."
              action={
                <Link href={paths.measurements} className={buttonClass('primary', 'md', 'mt-5')}>
                  Your Measurements
                </Link>
              }
            />
          )
        ) : (
          <>
            <ul
              aria-label={tab === 'following' ? 'Posts from members you follow' : 'Posts from everyone'}
              className="grid gap-5"
            >
              {items.map((post, i) => (
                <li key={post.measurement.id}>
                  <PostCard post={post} units={units} eager={i < 2} />
                </li>
              ))}
            </ul>
            {feed.isFetchNextPageError ? (
              <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-center text-sm text-red-900">
                More posts could not be loaded. {errorMessage(feed.error, 'Check your connection.')}{' '}
                <button
                  type="button"
                  onClick={() => void feed.fetchNextPage()}
                  className="font-semibold underline underline-offset-4"
                >
                  Try again
                </button>
              </div>
            ) : null}
            <LoadMore
              // After a failed page the sentinel waits for 'Try again' instead of asking again and again.
              hasMore={feed.hasNextPage && !feed.isFetchNextPageError}
              loading={feed.isFetchingNextPage}
              onLoadMore={() => void feed.fetchNextPage()}
            />
            {!feed.hasNextPage && items.length > 3 ? (
              <p className="pb-4 text-center text-sm text-stone-600">You are all caught up.</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  )
}

function EmptyFeed({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone-700">{text}</p>
      {action}
    </div>
  )
}
