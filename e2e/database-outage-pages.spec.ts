import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { startPgProxy, type PgProxy } from '../tests/helpers/pg-proxy'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { sharedPostgres, type SharedPostgres } from './shared-postgres'
import { sessionCookies } from './vue-api'

// A page rendered while the database cannot answer (decision 050): the built server on a
// PostgreSQL behind a proxy that refuses or holds connections answers the page 503 with
// Retry-After and a short page in the caller's language that loads itself again — never the
// error screen with 500 — and the browser gets the screen by itself once the database is back.
test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

const { dealer } = DEMO_ACCOUNTS
const TREE = `/companies/${dealer.companyId}`
const TEXT = {
  en: 'The database is busy or restarting. Please try again in a moment.',
  de: 'Die Datenbank ist gerade ausgelastet oder startet neu. Bitte versuchen Sie es gleich noch einmal.',
}

test.describe('pages while the database is away', () => {
  let database: SharedPostgres
  let proxy: PgProxy
  let server: OwnServer
  let cookie: string

  test.beforeAll(async () => {
    database = await sharedPostgres('portal_outage_pages')
    const direct = new URL(database.url)
    // A PostgreSQL on a Unix socket only (the private one when no TEST_DATABASE_URL is set) is
    // proxied at its socket's path; the portal reaches the proxy over TCP either way.
    const socketDir = direct.searchParams.get('host')
    const port = Number(direct.port || 5432)
    proxy = await startPgProxy(socketDir ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: direct.hostname, port })
    const proxied = new URL(direct)
    proxied.searchParams.delete('host')
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    server = new OwnServer(E2E_BASE_PORT + 29, `./data/e2e-outage-pages-${process.pid}`, {
      DATABASE_URL: proxied.toString(),
      JWT_SECRET: E2E_JWT_SECRET,
      SEED_DEMO: 'always',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    })
    server.remove()
    await server.start()
    const cookies = await sessionCookies(server.origin, dealer.username, E2E_JWT_SECRET)
    cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  })

  test.afterAll(async () => {
    await proxy?.mode('pass')
    await server?.stop()
    server?.remove()
    await proxy?.close()
    await database?.dispose()
  })

  const open = (language: 'de' | 'en') => fetch(`${server.origin}${TREE}`, { headers: { cookie, 'accept-language': language } })

  for (const mode of ['refuse', 'hold'] as const) {
    test(`a signed-in screen answers 503 with Retry-After and a page that reloads itself, in German and English, while the database ${mode}s connections`, async () => {
      expect((await open('en')).status).toBe(200)
      await proxy.mode(mode)
      try {
        for (const language of ['en', 'de'] as const) {
          const answer = await open(language)
          const page = await answer.text()
          expect(answer.status, page.slice(0, 300)).toBe(503)
          expect(answer.headers.get('retry-after')).toBe('2')
          expect(page).toContain(`<html lang="${language}">`)
          expect(page).toContain(`<p>${TEXT[language]}</p>`)
          expect(page).toContain('<meta http-equiv="refresh" content="2">')
          // The page's security headers still hold.
          expect(answer.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-")
        }
      } finally {
        await proxy.mode('pass')
      }
      expect((await open('de')).status).toBe(200)
    })
  }

  test('the browser shows "back in a moment" and then the screen by itself once the database answers again', async ({ page }) => {
    const cookies = await sessionCookies(server.origin, dealer.username, E2E_JWT_SECRET)
    await page.context().addCookies(cookies.map((one) => ({ ...one, url: server.origin })))
    await page.setExtraHTTPHeaders({ 'accept-language': 'en' })
    await proxy.mode('refuse')
    try {
      await page.goto(`${server.origin}${TREE}`)
      await expect(page.getByText(TEXT.en)).toBeVisible()
    } finally {
      await proxy.mode('pass')
    }
    await expect(page.getByRole('searchbox', { name: 'Search companies' })).toBeVisible({ timeout: 15_000 })
    expect(page.url()).toBe(`${server.origin}${TREE}`)
  })
})
