import Ban from 'lucide-react/icons/ban'
import Eye from 'lucide-react/icons/eye'
import EyeOff from 'lucide-react/icons/eye-off'
import Flag from 'lucide-react/icons/flag'
import MapPin from 'lucide-react/icons/map-pin'
import Pencil from 'lucide-react/icons/pencil'
import UserCheck from 'lucide-react/icons/user-check'
import UserPlus from 'lucide-react/icons/user-plus'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { BrandMark } from '#client/components/brand.tsx'
import { Button, buttonClass } from '#client/components/button.tsx'
import { Loading } from '#client/components/loading.tsx'
import { toast } from '#client/components/toast-store.ts'
import { useAuth } from '#client/features/auth/index.ts'
import { ApiError, errorMessage } from '#client/lib/api.ts'
import { useLatch } from '#client/lib/deferred.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { formatCount } from '#client/lib/format.ts'
import type { Profile } from '#shared/schemas/community.ts'
import { useFollow, useProfile, useSetBlock } from '../api.ts'
import { MemberAvatar } from '../components/member-avatar.tsx'
import { MemberList } from '../components/member-list.tsx'
import { MoreMenu } from '../components/more-menu.tsx'
import { ProfilePosts } from '../components/profile-posts.tsx'
import { LazyReportDialog, type ReportSubject } from '../components/report-launcher.tsx'
import { panelId, tabId, UrlTabs } from '../components/url-tabs.tsx'
import { memberName } from '../member-name.ts'
import { tabFromSearch, tabHref } from '../tabs.ts'
import { memberSince } from '../time-ago.ts'

// Radix dialogs, loaded when first opened.
const ConfirmDialog = lazy(() =>
  import('#client/components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
)
const EditProfileDialog = lazy(() =>
  import('../components/edit-profile-dialog.tsx').then((m) => ({ default: m.EditProfileDialog })),
)

const PROFILE_TABS = ['measurements', 'followers', 'following'] as const
type ProfileTab = (typeof PROFILE_TABS)[number]
const TAB_OPTIONS = [
  { value: 'measurements', label: 'Measurements' },
  { value: 'followers', label: 'Followers' },
  { value: 'following', label: 'Following' },
] as const
const ID = 'profile'

/** /profile/{userId}: who they are, their figures, Follow, and what they share; one's own can be edited. */
export default function ProfilePage({ userId }: { userId: string }) {
  const profile = useProfile(userId)
  useDocumentTitle(profile.data ? memberName(profile.data.user) : 'Profile')

  if (profile.isPending) return <Loading fullScreen={false} label="Loading the profile" />
  if (profile.isError) {
    const status = profile.error instanceof ApiError ? profile.error.status : 0
    if (status === 404 || status === 400) return <MemberNotFound />
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-bold text-red-900">This profile could not be loaded</h1>
        <p className="mt-2 text-sm text-red-900">
          {errorMessage(profile.error, 'Check your connection and try again.')}
        </p>
        <Button className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (profile.data.blockedByMe) return <BlockedProfile profile={profile.data} />
  return <ProfileView profile={profile.data} />
}

function MemberNotFound() {
  useDocumentTitle('Member not found')
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <BrandMark className="size-12" />
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Member not found</h1>
      <p className="max-w-md text-stone-700">This member does not exist, or their profile is not available to you.</p>
      <Link href={paths.community} className={buttonClass('primary', 'md')}>
        Back to Community
      </Link>
    </div>
  )
}

function BlockedProfile({ profile }: { profile: Profile }) {
  const block = useSetBlock()
  const name = memberName(profile.user)
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-stone-900">{name}</h1>
      <p className="text-stone-700">
        You blocked this member. Neither of you sees the other's measurements, comments or notifications.
      </p>
      {block.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(block.error, 'They could not be unblocked. Try again.')}
        </p>
      ) : null}
      <Button
        variant="outline"
        disabled={block.isPending}
        onClick={() =>
          block.mutate(
            { userId: profile.user.id, block: false },
            { onSuccess: () => toast({ title: `${name} unblocked` }) },
          )
        }
      >
        {block.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
    </div>
  )
}

