import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useState } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { ErrorBoundary } from '#client/components/error-boundary.tsx'
import { Loading } from '#client/components/loading.tsx'
import { NotFound } from '#client/components/not-found.tsx'
import { SkipLink } from '#client/components/skip-link.tsx'
import { preloadToaster } from '#client/components/toast-host.tsx'
import {
  AssistantButton,
  AssistantPanel,
  useAssistantLauncher,
} from '#client/features/assistant/assistant-launcher.tsx'
import { signOut } from '#client/features/auth/api.ts'
import { DashboardPage } from '#client/features/dashboard/pages/dashboard-page.tsx'
import { DeferredAddMeasurementDialog } from '#client/features/measurements/components/add-measurement.tsx'
import type { AddMeasurementStart } from '#client/features/measurements/components/add-measurement-dialog.tsx'
import { startOutbox } from '#client/features/measurements/offline/outbox.ts'
import { lazyWithPreload, whenIdle } from '#client/lib/lazy.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { AppHeader } from './app-header.tsx'
import { BottomBar } from './bottom-bar.tsx'

const AdminPage = lazyWithPreload(() => import('#client/features/admin/pages/admin-page.tsx'))
// The species catalogue and the scoring engine load only with these pages.
const SpeciesGuidePage = lazyWithPreload(() => import('#client/features/species/pages/species-guide-page.tsx'))
const SpeciesPage = lazyWithPreload(() => import('#client/features/species/pages/species-page.tsx'))
// The collection, a measurement's detail and settings: their code loads with the page.
const MeasurementsPage = lazyWithPreload(() => import('#client/features/measurements/pages/measurements-page.tsx'))
const MeasurementPage = lazyWithPreload(() => import('#client/features/measurements/pages/measurement-page.tsx'))
const SettingsPage = lazyWithPreload(() => import('#client/features/settings/pages/settings-page.tsx'))
// The community.
const CommunityPage = lazyWithPreload(() => import('#client/features/community/pages/community-page.tsx'))
const ProfilePage = lazyWithPreload(() => import('#client/features/community/pages/profile-page.tsx'))
// Achievements and leaderboards.
const AchievementsPage = lazyWithPreload(() => import('#client/features/achievements/pages/achievements-page.tsx'))
const LeaderboardsPage = lazyWithPreload(() => import('#client/features/leaderboards/pages/leaderboards-page.tsx'))

/** The lazy page a path of the app shows, if it has its own code. */
function pageOf(path: string) {
  if (path === paths.measurements) return MeasurementsPage
  if (path.startsWith(`${paths.measurements}/`)) return MeasurementPage
  if (path === paths.settings) return SettingsPage
  if (path === paths.community) return CommunityPage
  if (path.startsWith('/profile/')) return ProfilePage
  if (path === paths.achievements) return AchievementsPage
  if (path === paths.leaderboards) return LeaderboardsPage
  if (path === paths.speciesGuide) return SpeciesGuidePage
  if (path.startsWith(`${paths.speciesGuide}/`)) return SpeciesPage
  if (path === paths.admin) return AdminPage
  return null
}

/** A page's code starts loading when the pointer, a finger or the focus reaches a link to it. */
function preloadLinkTarget(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null
  const href = link?.getAttribute('href')
  if (href)
    pageOf(href.split(/[?#]/)[0] ?? href)
      ?.preload()
      .catch(() => {})
}

/** Approved users past the gate: the header's screens, and the 404 screen for any other path (docs/product.md §2). */
export default function AppShell({ user }: { user: AuthUser }) {
  const [adding, setAdding] = useState(false)
  const [addStart, setAddStart] = useState<AddMeasurementStart>({})
  const [location] = useLocation()
  // How the dialog opens: Take Photo → the camera, Upload Image → the file picker, or a photo already measured.
  // Only these fields are read: a caller that passes its click event along opens the plain dialog.
  const openAdd = (start?: AddMeasurementStart) => {
    const { startWith, initialPhoto, initialReference, initialMeasured } = start ?? {}
    setAddStart({ startWith, initialPhoto, initialReference, initialMeasured })
    setAdding(true)
  }
  const queryClient = useQueryClient()
  const assistant = useAssistantLauncher()
  useEffect(() => {
    document.addEventListener('pointerover', preloadLinkTarget, { passive: true })
    document.addEventListener('focusin', preloadLinkTarget)
    return () => {
      document.removeEventListener('pointerover', preloadLinkTarget)
      document.removeEventListener('focusin', preloadLinkTarget)
    }
  }, [])
  useEffect(
    () =>
      whenIdle(() => {
        startOutbox(queryClient) // sends what was saved offline or in an earlier session
        preloadToaster()
        // Not the add dialog's form, nor the other pages: they load on intent (addMeasurementIntent, links).
        if (user.isAdmin) AdminPage.preload().catch(() => {})
      }),
    [user.isAdmin, queryClient],
  )
  return (
    <div className="min-h-screen bg-stone-50">
      <SkipLink />
      <AppHeader
        user={user}
        onAddMeasurement={() => openAdd()}
        onSignOut={signOut}
        assistant={<AssistantButton launcher={assistant} placement="header" className="max-md:hidden" />}
      />
      {/* The bottom padding keeps the end of every page clear of the phone's bottom bar. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl outline-none px-4 pt-6 pb-24 sm:px-6 md:pb-12">
        <ErrorBoundary key={location}>
          <Suspense fallback={<Loading fullScreen={false} />}>
            <Switch>
              <Route path={paths.home}>
                <DashboardPage onAddMeasurement={openAdd} />
              </Route>
              <Route path={paths.measurements}>
                <MeasurementsPage onAddMeasurement={openAdd} />
              </Route>
              <Route path={paths.measurement.pattern}>
                <MeasurementPage />
              </Route>
              <Route path={paths.settings}>
                <SettingsPage />
              </Route>
              <Route path={paths.share.pattern}>
                {/* A member opens a shared link in the app: the detail page shows what they may see. */}
                {(params: { id: string }) => <Redirect to={paths.measurement.href(params.id)} replace />}
              </Route>
              <Route path={paths.community}>
                <CommunityPage />
              </Route>
              <Route path={paths.profile.pattern}>
                {(params: { userId: string }) => <ProfilePage userId={params.userId} />}
              </Route>
              <Route path={paths.achievements}>
                <AchievementsPage />
              </Route>
              <Route path={paths.leaderboards}>
                <LeaderboardsPage />
              </Route>
              <Route path={paths.admin}>
                <AdminPage />
              </Route>
              <Route path={paths.speciesGuide}>
                <SpeciesGuidePage />
              </Route>
              <Route path={paths.species.pattern}>
                <SpeciesPage />
              </Route>
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
      <BottomBar
        onCapture={() => openAdd({ startWith: 'camera' })}
        assistant={<AssistantButton launcher={assistant} placement="bar" />}
      />
      <DeferredAddMeasurementDialog open={adding} onOpenChange={setAdding} {...addStart} />
      <AssistantPanel launcher={assistant} userId={user.id} />
    </div>
  )
}
