import { z } from 'zod'
import { sortOf } from './paging'
import { PERMISSIONS } from '../domain/permissions'
import { USERS_PER_PAGE } from '../domain/limits'
import { CONTACT_FIELD_MAX } from '../domain/contact-fields'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { LOCALES, pair } from './envelope'
import { emailAddress } from './field-rules'
import { USER_SORTS } from '../domain/sorts'

// Contacts area: the user list of manage-users.
export { USER_SORTS }

export const listedUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    company: pair(z.number().int()),
    is_active: z.boolean(),
    dealer_admin: z.boolean(),
    groups: z.array(z.enum(PERMISSIONS)),
    last_login: z.string().nullable(),
  })
  .meta({ id: 'ListedUser' })
export type ListedUser = z.infer<typeof listedUser>

export const contactListEndpoint = defineEndpoint({
  id: 'contacts.list',
  area: 'contacts',
  method: 'GET',
  path: '/vue/contact/list/',
  summary: 'Users of the companies in scope, active (active=1) or inactive (active=0), paged, filtered by e-mail.',
  access: { kind: 'permission', permission: 'MANAGE_USERS' },
  failures: [404],
  paged: true,
  params: NO_PARAMS,
  query: z.object({
    active: z.enum(['1', '0']).default('1'),
    email: z.string().max(254).default(''),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    number_per_page: z.coerce.number().int().min(1).max(200).default(USERS_PER_PAGE),
    sort: sortOf(USER_SORTS).default('email'),
  }),
  body: NO_BODY,
  data: z.object({ users: z.array(listedUser), pages: z.number().int(), no_of_users: z.number().int() }),
})

// The contacts of one company and a contact's own screens (decision 031):
// contacts-overview, contacts-create and contact-edit.
export const contactId = z.coerce.number().int().positive().max(2_147_483_647)
const companyRef = z.coerce.number().int().positive().max(2_147_483_647)

export const companyContact = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    first_name: z.string(),
    middle_name: z.string(),
    last_name: z.string(),
    language: z.enum(LOCALES),
    company: pair(z.number().int()),
    dealer_admin: z.boolean(),
    opt_out: z.boolean(),
    is_active: z.boolean(),
    /** The same as is_active (the spec names both). */
    active: z.boolean(),
    last_login: z.string().nullable(),
  })
  .meta({ id: 'Contact' })
export type CompanyContact = z.infer<typeof companyContact>

export const companyContactsEndpoint = defineEndpoint({
  id: 'contacts.company',
  area: 'contacts',
  method: 'GET',
  path: '/vue/company/{id}/contacts/',
  summary:
    'The contacts of one company, by name. Without parameters every one of them; ?active=1 or 0 narrows to active or inactive ones, ?search= to names and e-mails containing it, ?page= (with ?number_per_page=) answers one page.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  scope: { company: 'params.id' },
  failures: [404],
  paged: true,
  params: z.object({ id: companyRef }),
  query: z.object({
    active: z.enum(['1', '0', '']).default(''),
    search: z.string().trim().max(254).default(''),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    number_per_page: z.coerce.number().int().min(1).max(200).default(USERS_PER_PAGE),
  }),
  body: NO_BODY,
  data: z.object({ contacts: z.array(companyContact), company: pair(z.number().int()), pages: z.number().int(), no_of_contacts: z.number().int() }),
})

export const contactDetail = companyContact
  .extend({
    /** Companies the contact may be moved to: the caller's scope, nearest first (at most CONTACT_PARENT_CHOICES). */
    parent_choices: z.array(pair(z.number().int())),
    /** Always null here: a link is made (and the older one ended) only by activation-link. */
    actLink: z.string().nullable(),
    /** Whether this is the caller. */
    is_self: z.boolean(),
  })
  .meta({ id: 'ContactDetail' })
export type ContactDetail = z.infer<typeof contactDetail>

