import { paths } from '#client/app/paths.ts'

export type NavLink = { href: string; label: string }

/** docs/product.md §2 header links; the Admin link is added for admins. */
export function navLinks(isAdmin: boolean): NavLink[] {
  const links: NavLink[] = [
    { href: paths.home, label: 'Dashboard' },
    { href: paths.measurements, label: 'Measurements' },
    { href: paths.community, label: 'Community' },
    { href: paths.achievements, label: 'Achievements' },
    { href: paths.leaderboards, label: 'Leaderboards' },
    { href: paths.speciesGuide, label: 'Species Guide' },
  ]
  return isAdmin ? [...links, { href: paths.admin, label: 'Admin' }] : links
}

/**
 * The link of the section a location belongs to; other members' profiles belong to the community, one's own
 * (`ownProfile`) to its own My Profile link.
 */
export function isActive(href: string, location: string, ownProfile?: string): boolean {
  if (href === paths.home) return location === paths.home
  if (href === paths.community && location.startsWith('/profile/')) return location !== ownProfile
  return location === href || location.startsWith(`${href}/`)
}
