/** A member as others see them: 'First Last', one of the two, or 'Member' when they gave neither. */
export function memberName(member: { firstName: string | null; lastName: string | null }): string {
  return (
    [member.firstName?.trim(), member.lastName?.trim()].filter((part): part is string => Boolean(part)).join(' ') ||
    'Member'
  )
}
