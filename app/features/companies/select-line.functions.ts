import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { companyId, companyInfoEndpoint } from '../../../src/contract/companies'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { changeLineAndShopEndpoint, materialListEndpoint } from '../../../src/contract/lines'
import { failureForBrowser, type Result } from '../../../src/contract/result'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext, storedUser, updateStoredUser } from '../../request/session-cookies.server'

// Select-line: the lines and materials of the user's company — or, for shop-as with a
// company that has several lines (?cid=), of that company, once company info has confirmed
// it is in the user's scope — and choosing a line.
export const selectLineDataFn = createServerFn({ method: 'GET' })
  .validator(z.object({ cid: companyId.optional() }))
  .handler(async ({ data }) => {
    const context = callContext()
    const user = storedUser()
    if (!context.token || !user) return { kind: 'anonymous' as const }
    const own = user.company[0]
    const cid = data.cid ?? own
    let company = { id: own, name: user.company[1], lines: user.lines, lastLine: user.last_line, own: true }
    if (cid !== own) {
      const info = await callEndpoint(companyInfoEndpoint, { params: { id: cid }, query: {}, body: undefined }, context)
      if (!info.status) return { kind: 'refused' as const, messages: info.messages }
      company = { id: cid, name: info.data.name1, lines: info.data.lines, lastLine: info.data.last_line, own: false }
    }
    const list = await callEndpoint(materialListEndpoint, { params: { cid }, query: {}, body: undefined }, context)
    return {
      kind: 'ok' as const,
      companyId: company.id,
      companyName: company.own ? null : company.name,
      lines: company.lines,
      lastLine: company.lastLine,
      materials: list.status ? list.data.materials2line : [],
      messages: list.messages,
    }
  })

export const chooseLineFn = createServerFn({ method: 'POST' })
  .validator(fnInput(changeLineAndShopEndpoint))
  .handler(async ({ data }): Promise<Result<{ shopUrl: string }>> => {
    const result = await callEndpoint(changeLineAndShopEndpoint, data, callContext())
    if (!result.status) return failureForBrowser(result)
    updateStoredUser((user) => ({ ...user, last_line: result.data.last_line }))
    return { status: true, messages: result.messages, data: { shopUrl: result.data.shop_url } }
  })
