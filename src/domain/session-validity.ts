import { SESSION_MAX_AGE_MS } from './limits'

// A session is valid only on the calendar day it was issued (in the portal's time zone)
// and for less than 24 hours.
const dayFormatters = new Map<string, Intl.DateTimeFormat>()

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormatters.set(timeZone, formatter)
  }
  return formatter
}

// Every token check asks for the day of its issue and of now: the answers are kept per minute
// (time zone offsets are whole minutes, so a day never changes inside one), a few hundred at most.
const MINUTE_MS = 60_000
const daysByMinute = new Map<string, string>()

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDay(instantMs: number, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(instantMs / MINUTE_MS)}`
  let day = daysByMinute.get(key)
  if (day === undefined) {
    day = dayFormatter(timeZone).format(new Date(instantMs))
    if (daysByMinute.size >= 512) daysByMinute.clear()
    daysByMinute.set(key, day)
  }
  return day
}

export function isSessionValid(issuedAtMs: number, nowMs: number, timeZone: string): boolean {
  const age = nowMs - issuedAtMs
  if (age < 0 || age >= SESSION_MAX_AGE_MS) return false
  return calendarDay(issuedAtMs, timeZone) === calendarDay(nowMs, timeZone)
}

/**
 * The last instant (exclusive) at which a session issued at issuedAtMs is valid:
 * the earlier of 24 hours later and the start of the next calendar day.
 */
export function sessionExpiry(issuedAtMs: number, timeZone: string): number {
  const day = calendarDay(issuedAtMs, timeZone)
  // Binary search for the first millisecond of the next calendar day.
  let lo = issuedAtMs
  let hi = issuedAtMs + SESSION_MAX_AGE_MS
  if (calendarDay(hi, timeZone) === day) return hi
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (calendarDay(mid, timeZone) === day) lo = mid
    else hi = mid
  }
  return hi
}
