import { formatDate, relativeAgeInSentence } from '#client/lib/relative-age.ts'
import type { ValueRow } from './measurement-rows.ts'

/**
 * When the catch was taken ('Taken 1 day ago', 'Taken Mar 4, 2026'), said in words: lists of posts run by when they
 * were added, so the card names the date it shows. The full date on hover.
 */
export function CardAge({ takenAt }: { takenAt: string }) {
  return (
    <span className="shrink-0 text-xs whitespace-nowrap text-stone-600">
      Taken{' '}
      <time dateTime={takenAt} title={formatDate(takenAt)}>
        {relativeAgeInSentence(takenAt)}
      </time>
    </span>
  )
}

/** The card's rows (Length, Width, Weight, Spread, Points, Score, Mass), two to a line. */
export function CardRows({ rows }: { rows: readonly ValueRow[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs text-stone-600">{row.label}</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
