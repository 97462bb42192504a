import { z } from 'zod'
import { parseRecordId } from '../../../src/contract/record-id'
import { safeRedirectPath } from '../../../src/domain/landing'

// The query of the delivery screens: ?cid= names the company (left out: the caller's own), a
// value that names no record is BAD_ID (the route answers not-found for a cid; the edit
// screen says so for an address). ?redirect= is kept only when it is a portal path.
export const BAD_ID = 0

const recordId = z
  .union([z.number(), z.string()])
  .optional()
  .transform((raw) => (raw === undefined ? undefined : (parseRecordId(String(raw)) ?? BAD_ID)))
  .catch(BAD_ID)

export const deliverySearch = z.object({ cid: recordId })
export type DeliverySearch = z.output<typeof deliverySearch>

export const deliveryEditSearch = z.object({
  cid: recordId,
  address: recordId,
  redirect: z
    .string()
    .optional()
    .transform((value) => safeRedirectPath(value) ?? undefined)
    .catch(undefined),
})
export type DeliveryEditSearch = z.output<typeof deliveryEditSearch>
