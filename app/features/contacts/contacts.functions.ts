import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { contactListEndpoint } from '../../../src/contract/contacts'
import { passwordChangeLinkEndpoint } from '../../../src/contract/password'
import { endUserSessionsEndpoint } from '../../../src/contract/user-sessions'
import { fnInput, type FlatInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The contacts area's server functions (manage-users), derived from their endpoints.
export const contactListFn = createServerFn(fnMethod<typeof contactListEndpoint>('GET'))
  .validator(fnInput(contactListEndpoint))
  .handler(fnAnswer(contactListEndpoint))

export type ContactListInput = FlatInput<typeof contactListEndpoint>

export const contactListQueryOptions = (input: ContactListInput) =>
  queryOptions({ queryKey: ['contacts', 'list', input], queryFn: async () => unwrap(await contactListFn({ data: input })) })

export const passwordChangeLinkFn = createServerFn(fnMethod<typeof passwordChangeLinkEndpoint>('POST'))
  .validator(fnInput(passwordChangeLinkEndpoint))
  .handler(fnAnswer(passwordChangeLinkEndpoint))

export const endUserSessionsFn = createServerFn(fnMethod<typeof endUserSessionsEndpoint>('POST'))
  .validator(fnInput(endUserSessionsEndpoint))
  .handler(fnAnswer(endUserSessionsEndpoint))
