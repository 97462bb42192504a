import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { createSubCompanyEndpoint } from '../../../src/contract/company-parent'
import { companyInfoEndpoint } from '../../../src/contract/companies'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { countryCodesEndpoint } from '../../../src/contract/session'
import { unwrap } from '../../ui/call-result'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/session-cookies.server'

// company-create: the country choices, the parent's name, and the new sub-company.
export const countryCodesFn = createServerFn(fnMethod<typeof countryCodesEndpoint>('GET'))
  .validator(fnInput(countryCodesEndpoint))
  .handler(fnAnswer(countryCodesEndpoint))
// The parent's name for the heading: company info carries far more (and fields a server
// function cannot serialise), so only the pair travels.
export const parentNameFn = createServerFn({ method: 'GET' })
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }): Promise<Result<[number, string]>> => {
    const info = await callEndpoint(companyInfoEndpoint, data, callContext())
    return info.status ? { status: true, messages: info.messages, data: [info.data.id, info.data.name1] } : failureForBrowser(info)
  })
export const createSubCompanyFn = createServerFn(fnMethod<typeof createSubCompanyEndpoint>('POST'))
  .validator(fnInput(createSubCompanyEndpoint))
  .handler(fnAnswer(createSubCompanyEndpoint))

export const countryChoicesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['countries', locale], queryFn: async () => unwrap(await countryCodesFn({ data: {} })).country_choices, staleTime: 60 * 60_000 })

export const parentNameQueryOptions = (cid: number) =>
  queryOptions({ queryKey: ['companies', cid, 'name'], queryFn: async () => unwrap(await parentNameFn({ data: { id: cid } })) })
