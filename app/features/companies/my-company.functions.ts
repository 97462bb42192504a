import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { companyInfoEndpoint, type CompanyInfo } from '../../../src/contract/companies'
import type { Locale } from '../../../src/contract/envelope'
import { fnInput } from '../../../src/contract/endpoint-fn'
import type { Result } from '../../../src/contract/result'
import { callEndpoint, callForBrowser } from '../../../src/server/endpoint/call.server'
import { unwrap } from '../../ui/call-result'
import { callContext, storedUser, updateStoredUser } from '../../request/session-cookies.server'

// my-company: company info for the screen. The save is a browser upload (/upload/company-edit,
// multipart with the logo), not a server function.

/** The entity without `children` (unknown[] in the contract, empty from info; not serializable as such). */
export type MyCompany = Omit<CompanyInfo, 'children'>

export const myCompanyInfoFn = createServerFn({ method: 'GET' })
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }): Promise<Result<MyCompany>> => {
    const answer = await callForBrowser(companyInfoEndpoint, data, callContext())
    if (!answer.status) return answer
    const { children: _children, ...company } = answer.data
    const shown: MyCompany = company
    return { status: true, messages: answer.messages, data: shown }
  })

// Labels of the choices are in the page's language: the language is part of the key.
export const myCompanyQueryOptions = (id: number, locale: Locale) =>
  queryOptions({ queryKey: ['companies', id, 'info', locale], queryFn: async () => unwrap(await myCompanyInfoFn({ data: { id } })) })

/**
 * After a save: the session's copy of the own company (its name in the user menu, its lines)
 * is read again, so the navbar does not show the old name until the next login.
 */
export const refreshOwnCompanyFn = createServerFn({ method: 'POST' }).handler(async (): Promise<null> => {
  const context = callContext()
  const user = storedUser()
  if (!context.token || !user) return null
  const info = await callEndpoint(companyInfoEndpoint, { params: { id: user.company[0] }, query: {}, body: undefined }, context)
  if (info.status) updateStoredUser((stored) => ({ ...stored, company: [info.data.id, info.data.name1], lines: info.data.lines }))
  return null
})
