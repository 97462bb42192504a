import { siteForHost } from '../../../../app.config'
import { env } from '../../env.server'

// Where a company enters the shop: the site's configured shop, else SHOP_URL, else the
// portal's own labelled stand-in, so the demo works without a shop.
export function shopBaseFor(host: string, origin: string): string {
  return siteForHost(host).shopUrl ?? env().SHOP_URL ?? origin
}

export function shopUrlFor(host: string, origin: string, companyId: number): string {
  return new URL(`/dealer/company/${companyId}/shop/`, shopBaseFor(host, origin)).toString()
}
