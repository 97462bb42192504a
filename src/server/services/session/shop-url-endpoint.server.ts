import { shopUrlEndpoint } from '../../../contract/session'
import { implement } from '../../endpoint/implement.server'
import { shopUrlFor } from './shop-url.server'

// A company other than the caller's own is allowed only inside the caller's scope, so a
// dealer admin can shop as a sub-company ("use as") and nobody else can shop as a stranger.
export const shopUrl = implement(shopUrlEndpoint, async ({ host, origin, company }) => {
  return { login_url: shopUrlFor(host, origin, company.id) }
})
