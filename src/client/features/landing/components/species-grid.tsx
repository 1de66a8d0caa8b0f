import { landingContent, type SpeciesGlyphKey } from '../content.ts'

/** Small line drawings per species, inline so the grid costs no image requests. */
const GLYPHS: Record<SpeciesGlyphKey, string> = {
  antlers: 'M12 20v-6m0 0c-3 0-5-2-5-5V4m5 10c3 0 5-2 5-5V4M7 8 4 6m3 2V4m10 4 3-2m-3 2V4',
  fish: 'M3 12c3-4 8-6 13-4l3-3v14l-3-3c-5 2-10 0-13-4Zm11-1h.01',
  turkey: 'M12 21v-5m-4-4a4 4 0 1 0 8 0 4 4 0 0 0-8 0ZM6 9 3 5m15 4 3-4M9 7 8 3m7 4 1-4m-4 3V3',
  elk: 'M12 21v-7m0 0c-4 0-6-3-6-7l-2-2m8 9c4 0 6-3 6-7l2-2M6 7H3m3 0V3m12 4h3m-3 0V3M9 10 7 9m8 1 2-1',
  boar: 'M4 14c0-4 4-7 9-7s8 3 8 6v3h-3l-1 3h-2l-1-3H9l-1 3H6l-1-3H4Zm13-4h.01M20 13l2-1',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
}

export function SpeciesGrid() {
  const copy = landingContent.species
  return (
    <section aria-labelledby="species-title" className="bg-stone-100 px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="species-title" className="text-center text-3xl font-bold text-stone-900">
          {copy.title}
        </h2>
        <p className="mt-3 text-center text-lg text-stone-700">{copy.subtitle}</p>
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {copy.items.map((item) => (
            <li key={item.name} className="rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-stone-200">
              <svg
                viewBox="0 0 24 24"
                className="mx-auto size-10 text-pine-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={GLYPHS[item.glyph]} />
              </svg>
              <h3 className="mt-3 font-bold text-stone-900">{item.name}</h3>
              <p className="mt-1 text-sm text-stone-700">{item.scoring}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
