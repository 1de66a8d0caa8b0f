/** Every URL the client uses, in one place. */
export const paths = {
  home: '/',
  /** The landing page with the Request Access dialog open (the sign-in page links here). */
  requestAccess: '/?request-access',
  signIn: '/sign-in',
  resetPassword: '/reset-password',
  setup: '/setup',
  measurements: '/measurements',
  measurement: {
    pattern: '/measurements/:id',
    href: (id: string) => `/measurements/${encodeURIComponent(id)}`,
  },
  /** The public share page of a public measurement: readable signed out, previewed by link unfurlers. */
  share: { pattern: '/share/:id', href: (id: string) => `/share/${encodeURIComponent(id)}` },
  settings: '/settings',
  community: '/community',
  achievements: '/achievements',
  leaderboards: '/leaderboards',
  speciesGuide: '/species-guide',
  /** The guide with its search and filters (a query string without '?', see features/species/filters.ts). */
  speciesGuideFiltered: (search: string) => (search ? `/species-guide?${search}` : '/species-guide'),
  species: {
    pattern: '/species-guide/:speciesId',
    href: (speciesId: string) => `/species-guide/${encodeURIComponent(speciesId)}`,
  },
  admin: '/admin',
  profile: { pattern: '/profile/:userId', href: (userId: string) => `/profile/${encodeURIComponent(userId)}` },
} as const

/** App screens that need a session: a signed-out visit goes to sign-in and comes back after. */
export const SIGNED_IN_PREFIXES = [
  paths.measurements,
  paths.community,
  paths.achievements,
  paths.leaderboards,
  paths.speciesGuide,
  paths.admin,
  paths.settings,
  '/profile/',
] as const

export function needsSession(pathname: string): boolean {
  return SIGNED_IN_PREFIXES.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`))
}

export function signInHref(next?: string): string {
  return next && next !== paths.home ? `${paths.signIn}?next=${encodeURIComponent(next)}` : paths.signIn
}

export const apiPaths = {
  authUser: '/api/auth/user',
  authConfig: '/api/auth/config',
  login: '/api/login',
  logout: '/api/logout',
  communityStats: '/api/community-stats',
  betaAccessRequest: '/api/beta-access-request',
  alphaAccess: '/api/alpha-access',
  setupAdmin: '/api/setup/admin',
  adminBetaRequests: '/api/admin/beta-requests',
  adminReview: (requestId: string) => `/api/admin/beta-requests/${encodeURIComponent(requestId)}/review`,
  adminPendingUsers: '/api/admin/users/pending',
  adminApproveUser: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/approve`,
  adminFailingMails: '/api/admin/mails/failing',
  adminResendMail: (mailId: string) => `/api/admin/mails/${encodeURIComponent(mailId)}/resend`,
  measurements: '/api/measurements',
  measurementsPage: (cursor: string | null, limit?: number, order?: 'taken') => {
    const query = new URLSearchParams()
    if (cursor) query.set('cursor', cursor)
    if (limit) query.set('limit', String(limit))
    if (order) query.set('order', order)
    const text = query.toString()
    return text ? `/api/measurements?${text}` : '/api/measurements'
  },
  measurement: (id: string) => `/api/measurements/${encodeURIComponent(id)}`,
  measurementStats: '/api/measurements/stats',
  photos: '/api/photos',
  photo: (id: string, size: 'display' | 'thumb') => `/api/photos/${encodeURIComponent(id)}/${size}`,
  share: (id: string) => `/api/share/${encodeURIComponent(id)}`,
  settings: '/api/settings',
  // The community
  feed: (tab: 'following' | 'everyone', cursor: string | null, limit?: number) => {
    const query = new URLSearchParams({ tab })
    if (cursor) query.set('cursor', cursor)
    if (limit) query.set('limit', String(limit))
    return `/api/feed?${query}`
  },
  post: (id: string) => `/api/measurements/${encodeURIComponent(id)}/post`,
  like: (id: string) => `/api/measurements/${encodeURIComponent(id)}/like`,
  comments: (id: string, cursor?: string | null) =>
    `/api/measurements/${encodeURIComponent(id)}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  comment: (id: string, commentId: string) =>
    `/api/measurements/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}`,
  members: (q: string) => `/api/members?q=${encodeURIComponent(q)}`,
  profile: (userId: string) => `/api/profiles/${encodeURIComponent(userId)}`,
  profilePosts: (userId: string, cursor: string | null) =>
    `/api/profiles/${encodeURIComponent(userId)}/measurements${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  followers: (userId: string, cursor: string | null) =>
    `/api/profiles/${encodeURIComponent(userId)}/followers${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  following: (userId: string, cursor: string | null) =>
    `/api/profiles/${encodeURIComponent(userId)}/following${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  follow: (userId: string) => `/api/follows/${encodeURIComponent(userId)}`,
  block: (userId: string) => `/api/blocks/${encodeURIComponent(userId)}`,
  blocks: '/api/blocks',
  ownProfile: '/api/profile',
  notifications: '/api/notifications',
  notificationsRead: '/api/notifications/read',
  notificationsStream: '/api/notifications/stream',
  sizeChecks: (id: string) => `/api/measurements/${encodeURIComponent(id)}/size-checks`,
  sizeCheck: (id: string) => `/api/measurements/${encodeURIComponent(id)}/size-check`,
  sizeCheckReply: (id: string, checkId: string) =>
    `/api/measurements/${encodeURIComponent(id)}/size-checks/${encodeURIComponent(checkId)}/reply`,
  reports: '/api/reports',
  adminReports: (status: 'open' | 'resolved') => `/api/admin/reports?status=${status}`,
  adminResolveReport: (reportId: string) => `/api/admin/reports/${encodeURIComponent(reportId)}/resolve`,
  identity: {
    signUp: '/api/identity/sign-up/email',
    signIn: '/api/identity/sign-in/email',
    sendVerification: '/api/identity/send-verification-email',
    requestPasswordReset: '/api/identity/request-password-reset',
    resetPassword: '/api/identity/reset-password',
    linkSocial: '/api/identity/link-social',
    listAccounts: '/api/identity/list-accounts',
  },
} as const
