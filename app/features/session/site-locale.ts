import { siteForHost } from '../../../app.config'
import { defineCustomClientStrategy, defineCustomServerStrategy } from '../../../src/paraglide/runtime'

// A stored choice (cookie) wins; otherwise the site's default locale decides (English on the
// base site, German on the door site); German is the base locale behind both.
defineCustomServerStrategy('custom-site', {
  getLocale: (request) => (request ? siteForHost(new URL(request.url).hostname).defaultLocale : undefined),
})

defineCustomClientStrategy('custom-site', {
  getLocale: () => siteForHost(window.location.hostname).defaultLocale,
  setLocale: () => {},
})
