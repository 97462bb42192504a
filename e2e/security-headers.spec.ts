import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, login, openHydrated, test, watchViolations } from './fixtures'

// Pages carry a Content-Security-Policy whose only inline scripts are the server-rendering ones
// with this response's nonce; pages render and hydrate with no violation (decision 017). Every
// screen of the shell is visited under the policy in screen-tour.spec.ts.

test('a page has the CSP and other security headers, and hydrates without a CSP violation', async ({ page }) => {
  await watchViolations(page)
  const errors = collectErrors(page)
  const response = await page.goto('/login')
  const headers = response?.headers() ?? {}
  const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1]
  expect(nonce).toBeTruthy()
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('same-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['cache-control']).toBe('private, no-cache')
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  // Every script of the server's HTML carries the nonce (the browser hides its value).
  expect(await page.locator('script:not([nonce])').count()).toBe(0)

  // Signed in: a page with personal data is never stored; the language switch and a toast work.
  await login(page, DEMO_ACCOUNTS.staff.username)
  await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible()
  const signedIn = await page.goto('/price-logs')
  expect(signedIn?.headers()['cache-control']).toBe('no-store')
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await openHydrated(page, '/manage-users')
  await page.getByRole('button', { name: 'Deutsch' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')

  expect(await page.locator('html').getAttribute('data-csp-violations')).toBeNull()
  expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([])
})

test('the API sends its own strict policy, and HSTS when the proxy says HTTPS', async ({ request }) => {
  const plain = await request.get('/vue/maintenance/')
  expect(plain.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(plain.headers()['strict-transport-security']).toBeUndefined()
  // The e2e server runs with TRUST_PROXY=1, as behind a TLS-terminating proxy.
  const secure = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } })
  expect(secure.headers()['strict-transport-security']).toBe('max-age=31536000')
})

test('OPTIONS and TRACE on /vue/ answer in the envelope, never a redirect or a 500', async ({ request }) => {
  const options = await request.fetch('/vue/login/', { method: 'OPTIONS', maxRedirects: 0 })
  expect(options.status()).toBe(204)
  expect(options.headers()['allow']).toBe('POST, OPTIONS')
  // No origin is allowed by default (CORS_ORIGINS is empty in the e2e server).
  const preflight = await request.fetch('/vue/login/', {
    method: 'OPTIONS',
    headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
  })
  expect(preflight.status()).toBe(403)
  expect(preflight.headers()['access-control-allow-origin']).toBeUndefined()
  const trace = await request.fetch('/vue/login/', { method: 'TRACE', maxRedirects: 0 })
  expect(trace.status()).toBe(405)
  expect(await trace.json()).toEqual({ status: false, messages: ['TRACE is not allowed for /vue/login/.'] })
})
