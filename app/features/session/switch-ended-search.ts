import { coercedInt } from '../../ui/search-fields'

// ?ended=<user>&after=<minutes> on /switch-user: a switch that ended by time brought the person
// here (decision 055). Read by the screen, not by the route's search schema, so the first load
// of every page stays as light as it was (decision 035); anything else reads as no notice.
export function endedSwitchOf(search: unknown): { user: string; minutes: number } | null {
  if (typeof search !== 'object' || search === null) return null
  const user: unknown = Reflect.get(search, 'ended')
  const minutes = coercedInt(Reflect.get(search, 'after'), 1, 1440)
  return typeof user === 'string' && user.length > 0 && user.length <= 254 && minutes !== undefined ? { user, minutes } : null
}
