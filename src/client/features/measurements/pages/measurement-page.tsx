import ArrowLeft from 'lucide-react/icons/arrow-left'
import Flag from 'lucide-react/icons/flag'
import Heart from 'lucide-react/icons/heart'
import MessageCircle from 'lucide-react/icons/message-circle'
import Pencil from 'lucide-react/icons/pencil'
import Trash2 from 'lucide-react/icons/trash-2'
import { useMemo, useState } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Button } from '#client/components/button.tsx'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Loading } from '#client/components/loading.tsx'
import { NotFound } from '#client/components/not-found.tsx'
import { toast } from '#client/components/toast-store.ts'
import {
  CommentsSection,
  LazyReportDialog,
  LikeButton,
  MoreMenu,
  memberName,
  PostAuthor,
  type ReportSubject,
  usePost,
} from '#client/features/community/index.ts'
import { SizeCheckPanel } from '#client/features/size-checks/index.ts'
import { ScoreBreakdown, ScoreSummary } from '#client/features/species/index.ts'
import { ApiError, errorMessage } from '#client/lib/api.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { formatCount } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/relative-age.ts'
import { useUnits } from '#client/lib/use-units.ts'
import type { Post } from '#shared/schemas/community.ts'
import type { Measurement } from '#shared/schemas/measurements.ts'
import { type Chart, getChart } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { useDeleteMeasurement, useMeasurement } from '../api.ts'
import { AddMeasurementDialog } from '../components/add-measurement-dialog.tsx'
import { EvidenceChip } from '../components/evidence-chip.tsx'
import { photoMethodOf, VISIBILITY_LABELS } from '../components/labels.ts'
import { EvidenceSection, MeasurementFacts, MeasurementValues } from '../components/measurement-details.tsx'
import { PhotoGallery } from '../components/photo-gallery.tsx'
import { PhotoMeasurements } from '../components/photo-measurements.tsx'
import { ShareControls } from '../components/share-menu.tsx'
import { TrophyClassBadge } from '../components/trophy-class-badge.tsx'

function chartOf(measurement: Measurement): Chart | null {
  const category = measurement.result?.category ?? measurement.sheet?.category
  if (!category) return null
  try {
    return getChart(category, measurement.result?.system ?? measurement.sheet?.system)
  } catch {
    return null // a category the engine no longer knows: the page still shows everything else
  }
}

/** /measurements/{id}: photos, the score and its breakdown, record books, evidence, details; edit and delete. */
export default function MeasurementPage() {
  const { id = '' } = useParams<{ id: string }>()
  const query = useMeasurement(id)
  const measurement = query.data
  useDocumentTitle(measurement ? measurement.species : null)

  if (query.isPending) return <Loading fullScreen={false} label="Loading the measurement" />
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0
    if (status === 404 || status === 400) return <NotFound />
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-bold text-red-900">This measurement could not be loaded</h1>
        <p className="mt-2 text-sm text-red-900">{errorMessage(query.error, 'Check your connection and try again.')}</p>
        <Button className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return <MeasurementView measurement={query.data} />
}