export const contactDetailEndpoint = defineEndpoint({
  id: 'contacts.detail',
  area: 'contacts',
  method: 'GET',
  path: '/vue/contact/{id}/detail/',
  summary: 'One contact of a company in the caller’s scope, with the companies it may be moved to.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  failures: [404],
  params: z.object({ id: contactId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: contactDetail,
})

const nameField = (max: number) => z.string().trim().max(max)
// A checkbox as JSON true/false or as a form sends it.
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')

/** The contact fields: email required and valid, first_name required. */
export const contactFields = z.object({
  email: emailAddress(CONTACT_FIELD_MAX.email).toLowerCase(),
  first_name: z.string().trim().min(1).max(CONTACT_FIELD_MAX.name),
  middle_name: nameField(CONTACT_FIELD_MAX.name).default(''),
  last_name: nameField(CONTACT_FIELD_MAX.name).default(''),
  language: z.enum(LOCALES).default('de'),
  // Defaults of the input (prefault), so the document says them: false unless asked for.
  dealer_admin: flag.prefault(false),
  opt_out: flag.prefault(false),
})
export type ContactFields = z.input<typeof contactFields>

export const contactCreateEndpoint = defineEndpoint({
  id: 'contacts.create',
  area: 'contacts',
  method: 'POST',
  path: '/vue/company/{id}/create/contact/',
  summary:
    'A new contact of the company. It gets an activation link by mail (and in the answer) to set its password. dealer_admin only from a caller who is one. The same create sent again within minutes (same caller, same fields, not yet activated) answers that contact again with a new link.',
  access: { kind: 'permission', permission: 'CAN_CREATE_CONTACTS' },
  scope: { company: 'params.id' },
  failures: [409],
  params: z.object({ id: companyRef }),
  query: NO_QUERY,
  body: contactFields,
  form: true,
  data: z.object({ id: z.number().int(), contact: pair(z.number().int()), act_link: z.string() }),
})

/**
 * An edit changes what it names: e-mail and first name are required (as on every contact form);
 * a field left out keeps its stored value — a minimal edit never clears a newsletter opt-out or
 * demotes a dealer admin (decision 031).
 */
export const contactEditInput = contactFields.extend({
  middle_name: nameField(CONTACT_FIELD_MAX.name).optional(),
  last_name: nameField(CONTACT_FIELD_MAX.name).optional(),
  language: z.enum(LOCALES).optional(),
  dealer_admin: flag.optional(),
  opt_out: flag.optional(),
  /** The company (an id, or the [id, name] pair detail answers); within the caller's scope. */
  company: z
    .union([
      z.tuple([z.number().int().positive().max(2_147_483_647), z.string()]).transform(([id]) => id),
      z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().positive().max(2_147_483_647)),
    ])
    .optional(),
  is_active: flag.optional(),
  active: flag.optional(),
})
export type ContactEditInput = z.input<typeof contactEditInput>

export const contactEditEndpoint = defineEndpoint({
  id: 'contacts.edit',
  area: 'contacts',
  method: 'POST',
  path: '/vue/contact/{id}/edit/',
  summary:
    'Changes a contact: names, e-mail, language, newsletter, active, dealer admin, and its company (one of parent_choices, within scope). email and first_name are required; every other field left out keeps its stored value. A company keeps at least one active dealer admin; nobody deactivates themselves.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  failures: [404, 409],
  params: z.object({ id: contactId }),
  query: NO_QUERY,
  body: contactEditInput,
  form: true,
  data: z.object({ contact: contactDetail, changed: z.array(z.string()) }),
})

export const contactDeleteEndpoint = defineEndpoint({
  id: 'contacts.delete',
  area: 'contacts',
  method: 'DELETE',
  path: '/vue/contact/{id}/delete/',
  summary: 'Deletes a contact; its sessions end at once. Never the caller, nor the last active dealer admin of a company.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  failures: [404, 409],
  params: z.object({ id: contactId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ id: z.number().int(), email: z.string() }),
})

export const activationLinkEndpoint = defineEndpoint({
  id: 'contacts.activation-link',
  area: 'contacts',
  method: 'GET',
  path: '/vue/contact/{id}/activation-link/',
  summary:
    'A new activation link for the contact (the older one stops working): it leads to the screen where the contact sets a password, for 7 days. Never for the caller.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  failures: [404, 409],
  params: z.object({ id: contactId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ act_link: z.string(), valid_until: z.string() }),
})
