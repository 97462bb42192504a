import { createServerFn } from '@tanstack/react-start'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { changeLineAndShopEndpoint, materialListEndpoint } from '../../../src/contract/lines'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext, storedUser, updateStoredUser } from '../../request/request-context.server'

// Select-line: the lines and materials of the user's company, and choosing a line.
export const selectLineDataFn = createServerFn({ method: 'GET' }).handler(async () => {
  const context = callContext()
  const user = storedUser()
  if (!context.token || !user) return { kind: 'anonymous' as const }
  const list = await callEndpoint(materialListEndpoint, { params: { cid: user.company[0] }, query: {}, body: undefined }, context)
  return {
    kind: 'ok' as const,
    companyId: user.company[0],
    lines: user.lines,
    lastLine: user.last_line,
    materials: list.status ? list.data.materials2line : [],
    messages: list.messages,
  }
})

export const chooseLineFn = createServerFn({ method: 'POST' })
  .validator(fnInput(changeLineAndShopEndpoint))
  .handler(async ({ data }) => {
    const result = await callEndpoint(changeLineAndShopEndpoint, data, callContext())
    if (!result.status) return { ok: false as const, messages: result.messages }
    updateStoredUser((user) => ({ ...user, last_line: result.data.last_line }))
    return { ok: true as const, shopUrl: result.data.shop_url }
  })