function MeasurementView({ measurement }: { measurement: Measurement }) {
  const units = useUnits()
  const [, navigate] = useLocation()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const remove = useDeleteMeasurement()
  const chart = useMemo(() => chartOf(measurement), [measurement])
  const species = getSpecies(measurement.speciesId)
  // The community figures (likes, comments, the size check's state) come with the post.
  const post = usePost(measurement.id).data
  const [reporting, setReporting] = useState<ReportSubject | null>(null)
  const ownerName = memberName(measurement.owner)
  // A private measurement is nobody else's business: its community parts show only if it has some (made private later).
  const checks = post ? post.checkCounts.confirmed + post.checkCounts.plausible + post.checkCounts.disputed : 0
  const social = post && (measurement.visibility !== 'private' || post.likeCount + post.commentCount + checks > 0)

  const confirmDelete = () =>
    remove.mutate(measurement.id, {
      onSuccess: () => {
        setDeleting(false)
        navigate(paths.measurements)
        toast({ title: 'Measurement deleted', description: `Your ${measurement.species} was removed.` })
      },
    })

  return (
    <div className="grid grid-cols-1 gap-6">
      {measurement.isOwner ? (
        <Link
          href={paths.measurements}
          className="inline-flex w-fit items-center gap-1.5 rounded-lg text-sm font-semibold text-pine-800 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Your Measurements
        </Link>
      ) : null}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-3xl font-bold break-words text-stone-900">{measurement.species}</h1>
            <TrophyClassBadge trophyClass={measurement.trophyClass} />
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
            <span>
              Taken <time dateTime={measurement.takenAt}>{formatDate(measurement.takenAt)}</time>
            </span>
            <EvidenceChip evidence={measurement.evidence} photoMethod={photoMethodOf(measurement.photoMeasurements)} />
            {measurement.isOwner ? (
              <span className="rounded-md bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
                {VISIBILITY_LABELS[measurement.visibility]}
              </span>
            ) : null}
          </p>
          {measurement.isOwner ? null : <PostAuthor owner={measurement.owner} region={null} className="mt-3" />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {post && social ? <PostFigures post={post} /> : null}
          <ShareControls item={measurement} units={units} showViewDetails={false} />
          {measurement.isOwner ? null : (
            <MoreMenu
              label={`More actions for ${ownerName}'s ${measurement.species}`}
              items={[
                {
                  label: 'Report',
                  icon: Flag,
                  tone: 'danger',
                  onSelect: () =>
                    setReporting({
                      targetType: 'measurement',
                      targetId: measurement.id,
                      what: `${ownerName}'s ${measurement.species}`,
                    }),
                },
              ]}
            />
          )}
          {measurement.isOwner ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDeleting(true)} className="text-red-800">
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <PhotoGallery
          photos={measurement.photos}
          coverPhotoId={measurement.coverPhotoId}
          species={measurement.species}
        />
        <div className="grid grid-cols-1 gap-6">
          {chart && measurement.result ? (
            <ScoreSummary
              chart={chart}
              result={measurement.result}
              message=""
              trophyWeightLbs={chart.kind === 'fish' ? species?.trophyWeightLbs : undefined}
              trophyWeightNote={chart.kind === 'fish' ? species?.trophyWeightNote : undefined}
            />
          ) : (
            <section className="rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-700 shadow-sm">
              <h2 className="text-lg font-bold text-stone-900">Result</h2>
              <p className="mt-2">
                No record book scores this measurement: it keeps the sizes below and its trophy class.
              </p>
            </section>
          )}
          <MeasurementValues measurement={measurement} units={units} />
        </div>
      </div>

      {measurement.result ? (
        <div className="grid gap-2">
          <div>
            <h2 className="text-xl font-bold text-stone-900">Score sheet</h2>
            {chart ? <p className="text-sm text-stone-700">{chart.name}</p> : null}
          </div>
          <ScoreBreakdown result={measurement.result} />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MeasurementFacts measurement={measurement} />
        <div className="grid grid-cols-1 gap-6">
          <EvidenceSection measurement={measurement} />
          {measurement.photoMeasurements.length > 0 ? (
            <PhotoMeasurements items={measurement.photoMeasurements} chart={chart} units={units} />
          ) : null}
        </div>
      </div>

      {post && social ? <SizeCheckPanel measurementId={measurement.id} post={post} /> : null}

      {post && social ? (
        <CommentsSection
          id="comments"
          measurementId={measurement.id}
          headingLevel={2}
          className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        />
      ) : null}
      <LazyReportDialog subject={reporting} onClose={() => setReporting(null)} />

      {measurement.isOwner ? (
        <>
          <AddMeasurementDialog open={editing} onOpenChange={setEditing} mode="edit" measurement={measurement} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={(open) => {
              setDeleting(open)
              if (!open) remove.reset()
            }}
            title="Delete this measurement?"
            description={`Your ${measurement.species} of ${formatDate(measurement.takenAt)}, its photos and its score are removed for good. This cannot be undone.`}
            confirm="Delete"
            onConfirm={confirmDelete}
            busy={remove.isPending}
            error={
              remove.isError ? errorMessage(remove.error, 'The measurement could not be deleted. Try again.') : null
            }
          />
        </>
      ) : null}
    </div>
  )
}

/** Likes and comments: the heart for other members; the owner sees the counts. The comment count leads to them. */
function PostFigures({ post }: { post: Post }) {
  const likes = post.likeCount === 1 ? 'like' : 'likes'
  return (
    <div className="flex items-center gap-1">
      {post.measurement.isOwner ? (
        <span className="inline-flex h-9 items-center gap-1.5 px-2 text-sm font-semibold text-stone-700 tabular-nums">
          <Heart className="size-5" aria-hidden="true" />
          {formatCount(post.likeCount)}
          <span className="sr-only"> {likes}</span>
        </span>
      ) : (
        <LikeButton post={post} />
      )}
      <a
        href="#comments"
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-stone-700 tabular-nums hover:bg-stone-100"
      >
        <MessageCircle className="size-5" aria-hidden="true" />
        {formatCount(post.commentCount)}
        <span className="sr-only"> {post.commentCount === 1 ? 'comment' : 'comments'}</span>
      </a>
    </div>
  )
}
