import { z } from 'zod'

// The one place that reads process.env (house style). Parsed once, fails fast.
// An empty value (`DATABASE_URL=`) counts as unset.
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  // Interface the built server listens on; all interfaces when unset.
  HOST: unsetIfEmpty(z.string().min(1)),
  // How long a stop (SIGTERM/SIGINT) waits for running requests; closing the database then
  // waits for running transactions up to twice as long.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Requests one server works on at once; one more is answered 503 with Retry-After at once
  // instead of waiting behind them (issue 26).
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
  // Pages rendered at once; more wait their turn in arrival order (src/server/page-slots.server.ts).
  MAX_PAGE_RENDERS: z.coerce.number().int().min(1).max(1_000).default(4),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: unsetIfEmpty(z.string().url()),
  JWT_SECRET: unsetIfEmpty(z.string().min(32)),
  VUE_BACKEND_URL: unsetIfEmpty(z.string().url()),
  PORTAL_TIME_ZONE: unsetIfEmpty(z.string().min(1).refine(isTimeZone, 'not a time zone such as Europe/Berlin')),
  SHOP_URL: unsetIfEmpty(z.string().url()),
  // The password of the sites' guest accounts ("Login as Guest"); the demo data's by default.
  GUEST_PASSWORD: z.string().min(8).default('portal-demo-2026'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  // Origins (scheme://host[:port]) whose pages may call /vue/ from the browser (CORS): a legacy
  // front end elsewhere. Comma-separated; empty (the default) allows none.
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, 'comma-separated origins such as https://shop.example.com'))),
  // shared_buffers of the embedded PostgreSQL (decision 032): its cache of table pages.
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 128MB')
    .default('128MB'),
  MIGRATIONS_DIR: z.string().min(1).default('./src/server/db/migrations'),
  // Mail (decision 030): an SMTP server (smtp://user:pass@host:587, smtps://…); unset, mails go
  // to DATA_DIR/mailbox/ and the local mailbox page (/mailbox) shows them.
  SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'an SMTP URL such as smtp://user:password@mail.example.com:587')),
  MAIL_FROM: z.string().min(3).default('Hollerbach Portal <portal@hollerbach.example>'),
  // Pages and server-function answers compressed for clients that accept it (decision 035);
  // 0 behind a proxy that compresses them itself.
  COMPRESS_PAGES: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  // How long hot reads (caller, company info) may be served from memory; 0 turns it off.
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // ── Operations (issue 30) ──
  // Least severe log line written: one JSON line per request at info (pino's levels).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How log lines look: auto = readable lines on a terminal, JSON lines otherwise.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // /metrics (Prometheus text format) answers only with `Authorization: Bearer <METRICS_TOKEN>`
  // on the portal's port; with METRICS_PORT it is served on that port alone (no token), for a
  // scraper inside the network. Neither set: /metrics is not served.
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16)),
  METRICS_PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65_535)),
  // After SIGTERM: how long the server keeps answering while /ready says 503, so a load balancer
  // takes it out before it stops accepting (set it above the balancer's check interval).
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  // The signing secret before the last rotation (npm run admin -- rotate-jwt-secret), still
  // accepted for tokens until JWT_SECRET_PREVIOUS_UNTIL (an ISO date-time); never used to sign.
  JWT_SECRET_PREVIOUS: unsetIfEmpty(z.string().min(32)),
  JWT_SECRET_PREVIOUS_UNTIL: unsetIfEmpty(z.iso.datetime({ offset: true })),
})

export type Env = z.infer<typeof envSchema>

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

let cached: Env | undefined

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
    }
    cached = parsed.data
  }
  return cached
}
