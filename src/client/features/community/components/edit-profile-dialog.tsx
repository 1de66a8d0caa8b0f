import ImagePlus from 'lucide-react/icons/image-plus'
import Trash2 from 'lucide-react/icons/trash-2'
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { COMMUNITY_LIMITS, type Profile, type UpdateProfile, UpdateProfileSchema } from '#shared/schemas/community.ts'
import {
  DEFAULT_SETTINGS,
  UNIT_SYSTEMS,
  type UnitSystem,
  VISIBILITIES,
  type Visibility,
} from '#shared/schemas/measurements.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { Button } from '../../../components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/dialog.tsx'
import { TextAreaField, TextField } from '../../../components/field.tsx'
import { toast } from '../../../components/toast-store.ts'
import { ApiError, errorMessage } from '../../../lib/api.ts'
import { formatCount } from '../../../lib/format.ts'
import { useSettings } from '../../measurements/api.ts'
import { UNIT_LABELS, VISIBILITY_LABELS, VISIBILITY_MEANINGS } from '../../measurements/components/labels.ts'
import { PHOTO_ACCEPT, photoFileError } from '../../measurements/form/photo-files.ts'
import { uploadPhoto } from '../../measurements/offline/upload.ts'
import { useUpdateProfile } from '../api.ts'

type Props = { profile: Profile; open: boolean; onOpenChange: (open: boolean) => void }

/** The picture: unchanged, a new upload (sent as photoId), or removed (photoId null). */
type PhotoChoice = { kind: 'keep' } | { kind: 'new'; id: string; url: string } | { kind: 'remove' }

type Draft = {
  firstName: string
  lastName: string
  bio: string
  region: string
  units: UnitSystem
  defaultVisibility: Visibility
}

type Errors = Partial<Record<keyof Draft | 'photoId' | 'form', string>>

