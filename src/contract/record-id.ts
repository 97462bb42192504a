// Record ids are PostgreSQL int4 serials. Anything outside 1 … 2,147,483,647 names no record,
// and passing it on would make the database fail (integer out of range) instead of answering.
export const MAX_RECORD_ID = 2_147_483_647

/** A record id written as text (a URL segment, a token's subject): digits only, in range. */
export function parseRecordId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= MAX_RECORD_ID ? id : null
}
