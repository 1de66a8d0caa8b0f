/** A grey card the size of a measurement card, shown while the collection loads (docs/product.md §2: six of them). */
export function MeasurementCardSkeleton() {
  return (
    <div
      data-testid="measurement-skeleton"
      aria-hidden="true"
      className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="aspect-[4/3] w-full bg-stone-200" />
      <div className="grid gap-3 p-4">
        <div className="flex justify-between gap-3">
          <div className="h-5 w-2/5 rounded bg-stone-200" />
          <div className="h-4 w-16 rounded bg-stone-200" />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="h-8 rounded bg-stone-100" />
          <div className="h-8 rounded bg-stone-100" />
          <div className="h-8 rounded bg-stone-100" />
          <div className="h-8 rounded bg-stone-100" />
        </div>
        <div className="flex justify-between">
          <div className="h-5 w-24 rounded bg-stone-100" />
          <div className="h-9 w-24 rounded-lg bg-stone-100" />
        </div>
      </div>
    </div>
  )
}

export const SKELETON_CARDS = 6
