import { appConfig, siteForHost, type SiteConfig } from '../../app.config'

// The shop sets a cookie naming its (sub)domain. When it names another site than the one
// the browser is on, the browser is sent there. Only configured sites are
// ever targets, so the cookie cannot send anybody off the portal.
export const SHOP_DOMAIN_COOKIE = 'shop_domain'

export function siteForShopDomain(value: string | undefined): SiteConfig | null {
  const wanted = (value ?? '').trim().toLowerCase()
  if (!wanted) return null
  return appConfig.sites.find((site) => site.subdomain === wanted || site.hosts.includes(wanted)) ?? null
}

/** The URL to send a page request to, or null to stay. */
export function shopDomainRedirect(url: URL, cookieValue: string | undefined): string | null {
  const target = siteForShopDomain(cookieValue)
  if (!target || target.id === siteForHost(url.hostname).id) return null
  const next = new URL(url)
  next.hostname = target.hosts[0]!
  return next.toString()
}

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return undefined
      }
    }
  }
  return undefined
}
