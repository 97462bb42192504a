import { shopUrlEndpoint } from '../../../contract/session'
import { requireCaller, requireCompanyInScope } from '../../auth/guards.server'
import { implement } from '../../vue/implement.server'
import { shopUrlFor } from './shop-url.server'

// A company other than the caller's own is allowed only inside the caller's scope, so a
// dealer admin can shop as a sub-company ("use as") and nobody else can shop as a stranger.
export const shopUrl = implement(shopUrlEndpoint, async ({ db, caller, host, origin, nowMs, input: { query } }) => {
  const known = requireCaller(caller)
  const companyId = query.cid ?? known.companyId
  if (companyId !== known.companyId) await requireCompanyInScope(db, known, companyId, nowMs)
  return { login_url: shopUrlFor(host, origin, companyId) }
})
