import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import {
  activationLinkEndpoint,
  companyContactsEndpoint,
  contactCreateEndpoint,
  contactDeleteEndpoint,
  contactDetailEndpoint,
  contactEditEndpoint,
} from '../../../src/contract/contacts'
import { fnInput, type FlatInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// contacts-overview, contacts-create and contact-edit
// (docs/decisions/031-delivery-addresses-and-contacts.md): the server functions derived from their
// endpoints, and the query options the routes prefetch with.
export const companyContactsFn = createServerFn(fnMethod<typeof companyContactsEndpoint>('GET'))
  .validator(fnInput(companyContactsEndpoint))
  .handler(fnAnswer(companyContactsEndpoint))
export const contactDetailFn = createServerFn(fnMethod<typeof contactDetailEndpoint>('GET'))
  .validator(fnInput(contactDetailEndpoint))
  .handler(fnAnswer(contactDetailEndpoint))
export const contactDeleteFn = createServerFn(fnMethod<typeof contactDeleteEndpoint>('POST'))
  .validator(fnInput(contactDeleteEndpoint))
  .handler(fnAnswer(contactDeleteEndpoint))
export const activationLinkFn = createServerFn(fnMethod<typeof activationLinkEndpoint>('GET'))
  .validator(fnInput(activationLinkEndpoint))
  .handler(fnAnswer(activationLinkEndpoint))

// A refusal's messages by field (409 e-mail taken: data.fields.email) come as the failure's `fields`.
export const contactCreateFn = createServerFn(fnMethod<typeof contactCreateEndpoint>('POST'))
  .validator(fnInput(contactCreateEndpoint))
  .handler(fnAnswer(contactCreateEndpoint))
export const contactEditFn = createServerFn(fnMethod<typeof contactEditEndpoint>('POST'))
  .validator(fnInput(contactEditEndpoint))
  .handler(fnAnswer(contactEditEndpoint))

export type CompanyContactsInput = FlatInput<typeof companyContactsEndpoint>

export const companyContactsQueryOptions = (input: CompanyContactsInput) =>
  queryOptions({
    queryKey: ['contacts', 'company', input.id, input],
    queryFn: async () => unwrap(await companyContactsFn({ data: input })),
  })

export const contactDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['contacts', 'detail', id], queryFn: async () => unwrap(await contactDetailFn({ data: { id } })) })
