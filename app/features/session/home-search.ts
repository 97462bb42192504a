import { z } from 'zod'

// ?redirect= brings a user back after login; only paths on this portal are followed.
export const homeSearch = z.object({ redirect: z.string().max(2000).optional().catch(undefined) })
