import { type ChartCategory, formatScore, getChart, UNITS_PER_INCH } from '#shared/scoring/index.ts'
import { type CategoryMinimumsRow, minimumsFor } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import { minimumSources } from '../minimum-sources.ts'

// B&C prints a minimum as a whole number (170) or, for skulls, in its unit (14 8/16); turkey uses a decimal.
function minimumText(value: number, category: ChartCategory): string {
  if (Number.isInteger(value) || category === 'wild-turkey') return String(value)
  const { unit } = getChart(category)
  return formatScore(value * UNITS_PER_INCH[unit], unit)
}

/**
 * Every record-book minimum of the species' categories, then where they come from: each program and publication
 * once, with the books it covers. A value the program's own list does not confirm says so.
 */
export function RecordMinimums({ species }: { species: Species }) {
  const rows: CategoryMinimumsRow[] = minimumsFor(species)
  return (
    <section
      aria-labelledby="minimums-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="minimums-title" className="text-xl font-bold text-stone-900">
        Record-book minimums
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">
          {species.trophyWeightLbs !== undefined
            ? `Trophy weight used here: ${species.trophyWeightLbs} lb. ${species.trophyWeightNote ?? 'No record book sets a minimum weight.'}`
            : 'No official record book scores this species, so there is no minimum entry score.'}
        </p>
      ) : (
        <div className="mt-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Minimum entry score per category and record book</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Category
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Record book
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Minimum
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.flatMap((row) =>
                row.minimums.map((minimum, index) => (
                  <tr key={`${row.category}-${minimum.book}`} className="border-b border-stone-100 align-top">
                    {index === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={row.minimums.length}
                        className="py-2 pr-3 font-semibold text-stone-900"
                      >
                        {row.label}
                      </th>
                    ) : null}
                    <td className="py-2 pr-3 text-stone-800">{minimum.label}</td>
                    <td className="py-2 font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                      {minimumText(minimum.value, row.category)}
                      {minimum.verified ? null : (
                        <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          Unverified
                        </span>
                      )}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          {rows.some((row) => row.minimums.some((minimum) => !minimum.verified)) ? (
            <p className="mt-3 text-xs text-stone-600">
              Unverified means the program's own published list does not confirm the value, so check the current record
              book before you rely on it.
            </p>
          ) : null}
          <h3 className="mt-4 text-sm font-semibold text-stone-900">Where these minimums come from</h3>
          <ul className="mt-1.5 grid gap-1.5 text-xs text-stone-700">
            {minimumSources(rows).map(({ source, covers }) => (
              <li key={source}>
                <span className="font-semibold text-stone-900">{covers}:</span> {source}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
