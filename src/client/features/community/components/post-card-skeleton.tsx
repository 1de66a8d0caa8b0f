/** A grey post while the feed loads: the author line, the photo, the rows and the action bar. */
export function PostCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="post-skeleton"
      className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex items-center gap-3 px-4 py-3">
        <div className="size-10 rounded-full bg-stone-200" />
        <div className="grid flex-1 gap-1.5">
          <div className="h-4 w-32 rounded bg-stone-200" />
          <div className="h-3 w-20 rounded bg-stone-100" />
        </div>
      </div>
      <div className="aspect-[4/3] w-full bg-stone-200" />
      <div className="grid gap-3 p-4">
        <div className="h-5 w-2/5 rounded bg-stone-200" />
        <div className="grid grid-cols-2 gap-3">
          <div className="h-8 rounded bg-stone-100" />
          <div className="h-8 rounded bg-stone-100" />
        </div>
      </div>
      <div className="flex gap-2 border-t border-stone-100 px-3 py-2.5">
        <div className="h-7 w-14 rounded bg-stone-100" />
        <div className="h-7 w-14 rounded bg-stone-100" />
      </div>
    </div>
  )
}
