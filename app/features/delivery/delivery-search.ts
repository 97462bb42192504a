import { z } from 'zod'
import { optionalRecordId } from '../../ui/cid-search'
import { safeRedirectPath } from '../../../src/domain/landing'

// The query of the delivery screens: ?cid= names the company (left out: the caller's own), a
// value that names no record is NO_RECORD (the route answers not-found for a cid; the edit
// screen says so for an address). ?redirect= is kept only when it is a portal path.
export const deliverySearch = z.object({ cid: optionalRecordId })
export type DeliverySearch = z.output<typeof deliverySearch>

export const deliveryEditSearch = z.object({
  cid: optionalRecordId,
  address: optionalRecordId,
  redirect: z
    .string()
    .optional()
    .transform((value) => safeRedirectPath(value) ?? undefined)
    .catch(undefined),
})
export type DeliveryEditSearch = z.output<typeof deliveryEditSearch>
