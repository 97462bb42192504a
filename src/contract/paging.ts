import { z } from 'zod'
import { sortKeys } from '../domain/sorts'

// Paged lists (price logs, log rows, baskets, users): a page past the last is a 404 whose
// data names the page asked for and how many there are — never the last page in its place.
export const pagePastEnd = z.object({ page: z.number().int(), pages: z.number().int() }).meta({ id: 'PagePastEnd' })
export type PagePastEnd = z.infer<typeof pagePastEnd>

/** A sort parameter: one of the keys, ascending, or with a leading "-" descending. */
export const sortOf = <T extends string>(keys: ReadonlyArray<T>) => z.enum(sortKeys(keys))
