import { z } from 'zod'
import { USER_SORTS } from '../../../src/contract/contacts'

// /manage-users/ search params: e-mail filter, active or inactive, sort and page.
export const manageUsersSearch = z.object({
  email: z.string().max(254).default('').catch(''),
  active: z.enum(['1', '0']).default('1').catch('1'),
  sort: z
    .enum([...USER_SORTS, ...USER_SORTS.map((key) => `-${key}` as const)])
    .default('email')
    .catch('email'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
})
export type ManageUsersSearch = z.infer<typeof manageUsersSearch>
export const MANAGE_USERS_DEFAULTS = { email: '', active: '1', sort: 'email', page: 1 } as const
