import { z } from 'zod'
import { pagePastEnd } from './paging'
import { PERMISSIONS } from '../domain/permissions'
import { USERS_PER_PAGE } from '../domain/limits'
import { NO_BODY, NO_PARAMS, defineEndpoint } from './endpoint'
import { pair } from './envelope'

// Contacts area: the user list of manage-users (spec sections 2 and 7).
export const USER_SORTS = ['email', 'name', 'company', 'last_login'] as const

export const listedUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  company: pair(z.number().int()),
  is_active: z.boolean(),
  dealer_admin: z.boolean(),
  groups: z.array(z.enum(PERMISSIONS)),
  last_login: z.string().nullable(),
})
export type ListedUser = z.infer<typeof listedUser>

export const contactListEndpoint = defineEndpoint({
  id: 'contacts.list',
  area: 'contacts',
  method: 'GET',
  path: '/vue/contact/list/',
  summary: 'Users of the companies in scope, active (active=1) or inactive (active=0), paged, filtered by e-mail.',
  access: { kind: 'permission', permission: 'MANAGE_USERS' },
  failures: [404],
  failureData: { 404: pagePastEnd },
  params: NO_PARAMS,
  query: z.object({
    active: z.enum(['1', '0']).default('1'),
    email: z.string().max(254).default(''),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    number_per_page: z.coerce.number().int().min(1).max(200).default(USERS_PER_PAGE),
    sort: z.enum([...USER_SORTS, ...USER_SORTS.map((key) => `-${key}` as const)]).default('email'),
  }),
  body: NO_BODY,
  data: z.object({ users: z.array(listedUser), pages: z.number().int(), no_of_users: z.number().int() }),
})
