// The portal's configuration: sites by host name, flags, limits and version. Safe for the
// browser (no secrets); the server applies environment overrides in src/server/env.server.ts.
// Plain data and types: every page loads this module (the site of the host name). The server
// checks it against its schema at start (src/server/app-config-check.server.ts), and so does
// tests/domain/app-config.test.ts.

export type SiteConfig = {
  id: string
  hosts: string[]
  title: string
  logo: string
  defaultLocale: 'de' | 'en'
  /** The guest login's e-mail; null: no guest login. */
  guestAccount: string | null
  shopUrl: string | null
  subdomain: string | null
  // Registration: whether the form asks for a middle name, and the company new
  // registrations go below (an id; null: the root company).
  registration: { middleName: boolean; parentCompanyId: number | null }
  contact: { company: string; street: string; city: string; phone: string; email: string; hours: { de: string; en: string } }
}

export type AppConfig = {
  version: string
  adminRoutes: boolean
  timeZone: string
  baseSiteId: string
  sites: SiteConfig[]
  limits: {
    jsonBodyBytes: number
    xmlImportBytes: number
    priceUploadBytes: number
    logoBytes: number
    logoPixels: number
    logoDecodeBytes: number
    loginFailuresBeforeDelay: number
    loginFailuresBeforeLock: number
    userFailuresBeforeLock: number
    ipFailuresBeforeLock: number
    loginWindowMinutes: number
    loginThrottleRows: number
  }
}

export const appConfig: AppConfig = {
  version: '1.25.78',
  adminRoutes: true,
  timeZone: 'Europe/Berlin',
  baseSiteId: 'base',
  sites: [
    {
      id: 'base',
      hosts: ['localhost', '127.0.0.1'],
      title: 'Hollerbach Partner Portal',
      logo: '/logo.svg',
      defaultLocale: 'en',
      guestAccount: null,
      shopUrl: null,
      subdomain: null,
      registration: { middleName: true, parentCompanyId: null },
      contact: {
        company: 'Hollerbach Beschläge GmbH',
        street: 'Industriestraße 12',
        city: '32051 Herford, Deutschland',
        phone: '+49 5221 7730-0',
        email: 'service@hollerbach.example',
        hours: { de: 'Mo–Fr 7:30–17:00 Uhr', en: 'Mon–Fri 7:30 am – 5 pm (CET)' },
      },
    },
    {
      id: 'doors',
      hosts: ['doors.localhost'],
      title: 'Hollerbach Türen Portal',
      logo: '/logo-doors.svg',
      defaultLocale: 'de',
      guestAccount: 'guest@demo.example',
      shopUrl: null,
      subdomain: 'doors',
      registration: { middleName: false, parentCompanyId: null },
      contact: {
        company: 'Hollerbach Beschläge GmbH',
        street: 'Industriestraße 12',
        city: '32051 Herford, Deutschland',
        phone: '+49 5221 7730-200',
        email: 'tueren@hollerbach.example',
        hours: { de: 'Mo–Fr 7:30–17:00 Uhr', en: 'Mon–Fri 7:30 am – 5 pm (CET)' },
      },
    },
  ],
  limits: {
    jsonBodyBytes: 1_048_576,
    xmlImportBytes: 20 * 1_048_576,
    priceUploadBytes: 50 * 1_048_576,
    // A company logo (spec sections 5 and 9): at most 1 MB as uploaded, and at most this many
    // pixels as its header declares, checked before anything is decoded (decision 028).
    logoBytes: 1_048_576,
    logoPixels: 25_000_000,
    // And at most this much memory to decode, as the header tells how it is stored (an
    // interlaced or 16-bit PNG, a progressive JPEG, a lossless WebP is held whole): a 300 KB PNG
    // of 25 megapixels took 245 MB to decode.
    logoDecodeBytes: 48 * 1_048_576,
    loginFailuresBeforeDelay: 3,
    // Login throttling (decision 006): per username and address, the username from everywhere,
    // one address for any username; within the window; rows kept at most.
    loginFailuresBeforeLock: 10,
    userFailuresBeforeLock: 100,
    ipFailuresBeforeLock: 50,
    loginWindowMinutes: 15,
    loginThrottleRows: 10_000,
  },
}

/** The site for a host name (port ignored); unknown hosts get the base site. */
export function siteForHost(host: string | null | undefined): SiteConfig {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase()
  const found = appConfig.sites.find((site) => site.hosts.includes(name))
  const base = appConfig.sites.find((site) => site.id === appConfig.baseSiteId)
  return found ?? base ?? appConfig.sites[0]!
}
