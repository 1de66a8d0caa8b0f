import type { Species } from '#shared/species/types.ts'

/** Everything the catalogue says about a species, as a definition list. */
export function SpeciesFacts({ species }: { species: Species }) {
  return (
    <section
      aria-labelledby="facts-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="facts-title" className="text-xl font-bold text-stone-900">
        Facts
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <Fact term="Category">{species.category}</Fact>
        <Fact term="Region">{species.region}</Fact>
        <Fact term="Season">{species.season}</Fact>
        <Fact term="Difficulty">{species.difficulty}</Fact>
        <Fact term="Habitat" wide>
          {species.habitat}
        </Fact>
        <Fact term="Scoring system" wide>
          {species.scoring}
        </Fact>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-stone-900">Key measurements</dt>
          <dd className="mt-1.5">
            <ul className="flex flex-wrap gap-1.5">
              {species.measurements.map((m) => (
                <li key={m} className="rounded-md bg-stone-100 px-2 py-1 text-stone-800">
                  {m}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  )
}

function Fact({ term, children, wide = false }: { term: string; children: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-semibold text-stone-900">{term}</dt>
      <dd className="mt-0.5 text-stone-700">{children}</dd>
    </div>
  )
}
