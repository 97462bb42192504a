import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { companyInfoEndpoint, type CompanyInfo } from '../../../src/contract/companies'
import { companySearchEndpoint, subCompaniesEndpoint } from '../../../src/contract/company-tree'
import { TREE_PAGE_SIZE } from '../../../src/domain/limits'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'
import { callContext } from '../../request/session-cookies.server'

// The companies tree's server functions (derived from their /vue/ endpoints), its query
// options, and shop-as.
export const subCompaniesFn = createServerFn(fnMethod<typeof subCompaniesEndpoint>('GET'))
  .validator(fnInput(subCompaniesEndpoint))
  .handler(fnAnswer(subCompaniesEndpoint))
export const companySearchFn = createServerFn(fnMethod<typeof companySearchEndpoint>('GET'))
  .validator(fnInput(companySearchEndpoint))
  .handler(fnAnswer(companySearchEndpoint))

/** What the tree needs of company info: the name and the breadcrumbs from the user's own company. */
export const treeCompanyFn = createServerFn(fnMethod<typeof companyInfoEndpoint>('GET'))
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }): Promise<Result<Pick<CompanyInfo, 'id' | 'name1' | 'breadcrumbs'>>> => {
    const info = await callEndpoint(companyInfoEndpoint, data, callContext())
    if (!info.status) return failureForBrowser(info)
    return { status: true, messages: info.messages, data: { id: info.data.id, name1: info.data.name1, breadcrumbs: info.data.breadcrumbs } }
  })

export const treeCompanyQuery = (id: number) =>
  queryOptions({ queryKey: ['companies', id, 'info'], queryFn: async () => unwrap(await treeCompanyFn({ data: { id } })) })

/** The root of a tree: the company as a node with the first page of its children. */
export const treeRootQuery = (id: number) =>
  queryOptions({
    queryKey: ['companies', id, 'root'],
    queryFn: async () => unwrap(await subCompaniesFn({ data: { id, root: '1', limit: TREE_PAGE_SIZE, offset: 0 } })),
  })

/** One page of a company's children, in name order. */
export const treeChildrenQuery = (id: number, offset: number) =>
  queryOptions({
    queryKey: ['companies', id, 'children', offset],
    queryFn: async () => unwrap(await subCompaniesFn({ data: { id, root: '0', limit: TREE_PAGE_SIZE, offset } })),
  })

export const treeSearchQuery = (id: number, term: string) =>
  queryOptions({
    queryKey: ['companies', id, 'search', term],
    queryFn: async () => unwrap(await companySearchFn({ data: { id, search: term } })),
    // A failed search is shown at once, not retried behind a spinner.
    retry: false,
  })