function ProfileView({ profile }: { profile: Profile }) {
  const { user, counts } = profile
  const name = memberName(user)
  const tab = tabFromSearch<ProfileTab>(useSearch(), PROFILE_TABS, 'measurements')
  const hrefOf = (t: ProfileTab) => tabHref(paths.profile.href(user.id), t, 'measurements')

  return (
    <div className="grid grid-cols-1 gap-6">
      <section
        aria-labelledby="profile-name"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <MemberAvatar member={user} className="size-20 sm:size-24" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h1 id="profile-name" className="text-2xl font-bold break-words text-stone-900 sm:text-3xl">
                  {name}
                </h1>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
                  {user.region ? (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-4 shrink-0" aria-hidden="true" />
                      <span className="sr-only">Region: </span>
                      {user.region}
                    </span>
                  ) : null}
                  <span>{memberSince(user.memberSince)}</span>
                  {profile.followsYou && !profile.isSelf ? (
                    <span className="rounded-md bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
                      Follows you
                    </span>
                  ) : null}
                </p>
              </div>
              <ProfileActions profile={profile} />
            </div>
            {profile.hidden ? (
              <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <EyeOff className="size-4 shrink-0" aria-hidden="true" />
                Hidden by a moderator: only {profile.isSelf ? 'you' : 'its owner'} and admins see this profile.
              </p>
            ) : null}
            {user.bio ? (
              <p className="mt-3 max-w-prose break-words whitespace-pre-line text-stone-800">{user.bio}</p>
            ) : profile.isSelf ? (
              <p className="mt-3 text-sm text-stone-600">Add a few words about yourself with Edit profile.</p>
            ) : null}
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-6">
          <Count label="Measurements">{formatCount(counts.measurements)}</Count>
          <Count label="Trophies">{formatCount(counts.trophies)}</Count>
          <Count label="Species">{formatCount(counts.species)}</Count>
          <Count label="Followers" href={hrefOf('followers')}>
            {formatCount(counts.followers)}
          </Count>
          <Count label="Following" href={hrefOf('following')}>
            {formatCount(counts.following)}
          </Count>
          <Count label="Achievement points">{formatCount(counts.achievementPoints)}</Count>
        </dl>
        <CountsNote profile={profile} name={name} />
      </section>

      <div className="grid gap-4">
        <UrlTabs label={`${name}'s profile`} tabs={TAB_OPTIONS} value={tab} hrefOf={hrefOf} idBase={ID} />
        <div role="tabpanel" id={panelId(ID)} aria-labelledby={tabId(ID, tab)} className="grid gap-4">
          {tab === 'measurements' ? (
            <ProfilePosts userId={user.id} isSelf={profile.isSelf} name={name} />
          ) : tab === 'followers' ? (
            <MemberList
              key="followers"
              userId={user.id}
              which="followers"
              empty={profile.isSelf ? 'Nobody follows you yet.' : `Nobody follows ${name} yet.`}
            />
          ) : (
            <MemberList
              key="following"
              userId={user.id}
              which="following"
              empty={profile.isSelf ? 'You do not follow anyone yet.' : `${name} does not follow anyone yet.`}
            />
          )}
        </div>
      </div>
    </div>
  )
}

/** Why another member sees fewer: counts are what the viewer may see (docs/glossary.md, Figures). */
function CountsNote({ profile, name }: { profile: Profile; name: string }) {
  const { measurements, visibleToOthers } = profile.counts
  if (!profile.isSelf) {
    return <p className="mt-2 text-xs text-stone-600">Counting the measurements {name} shares with you.</p>
  }
  if (!visibleToOthers || visibleToOthers.members === measurements) return null
  return (
    <p className="mt-2 flex items-start gap-1.5 text-sm text-stone-700">
      <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        You see all {formatCount(measurements)} of your measurements. Followers see{' '}
        {formatCount(visibleToOthers.followers)} and other members {formatCount(visibleToOthers.members)}; the others
        are private or for followers only.
      </span>
    </p>
  )
}

function Count({ label, href, children }: { label: string; href?: string; children: ReactNode }) {
  // Followers and Following open their tab: the link covers the whole tile.
  return (
    <div
      className={`relative flex flex-col-reverse justify-end rounded-xl bg-stone-100 px-3 py-2.5 ${href ? 'hover:bg-stone-200' : ''}`}
    >
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="text-lg font-bold text-stone-900 tabular-nums">
        {href ? (
          <Link href={href} className="after:absolute after:inset-0 after:rounded-xl">
            {children}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </Link>
        ) : (
          children
        )}
      </dd>
    </div>
  )
}

/** Follow / Unfollow and the '…' menu (Block, Report) for others; Edit profile on one's own. */
function ProfileActions({ profile }: { profile: Profile }) {
  const viewer = useAuth().user
  const userId = profile.user.id
  const name = memberName(profile.user)
  const follow = useFollow(userId, viewer?.id)
  const block = useSetBlock()
  const [editing, setEditing] = useState(false)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const [reporting, setReporting] = useState<ReportSubject | null>(null)
  const editLoaded = useLatch(editing)
  const blockLoaded = useLatch(confirmBlock)

  if (profile.isSelf) {
    return (
      <>
        <Button variant="outline" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit profile
        </Button>
        {editLoaded ? (
          <Suspense fallback={null}>
            <EditProfileDialog profile={profile} open={editing} onOpenChange={setEditing} />
          </Suspense>
        ) : null}
      </>
    )
  }

  return (
    <div className="flex items-center gap-2">
      <Button
        variant={profile.isFollowing ? 'outline' : 'primary'}
        // One request at a time (the button and the count change at once); it keeps the focus meanwhile.
        aria-disabled={follow.isPending || undefined}
        onClick={() => (follow.isPending ? undefined : follow.mutate(!profile.isFollowing))}
      >
        {profile.isFollowing ? (
          <UserCheck className="size-4" aria-hidden="true" />
        ) : (
          <UserPlus className="size-4" aria-hidden="true" />
        )}
        {profile.isFollowing ? 'Unfollow' : 'Follow'}
      </Button>
      <MoreMenu
        label={`More actions for ${name}`}
        items={[
          {
            label: 'Report profile',
            icon: Flag,
            onSelect: () => setReporting({ targetType: 'user', targetId: userId, what: `${name}'s profile` }),
          },
          { label: `Block ${name}`, icon: Ban, tone: 'danger', onSelect: () => setConfirmBlock(true) },
        ]}
      />
      {blockLoaded ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmBlock}
            onOpenChange={(open) => {
              setConfirmBlock(open)
              if (!open) block.reset()
            }}
            title={`Block ${name}?`}
            description="Neither of you will see the other's measurements, comments or notifications. You can unblock them at any time from their profile or in Settings."
            confirm="Block"
            busy={block.isPending}
            error={block.isError ? errorMessage(block.error, 'They could not be blocked. Try again.') : null}
            onConfirm={() =>
              block.mutate(
                { userId, block: true },
                {
                  onSuccess: () => {
                    setConfirmBlock(false)
                    toast({ title: `${name} blocked` })
                  },
                },
              )
            }
          />
        </Suspense>
      ) : null}
      <LazyReportDialog subject={reporting} onClose={() => setReporting(null)} />
    </div>
  )
}
