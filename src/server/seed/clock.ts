// Every seeded instant is relative to this fixed moment (never Date.now()), for reproducibility.
export const SEED_BASE_DATE = new Date('2026-11-01T08:00:00Z')

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export function daysBefore(days: number, minutes = 0): Date {
  return new Date(SEED_BASE_DATE.getTime() - days * DAY_MS - minutes * MINUTE_MS)
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS)
}
