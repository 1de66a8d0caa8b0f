import type { ScoreResult } from '#shared/scoring/index.ts'

/** The engine's lines, to check one by one against a paper chart. */
export function ScoreBreakdown({ result }: { result: ScoreResult }) {
  return (
    <details className="group rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <summary className="cursor-pointer font-semibold text-stone-900 marker:text-stone-500">
        Line-by-line breakdown
      </summary>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Each line of the score as a measurer writes it</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a label may repeat (e.g. 'Subtotal'); the order is fixed
            <tr key={i} className="border-b border-stone-100 align-top">
              <th scope="row" className="py-1.5 pr-3 font-normal text-stone-700">
                {line.label}
              </th>
              <td className="py-1.5 font-medium text-stone-900 tabular-nums">{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
