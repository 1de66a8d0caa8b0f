import { paths } from '#client/app/paths.ts'
import { calendarDaysBetween, relativeAge } from '#client/lib/relative-age.ts'
import type { Member, NotificationGroup } from '#shared/schemas/community.ts'

// The words and the link of one line of the bell: 'Sam and 3 others liked your Elk'. A group gathers the
// notifications of one kind about one item; its actors are the latest ones (at most 3), newest first.

type Group = Pick<
  NotificationGroup,
  'kind' | 'actors' | 'actorCount' | 'measurementId' | 'species' | 'achievementName' | 'verdict'
>

/** A member as the bell names them: the first name, else the last name, else 'Someone'. */
export function actorName(member: Pick<Member, 'firstName' | 'lastName'> | undefined): string {
  return member?.firstName?.trim() || member?.lastName?.trim() || 'Someone'
}

/** 'Sam', 'Sam and Maria', 'Sam and 3 others' (actorCount counts distinct actors, actors holds the latest). */
export function actorsText(group: Pick<Group, 'actors' | 'actorCount'>): string {
  const first = actorName(group.actors[0])
  const count = Math.max(group.actorCount, group.actors.length)
  if (count <= 1) return first
  if (count === 2) return group.actors[1] ? `${first} and ${actorName(group.actors[1])}` : `${first} and 1 other`
  return `${first} and ${count - 1} others`
}

/** 'a Whitetail Deer', 'an Elk' ('a measurement' when the species is unknown). */
function withArticle(species: string | null): string {
  if (!species) return 'a measurement'
  return /^[aeiou]/i.test(species) ? `an ${species}` : `a ${species}`
}

const yours = (species: string | null) => `your ${species ?? 'measurement'}`

export function notificationSentence(group: Group): string {
  const who = actorsText(group)
  switch (group.kind) {
    case 'like':
      return `${who} liked ${yours(group.species)}`
    case 'comment':
      return `${who} commented on ${yours(group.species)}`
    case 'mention':
      // The comment may be on anyone's measurement, so it is not 'your'.
      return `${who} mentioned you in a comment on ${withArticle(group.species)}`
    case 'follow':
      return `${who} started following you`
    case 'achievement':
      return `You earned ${group.achievementName ?? 'an achievement'}`
    case 'size-check': {
      // One group holds every verdict on the measurement; its verdict is the latest one's, so it is named only
      // when a single member checked (two members may have given different verdicts).
      if (Math.max(group.actorCount, group.actors.length) > 1 || !group.verdict) {
        return `${who} checked the size of ${yours(group.species)}`
      }
      if (group.verdict === 'confirmed') return `${who} confirmed the size of ${yours(group.species)}`
      if (group.verdict === 'plausible') return `${who} found the size of ${yours(group.species)} plausible`
      return `${who} disputed the size of ${yours(group.species)}`
    }
    case 'size-check-reply':
      return `${who} replied to your size check on their ${group.species ?? 'measurement'}`
  }
}

/** Where a line leads: the measurement (at its comments or size check), the follower's profile, the achievements. */
export function notificationHref(group: Pick<Group, 'kind' | 'actors' | 'measurementId'>): string | null {
  switch (group.kind) {
    case 'follow':
      return group.actors[0] ? paths.profile.href(group.actors[0].id) : null
    case 'achievement':
      return paths.achievements
    case 'like':
      return group.measurementId ? paths.measurement.href(group.measurementId) : null
    case 'comment':
    case 'mention':
      return group.measurementId ? `${paths.measurement.href(group.measurementId)}#comments` : null
    case 'size-check':
    case 'size-check-reply':
      return group.measurementId ? `${paths.measurement.href(group.measurementId)}#size-check` : null
  }
}

const MINUTE_MS = 60_000

/** 'Just now', '5 min ago', '3 h ago' on the same day; from yesterday on, the card's relative age ('1 day ago'). */
export function notificationAge(value: string, now: Date = new Date()): string {
  const then = new Date(value)
  if (Number.isNaN(then.getTime())) return 'Invalid date'
  if (calendarDaysBetween(then, now) > 0) return relativeAge(then, now)
  const minutes = Math.floor((now.getTime() - then.getTime()) / MINUTE_MS)
  if (minutes < 1) return 'Just now'
  if (minutes < 60) return `${minutes} min ago`
  return `${Math.floor(minutes / 60)} h ago`
}
