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
