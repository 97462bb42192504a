import { z } from 'zod'
import { appConfig, type AppConfig, type SiteConfig } from '../../app.config'

// The rules app.config.ts keeps beyond its types: names not empty, e-mails and URLs well
// formed, limits positive, at least one site. Here and not in app.config.ts, which every page
// loads: the server checks the configuration once at start (boot.server.ts), and
// tests/domain/app-config.test.ts on every test run.
const nonEmpty = z.string().min(1)
const positiveInt = z.number().int().positive()

export const siteSchema = z.object({
  id: nonEmpty,
  hosts: z.array(nonEmpty).min(1),
  title: nonEmpty,
  logo: nonEmpty,
  defaultLocale: z.enum(['de', 'en']),
  guestAccount: z.email().nullable(),
  shopUrl: z.url().nullable(),
  subdomain: z.string().nullable(),
  registration: z.object({ middleName: z.boolean(), parentCompanyId: positiveInt.nullable() }),
  contact: z.object({
    company: nonEmpty,
    street: nonEmpty,
    city: nonEmpty,
    phone: nonEmpty,
    email: z.email(),
    hours: z.object({ de: z.string(), en: z.string() }),
  }),
})

export const appConfigSchema = z.object({
  version: z.string(),
  adminRoutes: z.boolean(),
  timeZone: z.string(),
  baseSiteId: z.string(),
  sites: z.array(siteSchema).min(1),
  limits: z.object({
    jsonBodyBytes: positiveInt,
    xmlImportBytes: positiveInt,
    priceUploadBytes: positiveInt,
    logoBytes: positiveInt,
    logoPixels: positiveInt,
    logoDecodeBytes: positiveInt,
    loginFailuresBeforeDelay: positiveInt,
    loginFailuresBeforeLock: positiveInt,
    userFailuresBeforeLock: positiveInt,
    ipFailuresBeforeLock: positiveInt,
    loginWindowMinutes: positiveInt,
    loginThrottleRows: positiveInt,
  }),
})

// The schemas and the types of app.config.ts are the same shapes: tsc fails when they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const SAME_SHAPES: [Same<z.output<typeof siteSchema>, SiteConfig>, Same<z.output<typeof appConfigSchema>, AppConfig>] = [true, true]

/** Throws, naming what is wrong, when the configuration breaks a rule. */
export function checkAppConfig(config: AppConfig = appConfig): void {
  const parsed = appConfigSchema.safeParse(config)
  if (!parsed.success) throw new Error(`app.config.ts: ${z.prettifyError(parsed.error)}`)
}
