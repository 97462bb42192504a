import { z } from 'zod'
import { ACTIVITY_TARGET_MAX } from '../domain/activity-target'
import { defineEndpoint, NO_BODY, NO_PARAMS } from './endpoint'

// The activity trail (decision 053): who did what, as whom, on which company.
export const ACTIVITY_PER_PAGE = 50
const id = z.coerce.number().int().positive().max(2_147_483_647)
// A day of the calendar PostgreSQL reads (it has no year 0).
const day = z.iso.date().refine((value) => value >= '0001-01-01')

// What the trail keeps of a field or a fact: JSON values, nested at most four deep (a company
// edit's fields hold from/to pairs of lists). Not recursive: typed clients generated from the
// OpenAPI document could not compile a type that names itself.
const plain = z.union([z.string(), z.number(), z.boolean(), z.null()])
const nest = <T extends z.ZodType>(inner: T) => z.union([plain, z.array(inner), z.record(z.string(), inner)])
const value = nest(nest(nest(plain)))

const person = z.object({ id: z.number().int(), email: z.string().nullable() }).meta({ id: 'ActivityPerson' })

export const activityEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** The real person; null for the admin command and a sign-in to no account. */
    actor: person.nullable(),
    /** The user the actor was acting as (switch user); null when acting as themselves. */
    acting_as: person.nullable(),
    company: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    action: z.string(),
    outcome: z.enum(['done', 'refused']),
    target: z.string().nullable(),
    changes: z.record(z.string(), z.tuple([value, value])).nullable(),
    details: z.record(z.string(), value).nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'ActivityEntry' })
export type ActivityEntry = z.infer<typeof activityEntry>

export const activityQuery = z.object({
  company: id.optional(),
  actor: id.optional(),
  action: z.string().trim().max(100).optional(),
  target: z
    .string()
    .max(ACTIVITY_TARGET_MAX)
    .optional()
    .describe(
      'The rows of one record, matched exactly as written (case and spaces too): `user 17` (a contact), `delivery_address 5`, `company 4`. Empty: no filter.',
    ),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  number_per_page: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PER_PAGE),
})

export const activityListEndpoint = defineEndpoint({
  id: 'activity.list',
  area: 'activity',
  method: 'GET',
  path: '/vue/activity/',
  summary:
    "The activity trail, newest first and paged: each write and refused sign-in with the real person, the user acted as, the company, the action, its target and changed fields. A dealer admin reads their company's and its sub-companies' rows (staff: every row); `company` outside that is 403. `action` matches the action's name or its start (`delivery.`); `target` matches the rows' target exactly, as it is written (`user 17` for a contact, `delivery_address 5` for a delivery address, `company 4`), within the caller's scope only: a target of a company outside it gives no rows; `from` and `to` are days (UTC), both included.",
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  scope: { company: 'query.company' },
  failures: [404],
  paged: true,
  params: NO_PARAMS,
  query: activityQuery,
  body: NO_BODY,
  data: z.object({ entries: z.array(activityEntry), pages: z.number().int(), no_of_entries: z.number().int() }),
})
