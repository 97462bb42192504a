import { z } from 'zod'
import { doc, unsetIfEmpty } from './env-doc.server'
import { requestLimitSettings } from './env-limits.server'

// The one place that reads process.env (house style). Parsed once, fails fast. An empty value
// (`DATABASE_URL=`) counts as unset.
export type { SettingDoc } from './env-doc.server'

/** A bound on a wait for the database, in milliseconds (decision 050). */
const waitBound = (fallback: number, max: number, meaning: string) => z.coerce.number().int().min(100).max(max).default(fallback).meta(doc(meaning))

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .meta(
      doc('`development`, `production` or `test`. Outside `production` every `/vue/` answer is checked against its output schema.', {
        note: '`npm start` sets `production`',
      }),
    ),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000).meta(doc('Port the server listens on (also printed in the banner).')),
  HOST: unsetIfEmpty(z.string().min(1)).meta(doc('Interface the built server listens on, e.g. `127.0.0.1`.', { unset: 'all interfaces' })),
  // How much work the server takes on and how long it waits for clients (env-limits.server.ts).
  ...requestLimitSettings,
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .meta(
      doc(
        'Everything the embedded default keeps on disk: the embedded PostgreSQL\'s data folder (`postgres/`) and its log (`postgres.log`), the generated token secret (`jwt-secret`), the local mailbox (`mailbox/`), upload files while they are processed (`spool/`) and `server.pid` while a server uses the embedded database (a second server refuses while that process lives). Another folder gives an independent instance. A `pglite/` folder of an earlier version is moved into `postgres/` at the first start and kept as `pglite.moved-<date>/` (see "The embedded database" below).',
      ),
    ),
  DATABASE_URL: unsetIfEmpty(z.string().url()).meta(
    doc(
      'A PostgreSQL URL (`postgres://user:pass@host:5432/db`); used through `pg` (a pool of 10 connections per process). The role must be able to run `CREATE EXTENSION pg_trgm` on first migration, or the extension must exist.',
      { unset: 'the embedded PostgreSQL in `DATA_DIR/postgres`' },
    ),
  ),
  DATABASE_CONNECT_TIMEOUT_MS: waitBound(
    5000,
    600_000,
    "How long a request waits for a database connection: to open one, or for one of the pool's to come free. Past it the call answers 503 with `Retry-After` instead of hanging (decision 050).",
  ),
  DATABASE_LOCK_TIMEOUT_MS: waitBound(
    5000,
    600_000,
    "PostgreSQL's `lock_timeout` on every connection: how long a statement waits for a row or table another session holds before the call answers 503 with `Retry-After` (decision 050).",
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: waitBound(
    30_000,
    3_600_000,
    "PostgreSQL's `statement_timeout` on every connection: the longest one statement of a request runs before the call answers 503 with `Retry-After`. Long jobs (price upload, XML and TMX import, migrations, the demo seed) set their own longer bound (decision 050).",
  ),
  JWT_SECRET: unsetIfEmpty(z.string().min(32)).meta(
    doc(
      'Token signing secret, at least 32 characters. Set the same value on every app server. Changing it ends all sessions, unless the old one stays accepted for a while as `JWT_SECRET_PREVIOUS` (`npm run admin -- rotate-jwt-secret`).',
      { unset: 'generated once into `DATA_DIR/jwt-secret`' },
    ),
  ),
  VUE_BACKEND_URL: unsetIfEmpty(z.string().url()).meta(
    doc("Remote mode: the UI's server functions send their `/vue/` calls to this backend over HTTP (see below).", { unset: 'endpoints run in-process' }),
  ),
  PORTAL_TIME_ZONE: unsetIfEmpty(z.string().min(1).refine(isTimeZone, 'not a time zone such as Europe/Berlin')).meta(
    doc("IANA time zone whose calendar day limits a token's validity.", { unset: '`Europe/Berlin` (`timeZone` in `app.config.ts`)' }),
  ),
  SHOP_URL: unsetIfEmpty(z.string().url()).meta(
    doc('Base URL of the shop for sites without their own `shopUrl` in `app.config.ts`; hand-offs go to `{base}/dealer/company/{id}/shop/`.', {
      unset: "the portal's own stand-in page",
    }),
  ),
  GUEST_PASSWORD: z
    .string()
    .min(8)
    .default('portal-demo-2026')
    .meta(
      doc('Password of the sites\' guest accounts (`guestAccount` in `app.config.ts`), used by "Login as Guest" on the server; it never reaches the browser.', {
        note: 'the demo password',
      }),
    ),
  SEED_DEMO: z
    .enum(['auto', 'always', 'never'])
    .default('auto')
    .meta(
      doc(
        '`auto`: load the demo data into an empty embedded database at start; `always`: also into an empty PostgreSQL (`DATABASE_URL`); `never`: only migrate. A database with users is never seeded.',
      ),
    ),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true')
    .meta(
      doc(
        '`1`/`true`: behind a reverse proxy (or as the backend of a portal in remote mode), take the client address from the **last** `X-Forwarded-For` entry — the one your proxy appended; earlier entries are whatever the client sent — and the site from `X-Forwarded-Host`/`X-Forwarded-Proto`. Used for login throttling, the switch-user log and site selection. Leave it off when clients reach the server directly.',
      ),
    ),
  REQUIRE_2FA_FOR_STAFF: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true')
    .meta(
      doc(
        '`1`/`true`: a user with MANAGE_USERS or CAN_UPLOAD who has no second factor still logs in, but the login answer carries `data.second_factor_setup_required: true`, so the front end can ask for one (decision 054).',
      ),
    ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, 'comma-separated origins such as https://shop.example.com')))
    .meta(
      doc(
        'Comma-separated origins (`scheme://host[:port]`) whose pages may call /vue/ from the browser, e.g. a legacy front end. Their preflights get CORS headers; other origins get 403. No credentials: such a front end sends the token in `Authorization`. Checked at start-up.',
      ),
    ),
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 128MB')
    .default('128MB')
    .meta(
      doc(
        "PostgreSQL's `shared_buffers` for the embedded database (not for `DATABASE_URL`, decision 032): its cache of table pages, in shared memory of the database's own processes (not the portal's), used as pages are read.",
      ),
    ),
  MIGRATIONS_DIR: z
    .string()
    .min(1)
    .default('./src/server/db/migrations')
    .meta(doc('Folder of the SQL migrations applied at start, relative to the working directory (start the server from the project root).')),
  SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'an SMTP URL such as smtp://user:password@mail.example.com:587')).meta(
    doc('Where mails go (decision 030): `smtp://user:password@host:587`, `smtps://…`.', { unset: 'into `DATA_DIR/mailbox/`, listed at `/mailbox`' }),
  ),
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(730)
    .meta(
      doc(
        'How long the activity trail keeps its rows: `npm run admin -- activity prune` deletes the older ones (the only removal the trail allows, itself recorded; decision 053). Nothing prunes by itself.',
      ),
    ),
  SWITCH_USER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(60)
    .meta(
      doc(
        "How long a switch to another user lasts, counted from the switch (the switched token's issue time). Past it every call with that token answers 401 and the screen goes back to the person who switched; only the way back still takes it (decision 055).",
      ),
    ),
  MAIL_FROM: z.string().min(3).default('Hollerbach Portal <portal@hollerbach.example>').meta(doc('The sender of every mail.')),
  COMPRESS_PAGES: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true')
    .meta(
      doc(
        "Pages rendered for a request and server-function answers are sent gzip-compressed (brotli to a client that takes only brotli): in one piece when whole within 50 ms, else flushed whenever the page's stream pauses after that (decision 061); public pages from the render cache and `/vue/` answers are sent as they are (decision 035). `0` behind a proxy that compresses them itself.",
      ),
    ),
  READ_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(5000)
    .meta(
      doc(
        "How long hot reads (the caller behind a token, company paths and company info) and the public pages seen without a session (home, login, welcome …: rendered once, each answer with its own CSP nonce) are served from memory; `0` turns the cache off. (A token's signature check, which never changes, is kept a minute either way; its times are checked on every call.) Also the longest time a change to a user's groups or active flag takes to apply (while the database cannot answer, kept values are answered up to a minute past their time: decision 050).",
      ),
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta(doc("The least severe log line written (pino's levels): `info` writes one line per request, `warn` only what needs a look, `silent` nothing.")),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'])
    .default('auto')
    .meta(
      doc('How log lines look: `json` one JSON object per line (for a log stack), `pretty` readable lines, `auto` readable on a terminal and JSON otherwise.'),
    ),
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16)).meta(
    doc("`/metrics` (Prometheus text format) on the portal's port answers only a request with `Authorization: Bearer <token>`; at least 16 characters.", {
      unset: "`/metrics` is not served on the portal's port",
    }),
  ),
  METRICS_PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65_535)).meta(
    doc('A port of its own for `/metrics`, without a token: for a scraper inside the network (keep the port closed to the outside).', {
      unset: 'no metrics port',
    }),
  ),
  DRAIN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(0)
    .meta(
      doc(
        "After SIGTERM: how long the server keeps answering while `/ready` says 503, so a load balancer takes it out before it stops accepting. Behind a balancer set it above the balancer's check interval × its fall count (the HAProxy example uses 3000).",
      ),
    ),
  JWT_SECRET_PREVIOUS: unsetIfEmpty(z.string().min(32)).meta(
    doc('The signing secret before the last rotation: tokens it signed are still accepted until `JWT_SECRET_PREVIOUS_UNTIL`; never used to sign.', {
      unset: 'only `JWT_SECRET` is accepted',
    }),
  ),
  JWT_SECRET_PREVIOUS_UNTIL: unsetIfEmpty(z.iso.datetime({ offset: true })).meta(
    doc('When `JWT_SECRET_PREVIOUS` stops being accepted, an ISO date-time such as `2026-12-01T08:00:00Z`.', { unset: 'the previous secret is not accepted' }),
  ),
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
