import { createServerFn } from '@tanstack/react-start'
import { fnInput, type CallParts } from '../../../src/contract/endpoint-fn'
import { companyInfoEndpoint } from '../../../src/contract/companies'
import { shopUrlEndpoint } from '../../../src/contract/session'
import { callEndpoint } from '../../../src/server/endpoint/call.server'
import { callContext, clearUseAs, storeUseAs, storedUseAs, storedUser } from '../../request/session-cookies.server'

// What the portal hands to the shop for a company: shown by the stand-in shop page when no
// shop URL is configured.
export const shopHandOffFn = createServerFn({ method: 'GET' })
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }) => {
    const info = await companyInfoOfCaller(data)
    if (info.kind !== 'ok') return info
    return {
      kind: 'ok' as const,
      company: { id: info.data.id, name: info.data.name1, customerNumber: info.data.customer_number },
      line: info.data.last_line,
      username: storedUser()?.username ?? null,
    }
  })

/**
 * redirect2shop: where the shop hand-off goes — as the stored useAs company when there is
 * one (used once, then cleared), else as the user's own company.
 */
export const shopTargetFn = createServerFn({ method: 'POST' }).handler(async () => {
  const context = callContext()
  if (!context.token) return { kind: 'anonymous' as const }
  const useAs = storedUseAs()
  clearUseAs()
  const answer = await callEndpoint(shopUrlEndpoint, { params: {}, query: { cid: useAs ?? undefined }, body: undefined }, context)
  if (!answer.status) return { kind: 'refused' as const, messages: answer.messages }
  return { kind: 'ok' as const, url: answer.data.login_url, useAs }
})

/**
 * Shop as a company (docs/decisions/027-company-tree.md): company info checks the company is in the
 * caller's scope (own, or below it for IS_DEALER_ADMIN) and names its lines. With more than one
 * line the screen goes on to select-line for it; otherwise the company becomes the useAs value that
 * redirect2shop reads (and checks again when it uses it).
 */
export const shopAsFn = createServerFn({ method: 'POST' })
  .validator(fnInput(companyInfoEndpoint))
  .handler(async ({ data }) => {
    const info = await companyInfoOfCaller(data)
    if (info.kind !== 'ok') return info
    if (info.data.lines.length > 1) return { kind: 'select-line' as const, companyId: info.data.id }
    storeUseAs(info.data.id)
    return { kind: 'shop' as const, companyId: info.data.id }
  })

/** Company info as the signed-in caller may see it (the endpoint checks the scope), or why not. */
async function companyInfoOfCaller(data: CallParts) {
  const context = callContext()
  if (!context.token) return { kind: 'anonymous' as const }
  const info = await callEndpoint(companyInfoEndpoint, data, context)
  if (!info.status) return { kind: 'refused' as const, messages: info.messages }
  return { kind: 'ok' as const, data: info.data }
}
