import Percent from 'lucide-react/icons/percent'
import Star from 'lucide-react/icons/star'
import Trophy from 'lucide-react/icons/trophy'
import { formatCount } from '#client/lib/format.ts'

type Props = { figures: { earned: number; totalPoints: number; completion: number } | undefined }

/** docs/product.md §2: Achievements Earned, Total Points (earned achievements' points), Completion Rate (rounded percent). */
export function AchievementFigures({ figures }: Props) {
  const items = [
    {
      label: 'Achievements Earned',
      value: figures && formatCount(figures.earned),
      Icon: Trophy,
      tone: 'bg-amber-100 text-amber-900',
    },
    {
      label: 'Total Points',
      value: figures && formatCount(figures.totalPoints),
      Icon: Star,
      tone: 'bg-pine-100 text-pine-800',
    },
    {
      label: 'Completion Rate',
      value: figures && `${figures.completion}%`,
      Icon: Percent,
      tone: 'bg-sky-100 text-sky-900',
    },
  ]
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4" aria-busy={figures ? undefined : true}>
      {items.map(({ label, value, Icon, tone }) => (
        <div
          key={label}
          data-testid={`figure-${label.toLowerCase().replaceAll(' ', '-')}`}
          className="grid grid-cols-1 content-start gap-y-1 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-x-4 sm:p-5"
        >
          <dt className="contents">
            <span
              className={`mb-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg sm:row-span-2 sm:mb-0 sm:size-12 ${tone}`}
            >
              <Icon className="size-5 sm:size-6" aria-hidden="true" />
            </span>
            <span className="row-start-3 text-xs font-medium text-stone-700 sm:col-start-2 sm:row-start-2 sm:text-sm">
              {label}
            </span>
          </dt>
          <dd className="row-start-2 text-2xl font-extrabold text-stone-900 tabular-nums sm:col-start-2 sm:row-start-1 sm:text-3xl">
            {value === undefined ? (
              <span className="inline-block h-7 w-12 animate-pulse rounded bg-stone-200 align-middle sm:h-8">
                <span className="sr-only">Loading</span>
              </span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
