import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
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
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/request-context.server'

// contacts-overview, contacts-create and contact-edit (issue 18): the server functions derived
// from their endpoints, and the query options the routes prefetch with.
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

// A refusal's messages by field (409 e-mail taken: data.fields.email), for the form layer.
const fieldProblems = z.object({ fields: z.record(z.string(), z.array(z.string())).optional() })
function fieldsOf(data: unknown): Record<string, string[]> {
  return fieldProblems.safeParse(data).data?.fields ?? {}
}

export const contactCreateFn = createServerFn(fnMethod<typeof contactCreateEndpoint>('POST'))
  .validator(fnInput(contactCreateEndpoint))
  .handler(async ({ data }) => {
    const answer = await callEndpoint(contactCreateEndpoint, data, callContext())
    if (answer.status) return { status: true as const, data: answer.data }
    return { status: false as const, messages: answer.messages, fields: fieldsOf(answer.data) }
  })

export const contactEditFn = createServerFn(fnMethod<typeof contactEditEndpoint>('POST'))
  .validator(fnInput(contactEditEndpoint))
  .handler(async ({ data }) => {
    const answer = await callEndpoint(contactEditEndpoint, data, callContext())
    if (answer.status) return { status: true as const, data: answer.data }
    return { status: false as const, messages: answer.messages, fields: fieldsOf(answer.data) }
  })

export type CompanyContactsInput = FlatInput<typeof companyContactsEndpoint>

export const companyContactsQueryOptions = (input: CompanyContactsInput) =>
  queryOptions({
    queryKey: ['contacts', 'company', input.id, input],
    queryFn: async () => unwrap(await companyContactsFn({ data: input })),
  })

export const contactDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['contacts', 'detail', id], queryFn: async () => unwrap(await contactDetailFn({ data: { id } })) })
