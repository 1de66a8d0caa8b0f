/** A grey card while the achievements load: icon, name, badges, description. */
export function AchievementCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <div className="size-11 rounded-full bg-stone-200" />
        <div className="grid flex-1 gap-2">
          <div className="h-4 w-3/5 rounded bg-stone-200" />
          <div className="h-4 w-2/5 rounded bg-stone-100" />
        </div>
      </div>
      <div className="grid gap-1.5">
        <div className="h-3 w-full rounded bg-stone-100" />
        <div className="h-3 w-4/5 rounded bg-stone-100" />
      </div>
      <div className="h-8 rounded bg-stone-100" />
    </div>
  )
}