/** The first message per field of the schema's or the server's issues. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {}
  for (const issue of issues) {
    const field = (issue.path.split('.')[0] || 'form') as keyof Errors
    errors[field] ??= issue.message
  }
  return errors
}

/** One's own profile: name, bio, region, picture, units and the default visibility of new measurements. */
export function EditProfileDialog({ profile, open, onOpenChange }: Props) {
  const update = useUpdateProfile()
  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="lg" hideClose={update.isPending}>
        {open ? <EditProfileForm profile={profile} update={update} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EditProfileForm({
  profile,
  update,
  onDone,
}: {
  profile: Profile
  update: ReturnType<typeof useUpdateProfile>
  onDone: () => void
}) {
  const id = useId()
  const settings = useSettings().data ?? DEFAULT_SETTINGS
  const [draft, setDraft] = useState<Draft>({
    firstName: profile.user.firstName ?? '',
    lastName: profile.user.lastName ?? '',
    bio: profile.user.bio ?? '',
    region: profile.user.region ?? '',
    units: settings.units,
    defaultVisibility: settings.defaultVisibility,
  })
  const [photo, setPhoto] = useState<PhotoChoice>({ kind: 'keep' })
  const [uploading, setUploading] = useState<number | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const busy = update.isPending || uploading !== null

  const shownImage = photo.kind === 'new' ? photo.url : photo.kind === 'remove' ? null : profile.user.profileImageUrl

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const refused = photoFileError(file)
    if (refused) {
      setErrors((e) => ({ ...e, photoId: refused }))
      return
    }
    setErrors((e) => ({ ...e, photoId: undefined }))
    setUploading(0)
    try {
      const uploaded = await uploadPhoto(file, crypto.randomUUID(), setUploading)
      setPhoto({ kind: 'new', id: uploaded.id, url: uploaded.thumbUrl })
    } catch (error) {
      setErrors((e) => ({
        ...e,
        photoId: errorMessage(error, 'The photo could not be uploaded. Check your connection and try again.'),
      }))
    } finally {
      setUploading(null)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: UpdateProfile = {
      ...draft,
      ...(photo.kind === 'new' ? { photoId: photo.id } : photo.kind === 'remove' ? { photoId: null } : {}),
    }
    const checked = UpdateProfileSchema.safeParse(input)
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))))
      return
    }
    setErrors({})
    update.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Profile saved' })
        onDone()
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues?.length) setErrors(errorsOf(error.issues))
      },
    })
  }

  const bioTooLong = draft.bio.length > COMMUNITY_LIMITS.bioChars

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>Edit profile</DialogTitle>
      <DialogDescription>Members see your name, picture, region and bio on your profile.</DialogDescription>

      <div className="mt-5 grid gap-5">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar
            user={{ ...profile.user, email: null, profileImageUrl: shownImage }}
            className="size-20"
            alt="Your profile picture"
          />
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileInput}
                type="file"
                accept={PHOTO_ACCEPT}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(e) => void pickPhoto(e)}
              />
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => fileInput.current?.click()}
                aria-describedby={errors.photoId ? `${id}-photo-error` : undefined}
              >
                <ImagePlus className="size-4" aria-hidden="true" />
                {uploading !== null ? `Uploading… ${Math.round(uploading * 100)}%` : 'Upload photo'}
              </Button>
              {shownImage ? (
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => setPhoto({ kind: 'remove' })}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove photo
                </Button>
              ) : null}
            </div>
            {errors.photoId ? (
              <p id={`${id}-photo-error`} role="alert" className="text-sm font-medium text-red-700">
                {errors.photoId}
              </p>
            ) : (
              <p className="text-xs text-stone-600">JPEG, PNG, WebP or HEIC. Its location data is removed.</p>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-first`}
            label="First name"
            autoComplete="given-name"
            value={draft.firstName}
            maxLength={COMMUNITY_LIMITS.nameChars}
            onChange={(e) => set('firstName', e.target.value)}
            error={errors.firstName}
          />
          <TextField
            id={`${id}-last`}
            label="Last name"
            autoComplete="family-name"
            value={draft.lastName}
            maxLength={COMMUNITY_LIMITS.nameChars}
            onChange={(e) => set('lastName', e.target.value)}
            error={errors.lastName}
          />
        </div>
        <TextField
          id={`${id}-region`}
          label="Region"
          optional
          placeholder="e.g. Montana, USA"
          value={draft.region}
          maxLength={COMMUNITY_LIMITS.regionChars}
          onChange={(e) => set('region', e.target.value)}
          error={errors.region}
          hint="A state, province or country: never a spot."
        />
        <TextAreaField
          id={`${id}-bio`}
          label="Bio"
          optional
          rows={4}
          value={draft.bio}
          onChange={(e) => set('bio', e.target.value)}
          error={
            errors.bio ??
            (bioTooLong ? `Bio must be at most ${formatCount(COMMUNITY_LIMITS.bioChars)} characters` : undefined)
          }
          hint={`${formatCount(draft.bio.length)} / ${formatCount(COMMUNITY_LIMITS.bioChars)} characters`}
        />

        <Choices
          legend="Units"
          name={`${id}-units`}
          options={UNIT_SYSTEMS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
          value={draft.units}
          onChange={(units) => set('units', units)}
        />
        <Choices
          legend="Default visibility of new measurements"
          name={`${id}-visibility`}
          options={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v], hint: VISIBILITY_MEANINGS[v] }))}
          value={draft.defaultVisibility}
          onChange={(defaultVisibility) => set('defaultVisibility', defaultVisibility)}
        />
      </div>

      {update.isError && !(update.error instanceof ApiError && update.error.issues?.length) ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorMessage(update.error, 'Your profile could not be saved. Try again.')}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || bioTooLong}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  )
}

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: { value: T; label: string; hint?: ReactNode }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className={`mt-1.5 grid gap-2 ${options.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer gap-2.5 rounded-xl border border-stone-300 px-3 py-2.5 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-pine-700"
            />
            <span className="text-sm">
              <span className="block font-semibold text-stone-900">{option.label}</span>
              {option.hint ? <span className="block text-xs text-stone-600">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
