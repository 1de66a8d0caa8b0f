/** Business constants of docs/product.md §9 and docs/architecture.md, in one place for client and server. */
export const PRODUCT_NAME = 'Fieldmark'

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]
export const EXPERIENCE_LABELS: Record<ExperienceLevel, string> = {
  beginner: 'Beginner (0-2 years)',
  intermediate: 'Intermediate (3-10 years)',
  advanced: 'Advanced (11-20 years)',
  expert: 'Expert (20+ years)',
}

export const BETA_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const
export type BetaRequestStatus = (typeof BETA_REQUEST_STATUSES)[number]

/** Local-storage flag of docs/product.md §4; the server is the authority, this only mirrors it for the UI. */
export const ALPHA_ACCESS_STORAGE_KEY = 'alpha-access'
export const ALPHA_ACCESS_GRANTED = 'granted'

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD = 50
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
export const SCROLL_AREA_HIDE_DELAY_MS = 600
export const REQUEST_DIALOG_RESET_MS = 300
export const ADMIN_STALE_TIME_MS = 30_000

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
