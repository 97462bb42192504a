import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { companyInfoEndpoint, type CompanyInfo } from '../../../src/contract/companies'
import type { Locale } from '../../../src/contract/envelope'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { callForBrowser } from '../../../src/server/endpoint/call.server'
import { unwrap } from '../../ui/call-result'
import { callContext } from '../../request/request-context.server'

// my-company: company info for the screen. The save is a browser upload (/upload/company-edit,
// multipart with the logo), not a server function.

/** The entity without `children` (unknown[] in the contract, empty from info; not serializable as such). */
export type MyCompany = Omit<CompanyInfo, 'children'>

export const myCompanyInfoFn = createServerFn({ method: 'GET' })
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }) => {
    const answer = await callForBrowser(companyInfoEndpoint, data, callContext())
    if (!answer.status) return answer
    const { children: _children, ...company } = answer.data
    const shown: MyCompany = company
    return { status: true as const, messages: answer.messages, data: shown }
  })

// Labels of the choices are in the page's language: the language is part of the key.
export const myCompanyQueryOptions = (id: number, locale: Locale) =>
  queryOptions({ queryKey: ['companies', id, 'info', locale], queryFn: async () => unwrap(await myCompanyInfoFn({ data: { id } })) })
