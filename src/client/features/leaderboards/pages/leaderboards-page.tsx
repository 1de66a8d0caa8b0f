import MousePointerClick from 'lucide-react/icons/mouse-pointer-click'
import { useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { useUnits } from '#client/lib/use-units.ts'
import { EVIDENCE_FILTER_LABELS, PERIOD_LABELS } from '#shared/achievements/constants.ts'
import type { Leaderboard } from '#shared/schemas/achievements.ts'
import { boardUrl, leaderboardUrls, useBoard, useMyRank, useTopSpecies } from '../api.ts'
import { boardNote, footerStats, ownRowBelow, speciesOptions } from '../board-views.ts'
import { BOARD_PANEL_ID, BoardTabs, boardTabId } from '../components/board-tabs.tsx'
import { FooterStats } from '../components/footer-stats.tsx'
import { LeaderboardBoard } from '../components/leaderboard-board.tsx'
import { LeaderboardFilters } from '../components/leaderboard-filters.tsx'
import { type BoardFilters, filtersHref, readFilters } from '../filters.ts'
import { type BoardScale, boardScale, speciesName } from '../species-names.ts'

const NO_SCALE: BoardScale = { fish: false, category: null, book: null }

/** How many top species the Species Leaders tab offers as shortcuts before one is chosen. */
const SHORTCUTS = 6

/** /leaderboards (docs/product.md §2): the filters, three boards of the top 10, the viewer's own rank and the footer figures. */
export default function LeaderboardsPage() {
  useDocumentTitle('Leaderboards')
  const filters = readFilters(useSearch())
  const [, navigate] = useLocation()
  // Every change is a history entry (Back undoes it), except moving between tabs with the arrow keys.
  const go = (next: BoardFilters, replace = false) => navigate(filtersHref(paths.leaderboards, next), { replace })
  const { board, period, species, evidence } = filters
  const units = useUnits()
  const scale = board === 'species' && species !== 'all' ? boardScale(species) : NO_SCALE
  const note = boardNote(board, scale)

  const topSpecies = useTopSpecies(period, evidence)
  // The footer needs the points and trophy boards whichever tab is open; the open one shares their cache entry.
  // Active Hunters & Anglers and Total Trophies Recorded are docs/product.md §2's literal figures: the rows of those boards
  // (their top 10), in the view's period (and, for trophies, species and evidence).
  const points = useBoard(leaderboardUrls.points(period))
  const trophies = useBoard(leaderboardUrls.trophies(period, species, evidence))
  const shown = useBoard(boardUrl(filters))
  const mine = useMyRank(filters)

  const nameOf = (id: string) => topSpecies.data?.find((s) => s.species === id)?.name ?? speciesName(id)
  const options = useMemo(() => speciesOptions(topSpecies.data, species, speciesName), [topSpecies.data, species])
  const stats = footerStats(points.data, trophies.data, topSpecies.data)
  const chosen = species === 'all' ? null : (nameOf(species) ?? species)
  const title: Record<Leaderboard, string> = {
    points: 'Top Achievers',
    trophies: chosen ? `Most Trophies: ${chosen}` : 'Most Trophies',
    species: chosen ? `${chosen} Leaders` : 'Species Leaders',
  }
  // Points have no species and no evidence: the points board says so rather than echo filters it ignores.
  const scope =
    board === 'points'
      ? `${PERIOD_LABELS[period]} · points earned, from every species and evidence level`
      : [PERIOD_LABELS[period], chosen ?? 'All Species', EVIDENCE_FILTER_LABELS[evidence]].join(' · ')

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">Leaderboards</h1>
        <p className="mt-1 text-stone-700">
          Members ranked by achievement points, trophies and the best measurement of each species.
        </p>
      </div>
      <LeaderboardFilters filters={filters} speciesOptions={options} onChange={(next) => go(next)} />
      <div className="grid grid-cols-1 gap-4">
        <BoardTabs value={board} onSelect={(next, replace) => go({ ...filters, board: next }, replace)} />
        <section
          role="tabpanel"
          id={BOARD_PANEL_ID}
          aria-labelledby={boardTabId(board)}
          className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5"
        >
          <div className="mb-3 px-2 sm:px-3">
            <h2 className="text-lg font-bold text-stone-900">{title[board]}</h2>
            <p className="text-sm text-stone-700">{scope}</p>
            {note ? <p className="mt-1 text-xs text-stone-600">{note}</p> : null}
          </div>
          {board === 'species' && species === 'all' ? (
            <div className="flex flex-col items-center px-4 py-8 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
                <MousePointerClick className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-3 font-semibold text-stone-900">Select a species to see its leaders</p>
              <p className="mt-1 max-w-sm text-sm text-stone-700">
                Choose one in the Species Filter above: members are ranked by their best score, or by weight for a fish.
              </p>
              {topSpecies.data && topSpecies.data.length > 0 ? (
                <ul aria-label="Most measured species" className="mt-4 flex flex-wrap justify-center gap-2">
                  {topSpecies.data.slice(0, SHORTCUTS).map((s) => (
                    <li key={s.species}>
                      <Link
                        href={filtersHref(paths.leaderboards, { ...filters, species: s.species })}
                        className="inline-flex h-9 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100"
                      >
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : (
            <LeaderboardBoard
              board={board}
              rows={shown}
              ownRow={shown.data ? ownRowBelow(shown.data, mine.data) : null}
              viewerId={mine.data?.row?.user.id}
              scale={scale}
              units={units}
            />
          )}
        </section>
      </div>
      <FooterStats stats={stats} />
    </div>
  )
}
