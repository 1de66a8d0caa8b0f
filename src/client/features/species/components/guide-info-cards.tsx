import Calculator from 'lucide-react/icons/calculator'
import Ruler from 'lucide-react/icons/ruler'

// The guide's two info cards: the B&C 60-day drying period and the fish weight formula, (length × girth²) ÷ 800,
// accurate to about ±10 % (docs/scoring.md).

export function GuideInfoCards() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="info-bc-title"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-900">
            <Ruler className="size-5" aria-hidden="true" />
          </span>
          <h2 id="info-bc-title" className="text-xl font-bold text-stone-900">
            Boone &amp; Crockett
          </h2>
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div className="rounded-xl bg-stone-100 p-3">
            <dt className="font-semibold text-stone-900">Drying period</dt>
            <dd className="mt-0.5 text-2xl font-bold text-pine-800">60 days</dd>
          </div>
          <div className="rounded-xl bg-stone-100 p-3">
            <dt className="font-semibold text-stone-900">Minimum entry score</dt>
            <dd className="mt-0.5 text-2xl font-bold text-pine-800">Varies</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-stone-700">
          Antlers and horns must air-dry 60 days at normal room temperature before an official measurement. The minimum
          entry score varies by category: open a species to see each record book&apos;s minimum.
        </p>
      </section>
      <section
        aria-labelledby="info-formula-title"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-900">
            <Calculator className="size-5" aria-hidden="true" />
          </span>
          <h2 id="info-formula-title" className="text-xl font-bold text-stone-900">
            Length/Weight Formula
          </h2>
        </div>
        <p className="mt-4 rounded-xl bg-stone-100 p-3 text-center font-mono text-base font-semibold text-stone-900">
          Weight (lb) = Length × Girth² ÷ 800
        </p>
        <p className="mt-3 text-sm text-stone-700">
          Length and girth in inches. Accuracy: <strong className="text-stone-900">±10%</strong>. It is an estimate, not
          a scale weight: body shape varies, and some species have their own divisor.
        </p>
      </section>
    </div>
  )
}
