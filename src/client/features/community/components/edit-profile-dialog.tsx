import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { toast } from '#client/components/toast-store.ts'
import { useSettings } from '#client/features/measurements/index.ts'
import { ApiError, errorMessage } from '#client/lib/api.ts'
import { COMMUNITY_LIMITS, type Profile, type UpdateProfile, UpdateProfileSchema } from '#shared/schemas/community.ts'
import { DEFAULT_SETTINGS } from '#shared/schemas/measurements.ts'
import { useUpdateProfile } from '../api.ts'
import { type ProfileDraft, ProfileFields } from './profile-fields.tsx'
import { ProfilePhotoField } from './profile-photo-field.tsx'
import { type PhotoChoice, useProfilePhoto } from './use-profile-photo.ts'

type Props = { profile: Profile; open: boolean; onOpenChange: (open: boolean) => void }

type Errors = Partial<Record<keyof ProfileDraft | 'photoId' | 'form', string>>

/** The first message per field of the schema's or the server's issues. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {}
  for (const issue of issues) {
    const field = (issue.path.split('.')[0] || 'form') as keyof Errors
    errors[field] ??= issue.message
  }
  return errors
}

/** What to send: the draft, and the picture only when it changed. */
function inputOf(draft: ProfileDraft, photo: PhotoChoice): UpdateProfile {
  return {
    ...draft,
    ...(photo.kind === 'new' ? { photoId: photo.id } : photo.kind === 'remove' ? { photoId: null } : {}),
  }
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
  const [draft, setDraft] = useState<ProfileDraft>({
    firstName: profile.user.firstName ?? '',
    lastName: profile.user.lastName ?? '',
    bio: profile.user.bio ?? '',
    region: profile.user.region ?? '',
    units: settings.units,
    defaultVisibility: settings.defaultVisibility,
  })
  const [errors, setErrors] = useState<Errors>({})
  const photo = useProfilePhoto((message) => setErrors((e) => ({ ...e, photoId: message })))
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const busy = update.isPending || photo.uploading !== null
  const choice = photo.photo
  const shownImage = choice.kind === 'new' ? choice.url : choice.kind === 'remove' ? null : profile.user.profileImageUrl

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = inputOf(draft, choice)
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

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>Edit profile</DialogTitle>
      <DialogDescription>Members see your name, picture, region and bio on your profile.</DialogDescription>

      <div className="mt-5 grid gap-5">
        <ProfilePhotoField
          id={id}
          user={profile.user}
          shownImage={shownImage}
          uploading={photo.uploading}
          disabled={busy}
          error={errors.photoId}
          onPick={(e) => void photo.pick(e)}
          onRemove={photo.remove}
        />
        <ProfileFields id={id} draft={draft} errors={errors} onChange={set} />
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
        <Button type="submit" disabled={busy || draft.bio.length > COMMUNITY_LIMITS.bioChars}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  )
}
