import { z } from 'zod'
import { COMPANY_FIELD_MAX } from '../domain/company-fields'
import { companyId } from './companies'
import { NO_BODY, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { countryCode, emailOrBlank } from './field-rules'

// Delivery addresses of a company (decision 031): the overview
// with its select and active switches, create, and edit. Exactly one active address of a
// company with addresses is its delivery address; the database holds to that.
export const addressId = companyId

export const deliveryAddress = z
  .object({
    id: z.number().int(),
    name1: z.string(),
    name2: z.string(),
    address1: z.string(),
    address2: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    phone: z.string(),
    mobile: z.string(),
    email: z.string(),
    active: z.boolean(),
    is_delivery: z.boolean(),
  })
  .meta({ id: 'DeliveryAddress' })
export type DeliveryAddress = z.infer<typeof deliveryAddress>

export const deliveryListEndpoint = defineEndpoint({
  id: 'delivery.list',
  area: 'delivery',
  method: 'GET',
  path: '/vue/company/{id}/delivery-addresses/',
  summary: 'Every delivery address of the company (the delivery address first, then active ones, by name) and the country choices of the form.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.id' },
  params: z.object({ id: companyId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ addresses: z.array(deliveryAddress), country_choices: z.array(pair(z.string())), company: pair(z.number().int()) }),
})

const addressParams = z.object({ cid: companyId, id: addressId })

export const setDeliveryEndpoint = defineEndpoint({
  id: 'delivery.set-delivery',
  area: 'delivery',
  method: 'POST',
  path: '/vue/company/{cid}/address/{id}/set-delivery/',
  summary: 'Makes an active address the delivery address; the old one loses the mark in the same transaction. The answer names both.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.cid' },
  failures: [404, 409],
  params: addressParams,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ old: deliveryAddress.nullable(), new: deliveryAddress }),
})

/** `inactive` as JSON true/false, or as a form would send it ("true", "1", "on", "false", "0"). */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((value) => value === 'true' || value === '1' || value === 'on')])

export const changeInactiveEndpoint = defineEndpoint({
  id: 'delivery.change-inactive',
  area: 'delivery',
  method: 'POST',
  path: '/vue/company/{cid}/address/{id}/change-inactive/',
  summary: 'Sets whether an address is inactive ({inactive: true}) or active again. The delivery address cannot be made inactive.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.cid' },
  failures: [404, 409],
  params: addressParams,
  query: NO_QUERY,
  body: z.object({ inactive: flag }),
  form: true,
  data: z.object({ address: deliveryAddress }),
})

const text = (max: number) => z.string().trim().max(max).default('')
const optionalText = (max: number) => z.string().trim().max(max).optional()
const required = (max: number) => z.string().trim().min(1).max(max)
const email = emailOrBlank(COMPANY_FIELD_MAX.email).toLowerCase()

/** A new address: name1, zip, city, address1, country and phone required; email valid if given. */
export const addressCreateInput = z.object({
  name1: required(COMPANY_FIELD_MAX.name1),
  name2: text(COMPANY_FIELD_MAX.name2),
  address1: required(COMPANY_FIELD_MAX.address1),
  address2: text(COMPANY_FIELD_MAX.address2),
  zip: required(COMPANY_FIELD_MAX.zip),
  city: required(COMPANY_FIELD_MAX.city),
  country: countryCode(),
  phone: required(COMPANY_FIELD_MAX.phone),
  mobile: text(COMPANY_FIELD_MAX.mobile),
  email: email.default(''),
})
export type AddressCreateInput = z.input<typeof addressCreateInput>

export const addressCreateEndpoint = defineEndpoint({
  id: 'delivery.create',
  area: 'delivery',
  method: 'POST',
  path: '/vue/company/{cid}/address/new/',
  summary: 'A new active address of the company; the first address of a company becomes its delivery address.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.cid' },
  failures: [409],
  params: z.object({ cid: companyId }),
  query: NO_QUERY,
  body: addressCreateInput,
  form: true,
  data: z.object({ address: deliveryAddress }),
})

/**
 * A field of the address itself in an edit: read-only. A client may send back
 * the address it read, so the value as stored (in any case) passes; another one is refused,
 * never silently dropped (decision 019).
 */
const readOnly = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .meta({ readOnly: true, description: 'Read-only: leave it out, or send it as read (compared ignoring case); any other value is refused with 400.' })

/**
 * An edit: only name1 and phone are required; name2, mobile and email left
 * out keep their stored values ('' clears them). The address fields are read-only.
 */
export const addressEditInput = z.object({
  name1: required(COMPANY_FIELD_MAX.name1),
  name2: optionalText(COMPANY_FIELD_MAX.name2),
  phone: required(COMPANY_FIELD_MAX.phone),
  mobile: optionalText(COMPANY_FIELD_MAX.mobile),
  email: email.optional(),
  address1: readOnly(COMPANY_FIELD_MAX.address1),
  address2: readOnly(COMPANY_FIELD_MAX.address2),
  zip: readOnly(COMPANY_FIELD_MAX.zip),
  city: readOnly(COMPANY_FIELD_MAX.city),
  country: readOnly(2),
})
export type AddressEditInput = z.input<typeof addressEditInput>
export const READ_ONLY_ADDRESS_FIELDS = ['address1', 'address2', 'zip', 'city', 'country'] as const

export const addressEditEndpoint = defineEndpoint({
  id: 'delivery.edit',
  area: 'delivery',
  method: 'POST',
  path: '/vue/company/{cid}/address/{id}/edit/',
  summary:
    'Changes the name, phone, mobile and e-mail of an active address. name1 and phone are required; name2, mobile and email left out keep their stored values. The address fields (address1, address2, zip, city, country) are read-only: leave them out or send them as read; another value is refused with 400.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.cid' },
  failures: [404, 409],
  params: addressParams,
  query: NO_QUERY,
  body: addressEditInput,
  form: true,
  data: z.object({ address: deliveryAddress, changed: z.array(z.string()) }),
})
