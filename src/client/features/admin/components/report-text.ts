import type { Report, ReportStatus, ReportTarget } from '#shared/schemas/community.ts'
import type { ReportAction } from '../api.ts'

// The words of the admin's Reports, and what each action tells the admin afterwards (docs/product.md §8 style).

export const TARGET_LABELS: Record<ReportTarget, string> = {
  measurement: 'Post',
  comment: 'Comment',
  user: 'Profile',
}

export const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  hidden: 'Hidden',
  dismissed: 'Dismissed',
}

/** Only a path inside the app may be linked ('/measurements/…'), never '//elsewhere' or 'javascript:'. */
export function contentHref(href: string | null): string | null {
  if (!href?.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return null
  return href
}

const ACTION_NAMES: Record<ReportAction, string> = { hide: 'Hide', restore: 'Restore', dismiss: 'Dismiss' }

type Toast = { title: string; description: string }

export function resolvedToast(action: ReportAction, report: Pick<Report, 'targetType'>): Toast {
  const what = TARGET_LABELS[report.targetType].toLowerCase()
  switch (action) {
    case 'hide':
      return { title: 'Content hidden', description: `The ${what} is hidden from everyone but its author and admins.` }
    case 'restore':
      return { title: 'Content restored', description: `The ${what} is visible again.` }
    case 'dismiss':
      return { title: 'Report dismissed', description: `The ${what} stays as it is.` }
  }
}

/** 'Hide failed' with the server's words, or 'Failed to hide content'. */
export function failedToast(action: ReportAction, serverMessage: string | undefined): Toast {
  const fallback = action === 'dismiss' ? 'Failed to dismiss report' : `Failed to ${action} content`
  return { title: `${ACTION_NAMES[action]} failed`, description: serverMessage || fallback }
}
