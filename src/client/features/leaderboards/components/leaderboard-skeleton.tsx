/** Grey rows while a board loads. */
export function LeaderboardSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading the leaderboard" className="grid grid-cols-1 gap-1">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} aria-hidden="true" className="flex animate-pulse items-center gap-3 px-2 py-2.5 sm:gap-4 sm:px-3">
          <div className="h-6 w-9 rounded bg-stone-100" />
          <div className="size-10 rounded-full bg-stone-200" />
          <div className="grid flex-1 gap-1.5">
            <div className="h-4 w-2/5 rounded bg-stone-200" />
            <div className="h-3 w-1/4 rounded bg-stone-100" />
          </div>
          <div className="h-6 w-12 rounded bg-stone-200" />
        </li>
      ))}
    </ul>
  )
}
