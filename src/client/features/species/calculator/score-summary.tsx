import CircleCheck from 'lucide-react/icons/circle-check'
import CircleMinus from 'lucide-react/icons/circle-minus'
import { poundsOuncesText, scoreNumberText, scoreText, weightText } from '#shared/measurements/display.ts'
import { type Chart, formatInches, type Records, type ScoreResult, type TrophyClass } from '#shared/scoring/index.ts'
import { useCalculatorFields } from './field-context.tsx'

const BOOK_NAMES: Record<keyof Records, string> = {
  bcAwards: 'B&C Awards',
  bcAllTime: 'B&C All-time',
  py: 'Pope & Young',
  sci: 'SCI',
  other: 'Minimum',
}

const CLASS_NAMES: Record<TrophyClass, string> = { record: 'Record book', trophy: 'Trophy', standard: 'Standard' }
const CLASS_STYLES: Record<TrophyClass, string> = {
  record: 'bg-amber-100 text-amber-900',
  trophy: 'bg-pine-100 text-pine-900',
  standard: 'bg-stone-200 text-stone-800',
}

export function scoreName(chart: Chart): string {
  if (chart.kind === 'fish') return 'Estimated weight'
  if (chart.kind === 'turkey') return 'NWTF score'
  if (chart.system === 'sci') return 'SCI score'
  if (chart.kind === 'skull') return 'Score'
  return 'Net score'
}

/** The engine's numbers in inches back to record-book text (a unit change; the engine did the sums). */
function inches(chart: Chart, value: number | undefined): string | undefined {
  return value === undefined ? undefined : formatInches(value, chart.unit)
}

type Props = {
  chart: Chart
  result: ScoreResult | undefined
  /** Why there is no result: nothing entered yet, or what the engine asks for. */
  message: string
  trophyWeightLbs?: number | undefined
  trophyWeightNote?: string | undefined
}

/** Live totals: the score in record-book form, its parts, the record books it meets and the trophy class. */
export function ScoreSummary({ chart, result, message, trophyWeightLbs, trophyWeightNote }: Props) {
  const { idPrefix, units = 'imperial' } = useCalculatorFields()
  const titleId = `${idPrefix}-result-title`
  const scoreMain = result ? scoreText(result, units) : ''
  const scoreExtra =
    result && chart.kind === 'fish' && units === 'imperial' ? poundsOuncesText(result.score) : undefined
  const minimumText = (value: number) =>
    chart.system === 'fish' ? weightText(value, units) : scoreNumberText(value, chart.system, chart.category)
  const parts = result
    ? [
        { term: 'Spread credit', value: inches(chart, result.spreadCredit) },
        { term: 'Difference (deducted)', value: inches(chart, result.symmetryDeductions) },
        { term: 'Abnormal points (E)', value: inches(chart, result.abnormalTotal) },
        { term: 'Gross score (B&C)', value: inches(chart, result.gross) },
      ].filter((part): part is { term: string; value: string } => part.value !== undefined)
    : []
  const books = result ? (Object.entries(result.records) as [keyof Records, boolean | undefined][]) : []
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h3 id={titleId} className="text-lg font-bold text-stone-900">
        Result
      </h3>
      {result ? (
        <>
          <div className="mt-3 rounded-xl bg-pine-900 p-4 text-white">
            <p className="text-sm text-pine-100">{scoreName(chart)}</p>
            <p className="mt-1 text-3xl font-extrabold tracking-tight tabular-nums" data-testid="calc-score">
              {scoreMain}
            </p>
            {scoreExtra ? <p className="text-sm text-pine-100 tabular-nums">{scoreExtra}</p> : null}
            <p className="mt-3 text-sm">
              Trophy class:{' '}
              <span
                className={`ml-1 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLASS_STYLES[result.trophyClass]}`}
              >
                {CLASS_NAMES[result.trophyClass]}
              </span>
            </p>
          </div>
          {chart.kind === 'fish' && trophyWeightLbs !== undefined ? (
            <p className="mt-2 text-xs text-stone-600">
              For fish, Trophy means at least 80% of the trophy weight; Record means the trophy weight or more.
            </p>
          ) : null}
          {parts.length > 0 ? (
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              {parts.map((part) => (
                <div key={part.term} className="rounded-lg bg-stone-100 p-2.5">
                  <dt className="text-stone-700">{part.term}</dt>
                  <dd className="font-semibold text-stone-900 tabular-nums">{part.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {books.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-sm font-semibold text-stone-900">Record books</h4>
              <ul className="mt-2 grid gap-1.5 text-sm">
                {books.map(([book, met]) => {
                  const minimum =
                    book === 'other' && chart.kind === 'fish' ? trophyWeightLbs : chart.minimums[book]?.value
                  const name =
                    book === 'other'
                      ? chart.kind === 'fish'
                        ? 'Trophy weight'
                        : (chart.minimums.other?.label ?? BOOK_NAMES.other)
                      : BOOK_NAMES[book]
                  const unverified = book !== 'other' && chart.minimums[book]?.verified === false
                  return (
                    <li key={book} className="flex items-start gap-2">
                      {met ? (
                        <CircleCheck className="mt-0.5 size-4 shrink-0 text-pine-700" aria-hidden="true" />
                      ) : (
                        <CircleMinus className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
                      )}
                      <span className="text-stone-800">
                        {name}
                        {minimum !== undefined ? ` (${minimumText(minimum)})` : ''}:{' '}
                        <strong className={met ? 'text-pine-800' : 'text-stone-700'}>
                          {met ? 'Meets' : 'Not met'}
                        </strong>
                        {unverified ? <span className="text-stone-600"> · minimum unverified</span> : null}
                        {book === 'other' && chart.kind === 'fish' && trophyWeightNote ? (
                          <span className="block text-xs text-stone-600">{trophyWeightNote}</span>
                        ) : null}
                      </span>
                    </li>
                  )
                })}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-sm text-stone-700">{message}</p>
      )}
    </section>
  )
}
