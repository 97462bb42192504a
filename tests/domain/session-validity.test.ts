import { describe, expect, it } from 'vitest'
import { calendarDay, isSessionValid, sessionExpiry } from '../../src/domain/session-validity'

const BERLIN = 'Europe/Berlin'
const at = (iso: string) => Date.parse(iso)

describe('session validity: same calendar day and under 24 hours', () => {
  it('is valid a moment after issue', () => {
    expect(isSessionValid(at('2026-11-22T08:00:00Z'), at('2026-11-22T08:00:01Z'), BERLIN)).toBe(true)
  })

  it('ends at midnight in the portal time zone, not UTC', () => {
    // 22:59:59Z is 23:59:59 in Berlin (CET, UTC+1) — still the same day there.
    expect(isSessionValid(at('2026-11-22T08:00:00Z'), at('2026-11-22T22:59:59Z'), BERLIN)).toBe(true)
    // 23:00:00Z is midnight in Berlin: the next calendar day.
    expect(isSessionValid(at('2026-11-22T08:00:00Z'), at('2026-11-22T23:00:00Z'), BERLIN)).toBe(false)
  })

  it('uses the summer offset in summer', () => {
    // CEST is UTC+2: 21:59:59Z is 23:59:59 local.
    expect(isSessionValid(at('2026-07-01T06:00:00Z'), at('2026-07-01T21:59:59Z'), BERLIN)).toBe(true)
    expect(isSessionValid(at('2026-07-01T06:00:00Z'), at('2026-07-01T22:00:00Z'), BERLIN)).toBe(false)
  })

  it('a token from yesterday is invalid even if less than 24 hours old', () => {
    expect(isSessionValid(at('2026-11-21T22:30:00Z'), at('2026-11-22T06:00:00Z'), BERLIN)).toBe(false)
  })

  it('is never valid for 24 hours or more, whatever the time zone says', () => {
    // In a zone far from UTC the same "day" check would pass; the age rule still ends it.
    expect(isSessionValid(at('2026-11-22T00:00:00Z'), at('2026-11-23T00:00:00Z'), 'UTC')).toBe(false)
    expect(isSessionValid(0, 86_400_000, 'UTC')).toBe(false)
    expect(isSessionValid(0, 86_399_999, 'UTC')).toBe(true)
  })

  it('rejects tokens issued in the future', () => {
    expect(isSessionValid(at('2026-11-22T10:00:01Z'), at('2026-11-22T10:00:00Z'), BERLIN)).toBe(false)
  })

  it('expires at the next local midnight', () => {
    expect(sessionExpiry(at('2026-11-22T08:00:00Z'), BERLIN)).toBe(at('2026-11-22T23:00:00Z'))
    expect(sessionExpiry(at('2026-07-01T06:00:00Z'), BERLIN)).toBe(at('2026-07-01T22:00:00Z'))
  })

  it('handles the day clocks change (23 and 25 hour days)', () => {
    // 29 March 2026: clocks go forward at 02:00 local; the day ends 22:00Z.
    expect(sessionExpiry(at('2026-03-29T00:30:00Z'), BERLIN)).toBe(at('2026-03-29T22:00:00Z'))
    // 25 October 2026: clocks go back; the day ends 23:00Z.
    expect(sessionExpiry(at('2026-10-25T00:30:00Z'), BERLIN)).toBe(at('2026-10-25T23:00:00Z'))
    expect(calendarDay(at('2026-10-25T22:59:59Z'), BERLIN)).toBe('2026-10-25')
  })
})
