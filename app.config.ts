import { z } from 'zod'

// The portal's configuration: sites by host name, flags, limits and version. Safe for the
// browser (no secrets); the server applies environment overrides in src/server/env.server.ts.
export const siteSchema = z.object({
  id: z.string().min(1),
  hosts: z.array(z.string().min(1)).min(1),
  title: z.string().min(1),
  logo: z.string().min(1),
  defaultLocale: z.enum(['de', 'en']),
  guestAccount: z.email().nullable(),
  shopUrl: z.url().nullable(),
  subdomain: z.string().nullable(),
  // Registration (issue 17): whether the form asks for a middle name, and the company new
  // registrations go below (an id; null: the root company).
  registration: z.object({ middleName: z.boolean(), parentCompanyId: z.number().int().positive().nullable() }),
  contact: z.object({
    company: z.string().min(1),
    street: z.string().min(1),
    city: z.string().min(1),
    phone: z.string().min(1),
    email: z.email(),
    hours: z.object({ de: z.string(), en: z.string() }),
  }),
})

const appConfigSchema = z.object({
  version: z.string(),
  adminRoutes: z.boolean(),
  timeZone: z.string(),
  baseSiteId: z.string(),
  sites: z.array(siteSchema).min(1),
  limits: z.object({
    jsonBodyBytes: z.number().int().positive(),
    xmlImportBytes: z.number().int().positive(),
    priceUploadBytes: z.number().int().positive(),
    logoBytes: z.number().int().positive(),
    logoPixels: z.number().int().positive(),
    logoDecodeBytes: z.number().int().positive(),
    loginFailuresBeforeDelay: z.number().int().positive(),
    loginFailuresBeforeLock: z.number().int().positive(),
    userFailuresBeforeLock: z.number().int().positive(),
    ipFailuresBeforeLock: z.number().int().positive(),
    loginWindowMinutes: z.number().int().positive(),
    loginThrottleRows: z.number().int().positive(),
  }),
})

export type SiteConfig = z.infer<typeof siteSchema>
export type AppConfig = z.infer<typeof appConfigSchema>

export const appConfig: AppConfig = appConfigSchema.parse({
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
    // of 25 megapixels took 245 MB to decode (issue 27).
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
})

/** The site for a host name (port ignored); unknown hosts get the base site. */
export function siteForHost(host: string | null | undefined): SiteConfig {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase()
  const found = appConfig.sites.find((site) => site.hosts.includes(name))
  const base = appConfig.sites.find((site) => site.id === appConfig.baseSiteId)
  return found ?? base ?? appConfig.sites[0]!
}
