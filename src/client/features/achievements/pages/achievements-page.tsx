import Crosshair from 'lucide-react/icons/crosshair'
import PartyPopper from 'lucide-react/icons/party-popper'
import Trophy from 'lucide-react/icons/trophy'
import { useMemo } from 'react'
import { useSearch } from 'wouter'
import { Button } from '#client/components/button.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { type AchievementsView, type AchievementTab, achievementsView, tabFromSearch } from '../achievement-views.ts'
import { useAchievementProgress, useAchievements, useUserAchievements } from '../api.ts'
import { AchievementCardSkeleton } from '../components/achievement-card-skeleton.tsx'
import { AchievementFigures } from '../components/achievement-figures.tsx'
import { AchievementTabs, PANEL_ID, tabId } from '../components/achievement-tabs.tsx'
import { AvailableCard } from '../components/available-card.tsx'
import { EarnedCard } from '../components/earned-card.tsx'
import { EmptyTab } from '../components/empty-tab.tsx'
import { ProgressCard } from '../components/progress-card.tsx'

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'

/** /achievements (docs/product.md §2): the three figures and the Earned, Available and In Progress tabs. */
export default function AchievementsPage() {
  useDocumentTitle('Achievements')
  const tab = tabFromSearch(useSearch())
  const all = useAchievements()
  const earned = useUserAchievements()
  const progress = useAchievementProgress()
  const view = useMemo(
    () => (all.data && earned.data && progress.data ? achievementsView(all.data, earned.data, progress.data) : null),
    [all.data, earned.data, progress.data],
  )
  const failed = [all, earned, progress].filter((q) => q.isError && !q.data)

  const labels: Record<AchievementTab, string> = {
    earned: view ? `Earned (${view.earned.length})` : 'Earned',
    available: view ? `Available (${view.available.length})` : 'Available',
    'in-progress': 'In Progress',
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Achievements</h1>
        <p className="mt-1 text-stone-700">
          Points for variety, skill, verified results and helping others, not for sheer numbers.
        </p>
      </div>
      <AchievementFigures
        figures={
          view ? { earned: view.earned.length, totalPoints: view.totalPoints, completion: view.completion } : undefined
        }
      />
      <div className="grid grid-cols-1 gap-4">
        <AchievementTabs value={tab} labels={labels} />
        <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
          {failed.length > 0 ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-center text-red-900">
              <p className="font-semibold">Your achievements could not be loaded.</p>
              <p className="mt-1 text-sm">{errorMessage(failed[0]?.error, 'Check your connection and try again.')}</p>
              <Button className="mt-3" variant="outline" onClick={() => failed.forEach((q) => void q.refetch())}>
                Try again
              </Button>
            </div>
          ) : view ? (
            <TabContent tab={tab} view={view} />
          ) : (
            <ul aria-busy="true" aria-label="Loading achievements" className={GRID}>
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <AchievementCardSkeleton />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  )
}

function TabContent({ tab, view }: { tab: AchievementTab; view: AchievementsView }) {
  if (tab === 'earned') {
    if (view.earned.length === 0)
      return (
        <EmptyTab
          icon={<Trophy className="size-6" aria-hidden="true" />}
          title="No achievements earned yet"
          text="Record measurements, try new species, get your sizes verified and help others check theirs: achievements follow."
        />
      )
    return (
      <ul aria-label="Earned achievements" className={GRID}>
        {view.earned.map((e) => (
          <li key={e.id} className="grid">
            <EarnedCard earned={e} />
          </li>
        ))}
      </ul>
    )
  }
  if (tab === 'available') {
    if (view.available.length === 0)
      return (
        <EmptyTab
          icon={<PartyPopper className="size-6" aria-hidden="true" />}
          title="All achievements earned!"
          text="You have earned every achievement there is. New ones appear here when they are added."
        />
      )
    return (
      <ul aria-label="Available achievements" className={GRID}>
        {view.available.map((a) => (
          <li key={a.id} className="grid">
            <AvailableCard achievement={a} />
          </li>
        ))}
      </ul>
    )
  }
  if (view.inProgress.length === 0)
    return (
      <EmptyTab
        icon={<Crosshair className="size-6" aria-hidden="true" />}
        title="No achievements in progress"
        text="Achievements you have started towards, but not finished, show here with how far along you are."
      />
    )
  return (
    <ul aria-label="Achievements in progress" className={GRID}>
      {view.inProgress.map((item) => (
        <li key={item.achievement.id} className="grid">
          <ProgressCard item={item} />
        </li>
      ))}
    </ul>
  )
}
