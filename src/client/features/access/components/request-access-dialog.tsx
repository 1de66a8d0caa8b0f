import { useMutation } from '@tanstack/react-query'
import CircleCheck from 'lucide-react/icons/circle-check'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { TextAreaField, TextField } from '#client/components/field.tsx'
import { SelectField } from '#client/components/select-field.tsx'
import { toast } from '#client/components/toast-store.ts'
import { ApiError, errorMessage } from '#client/lib/api.ts'
import {
  EXPERIENCE_LABELS,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  REQUEST_DIALOG_RESET_MS,
} from '#shared/constants.ts'
import type { BetaAccessRequest } from '#shared/schemas/access.ts'
import { submitBetaAccessRequest } from '../api.ts'
import {
  EMPTY_REQUEST_ACCESS,
  fieldErrors,
  type RequestAccessErrors,
  type RequestAccessField,
  type RequestAccessValues,
  validateRequestAccess,
} from './request-access-form.ts'

const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((level) => ({ value: level, label: EXPERIENCE_LABELS[level] }))

type Props = { open: boolean; onOpenChange: (open: boolean) => void }

/** docs/product.md §2/§4/§5/§8: the beta access request. Default export so the landing page can load it lazily. */
export default function RequestAccessDialog({ open, onOpenChange }: Props) {
  const [values, setValues] = useState<RequestAccessValues>(EMPTY_REQUEST_ACCESS)
  const [errors, setErrors] = useState<RequestAccessErrors>({})
  const [submitted, setSubmitted] = useState(false)

  const mutation = useMutation({
    mutationFn: (input: BetaAccessRequest) => submitBetaAccessRequest(input),
    onSuccess: () => {
      toast({
        title: 'Request submitted successfully',
        description: "We'll review your application and notify you soon!",
      })
      setSubmitted(true)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.issues) setErrors(fieldErrors(error.issues))
      toast({
        variant: 'destructive',
        title: 'Submission failed',
        description: errorMessage(error, 'Please try again later'),
      })
    },
  })
  const submitting = mutation.isPending
  const { reset: resetMutation } = mutation

  // After closing, clear the form once the closing animation is over (docs/product.md §4: about 300 ms).
  useEffect(() => {
    if (open) return
    const timer = setTimeout(() => {
      setValues(EMPTY_REQUEST_ACCESS)
      setErrors({})
      setSubmitted(false)
      resetMutation()
    }, REQUEST_DIALOG_RESET_MS)
    return () => clearTimeout(timer)
  }, [open, resetMutation])

  function update(field: RequestAccessField, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const result = validateRequestAccess(values)
    if (!result.ok) {
      setErrors(result.errors)
      const first = Object.keys(result.errors)[0]
      if (first) document.getElementById(`request-${first}`)?.focus()
      return
    }
    mutation.mutate(result.data)
  }

  function handleOpenChange(next: boolean) {
    if (!next && submitting) return // docs/product.md §4: closing is blocked while submitting
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent hideClose={submitting} aria-describedby="request-access-description">
        {submitted ? (
          <div className="flex flex-col items-center gap-3 py-4 text-center">
            <CircleCheck className="size-14 text-pine-700" aria-hidden="true" />
            <DialogTitle className="pr-0">Request Submitted!</DialogTitle>
            <DialogDescription id="request-access-description" className="max-w-sm text-base">
              Thanks{values.firstName.trim() ? `, ${values.firstName.trim()}` : ''}! We'll review your request and
              e-mail you at {values.email.trim().toLowerCase()} within 48 hours.
            </DialogDescription>
            <p className="max-w-sm text-sm text-stone-700">
              Once approved, use Beta Login to create your account with this same e-mail address.
            </p>
            <Button className="mt-2 w-full sm:w-auto" onClick={() => onOpenChange(false)}>
              Got it
            </Button>
          </div>
        ) : (
          <>
            <DialogTitle>Request Beta Access</DialogTitle>
            <DialogDescription id="request-access-description">
              Join the closed beta. Tell us a little about yourself; we review every request within{' '}
              <span className="whitespace-nowrap">24-48 hours</span>.
            </DialogDescription>
            <form noValidate onSubmit={handleSubmit} className="mt-5 grid gap-4" aria-busy={submitting}>
              <TextField
                id="request-email"
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={values.email}
                onChange={(e) => update('email', e.target.value)}
                error={errors.email}
                disabled={submitting}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  id="request-firstName"
                  name="firstName"
                  label="First name"
                  autoComplete="given-name"
                  value={values.firstName}
                  onChange={(e) => update('firstName', e.target.value)}
                  error={errors.firstName}
                  disabled={submitting}
                />
                <TextField
                  id="request-lastName"
                  name="lastName"
                  label="Last name"
                  autoComplete="family-name"
                  value={values.lastName}
                  onChange={(e) => update('lastName', e.target.value)}
                  error={errors.lastName}
                  disabled={submitting}
                />
              </div>
              <SelectField
                id="request-huntingExperience"
                name="huntingExperience"
                label="Hunting experience"
                placeholder="Select your experience level"
                value={values.huntingExperience}
                options={EXPERIENCE_OPTIONS}
                onValueChange={(v) => update('huntingExperience', v as ExperienceLevel)}
                error={errors.huntingExperience}
                disabled={submitting}
              />
              <TextField
                id="request-location"
                name="location"
                label="Location"
                autoComplete="address-level1"
                placeholder="State or region, e.g. Montana"
                value={values.location}
                onChange={(e) => update('location', e.target.value)}
                error={errors.location}
                disabled={submitting}
              />
              <TextAreaField
                id="request-reason"
                name="reason"
                label="Why do you want to join?"
                optional
                rows={3}
                placeholder="What do you hunt or fish, and what would you like Fieldmark to do for you?"
                value={values.reason}
                onChange={(e) => update('reason', e.target.value)}
                error={errors.reason}
                disabled={submitting}
              />
              <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? 'Submitting...' : 'Submit Request'}
                </Button>
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
