type NamedUser = { firstName: string | null; lastName: string | null; email: string | null }

/** The full name when both parts exist, else null. */
export function fullName(user: Pick<NamedUser, 'firstName' | 'lastName'>): string | null {
  const first = user.firstName?.trim()
  const last = user.lastName?.trim()
  return first && last ? `${first} ${last}` : null
}

/** docs/product.md §2 'Logged in as': the full name if both names exist, otherwise the email, otherwise 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user) return 'User'
  return fullName(user) ?? (user.email?.trim() || 'User')
}

/** Up to two letters for the generated avatar: initials of the name, else of the e-mail, else 'U'. */
export function initials(user: NamedUser | null | undefined): string {
  if (!user) return 'U'
  const first = user.firstName?.trim()
  const last = user.lastName?.trim()
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`
  if (letters) return letters.toUpperCase()
  const local = user.email?.trim().split('@')[0] ?? ''
  return (local.slice(0, 2) || 'U').toUpperCase()
}
