import { shopUrlEndpoint } from '../../../contract/session'
import { requireCaller } from '../../auth/guards.server'
import { implement } from '../../vue/implement.server'
import { shopUrlFor } from './shop-url.server'

export const shopUrl = implement(shopUrlEndpoint, async ({ caller, host, origin }) => {
  const known = requireCaller(caller)
  return { login_url: shopUrlFor(host, origin, known.companyId) }
})
