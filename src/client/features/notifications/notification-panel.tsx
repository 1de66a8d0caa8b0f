import Award from 'lucide-react/icons/award'
import BellOff from 'lucide-react/icons/bell-off'
import CheckCheck from 'lucide-react/icons/check-check'
import { Link } from 'wouter'
import { Avatar } from '#client/components/avatar.tsx'
import { Button } from '#client/components/button.tsx'
import type { NotificationGroup } from '#shared/schemas/community.ts'
import { useMarkRead, useNotifications } from './api.ts'
import { notificationAge, notificationHref, notificationSentence } from './sentences.ts'

type Props = { headingId: string; onNavigate: () => void }

/** The bell's panel: the groups newest first, each opening its target and marking itself read. Loaded on first open. */
export default function NotificationPanel({ headingId, onNavigate }: Props) {
  const query = useNotifications()
  const markRead = useMarkRead()
  const unread = query.data?.unreadCount ?? 0

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          Notifications
        </h2>
        {query.data && query.data.groups.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2"
            disabled={unread === 0 && !query.data.groups.some((g) => g.unread)}
            onClick={() => markRead.mutate(undefined)}
          >
            <CheckCheck className="size-4" aria-hidden="true" />
            Mark all read
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <p role="status" className="px-4 py-8 text-center text-sm text-stone-700">
          Loading notifications…
        </p>
      ) : query.isError ? (
        <div role="alert" className="px-4 py-6 text-center">
          <p className="text-sm font-medium text-red-800">Notifications could not be loaded.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.groups.length === 0 ? (
        <div className="flex flex-col items-center px-4 py-8 text-center">
          <BellOff className="size-8 text-stone-500" aria-hidden="true" />
          <p className="mt-2 text-sm font-semibold text-stone-900">No notifications yet</p>
          <p className="mt-1 text-xs text-stone-700">
            Likes, comments, follows, size checks and achievements will show up here.
          </p>
        </div>
      ) : (
        // overscroll-contain: reaching the end of the list does not scroll the page behind the panel
        <ul className="max-h-[min(28rem,calc(100dvh-9rem))] divide-y divide-stone-100 overflow-y-auto overscroll-contain p-1">
          {query.data.groups.map((group) => (
            <li key={group.key}>
              <NotificationLine
                group={group}
                onOpen={() => {
                  if (group.unread) markRead.mutate(group.key)
                  onNavigate()
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

const LINE_CLASS =
  'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-stone-100 focus-visible:bg-stone-100'

function NotificationLine({ group, onOpen }: { group: NotificationGroup; onOpen: () => void }) {
  const href = notificationHref(group)
  const content = (
    <>
      <Actors group={group} />
      <span className="min-w-0 flex-1">
        <span
          className={`block text-sm break-words ${group.unread ? 'font-semibold text-stone-950' : 'text-stone-800'}`}
        >
          {notificationSentence(group)}
        </span>
        <time dateTime={group.latestAt} className="mt-0.5 block text-xs text-stone-600">
          {notificationAge(group.latestAt)}
        </time>
      </span>
      {group.unread ? (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-pine-600">
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </>
  )
  if (!href) {
    // The item is gone (a deleted follower): the line can still be marked read.
    return (
      <button type="button" className={LINE_CLASS} onClick={onOpen}>
        {content}
      </button>
    )
  }
  return (
    <Link href={href} className={LINE_CLASS} onClick={onOpen}>
      {content}
    </Link>
  )
}

/** The latest actor's picture, with '+N' for the others; a badge for an achievement. */
function Actors({ group }: { group: NotificationGroup }) {
  const [first] = group.actors
  if (group.kind === 'achievement' || !first) {
    return (
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        <Award className="size-5" aria-hidden="true" />
      </span>
    )
  }
  const others = Math.max(group.actorCount, group.actors.length) - 1
  return (
    <span className="relative size-9 shrink-0">
      <Avatar user={{ ...first, email: null }} className="size-9" />
      {others > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-1.5 -bottom-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-stone-700 px-1 text-[0.625rem] leading-none font-bold text-white ring-2 ring-white"
        >
          +{Math.min(others, 99)}
        </span>
      ) : null}
    </span>
  )
}
