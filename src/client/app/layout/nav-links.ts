import { paths } from '../paths.ts'

export type NavLink = { href: string; label: string }

/** Spec §2 header links; the Admin link is added for admins. */
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

export function isActive(href: string, location: string): boolean {
  return href === paths.home ? location === paths.home : location === href || location.startsWith(`${href}/`)
}
