import { z } from 'zod'
import { parseRecordId } from '../../src/contract/record-id'

// `?cid=` of the company screens: the company a screen acts on. A value that names no record
// (abc, -1, 99999999999) or none at all is null, and the screen says so instead of calling.
export const cidSearch = z.object({
  cid: z
    .unknown()
    .transform((raw) => (typeof raw === 'string' || typeof raw === 'number' ? parseRecordId(String(raw)) : null))
    .catch(null),
})
export type CidSearch = z.output<typeof cidSearch>

/** A record id that names no record (abc, -1, 1.5, 99999999999): the route answers the not-found page. */
export const NO_RECORD = 0

/** A record id in the URL that may be left out (undefined then); one naming no record is NO_RECORD. */
export const optionalRecordId = z
  .union([z.number(), z.string()])
  .optional()
  .transform((raw) => (raw === undefined ? undefined : (parseRecordId(String(raw)) ?? NO_RECORD)))
  .catch(NO_RECORD)
