import { Avatar } from '#client/components/avatar.tsx'
import type { Member } from '#shared/schemas/community.ts'

/** A member's picture, or their generated initials (docs/product.md §2), decorative beside their name unless `alt` says. */
export function MemberAvatar({ member, className, alt }: { member: Member; className?: string; alt?: string }) {
  return <Avatar user={{ ...member, email: null }} className={className} alt={alt} />
}
