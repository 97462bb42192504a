import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { z } from 'zod'
import { contactListEndpoint } from '../../../src/contract/contacts'
import { callPagedForBrowser } from '../../../src/server/vue/call-paged.server'
import { unwrap } from '../../ui/call-result'
import { callContext } from '../session/request-context.server'

// The contacts area's server functions (manage-users).
export const contactListFn = createServerFn({ method: 'GET' })
  .validator(contactListEndpoint.query)
  .handler(({ data }) => callPagedForBrowser(contactListEndpoint, { params: {}, query: data, body: undefined }, callContext()))

export type ContactListInput = z.input<typeof contactListEndpoint.query>

export const contactListQueryOptions = (input: ContactListInput) =>
  queryOptions({ queryKey: ['contacts', 'list', input], queryFn: async () => unwrap(await contactListFn({ data: input })) })
