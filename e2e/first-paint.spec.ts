import type { Page } from '@playwright/test'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { E2E_BASE_PORT } from '../playwright.config'
import { expect, openHydrated, signIn, test } from './fixtures'
import { OwnServer } from './own-server'

// A server-rendered page paints before its scripts are asked for (decision 035): its HTML
// names no module preload and no entry script; one inline module starts them after the paint.
for (const path of ['/login', '/']) {
  test(`${path} paints before any script is requested, then hydrates`, async ({ page, request }) => {
    const html = await (await request.get(path)).text()
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toMatch(/<script type="module" async="" src=/)
    await openHydrated(page, path)
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.paint).toBeGreaterThan(0)
    expect(timing.scripts.length).toBeGreaterThan(0)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint)
  })
}

/** The page's scripts held back until the returned function is called (a slow phone's second or more). */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await released
    await route.continue()
  })
  return async () => {
    release()
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  }
}

// A form sent while the page is shown but its scripts have not yet run would be posted back to
// its page by the browser: the page again, empty, what was typed gone (a benchmark's login hit
// it on a busy machine). An inline script at the top of the page holds the submit; the form's
// script sends it once it runs, with what was typed.
test('a login sent before the scripts ran is held, then sent with what was typed', async ({ page }) => {
  const release = await holdScripts(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.isNavigationRequest()) posts.push(request.url())
  })
  await page.goto('/login', { waitUntil: 'domcontentloaded' })
  await page.getByLabel(/Username|Benutzername/).fill(DEMO_ACCOUNTS.staff.username)
  await page.getByLabel(/^(Password|Passwort)$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
  // Nothing posted, nothing lost: the same page, with what was typed.
  await expect(page.locator('html[data-hydrated="true"]')).not.toBeAttached()
  expect(posts).toEqual([])
  await expect(page.getByLabel(/Username|Benutzername/)).toHaveValue(DEMO_ACCOUNTS.staff.username)
  await release()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
  expect(posts).toEqual([])
})

test('a form of the form layer keeps what was typed before the scripts ran', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' })
  await page.getByLabel(/E-mail|E-Mail/).fill('some@example.com')
  await release()
  await expect(page.getByLabel(/E-mail|E-Mail/)).toHaveValue('some@example.com')
  // It is the form's value: sent as it is shown.
  await page.getByRole('button', { name: /^(Send link|Link senden)$/ }).click()
  // The form's own status (a toast may say the same at once).
  await expect(page.getByRole('status').filter({ hasText: 'some@example.com' }).first()).toBeVisible()
})

test('a form of the form layer sent before the scripts ran is sent once they run', async ({ page }) => {
  const release = await holdScripts(page)
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') calls.push(new URL(request.url()).pathname)
  })
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' })
  await page.getByLabel(/E-mail|E-Mail/).fill('nobody@example.com')
  await page.getByRole('button', { name: /^(Send link|Link senden)$/ }).click()
  expect(calls).toEqual([])
  await release()
  await expect(page.getByRole('status').filter({ hasText: 'nobody@example.com' }).first()).toBeVisible()
  expect(calls.filter((path) => path === '/forgot-password')).toEqual([])
})

// A signed-in screen whose route chunk the router loads while it hydrates: every module of the
// page's first load is preloaded by the page's own starter before the entry runs, so Vite's
// preload helper adds none of them (it would add all that were still missing in one task of the
// hydration: on a slow phone some 30 ms of the companies screen's longest task). It adds links
// only for parts loaded later, on idle. The page comes compressed.
test('the companies screen preloads its modules before the entry, and comes compressed', async ({ page, request }) => {
  await signIn(page, DEMO_ACCOUNTS.staff.username)
  const path = `/companies/${DEMO_ACCOUNTS.staff.companyId}`
  const answer = await page.request.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(answer.headers()['content-encoding']).toBe('br')
  expect(answer.headers()['vary']).toContain('Accept-Encoding')
  const starter = /const hrefs=(\[[^\]]*\])/.exec(await answer.text())
  const firstLoad = new Set(z.array(z.string()).parse(JSON.parse(starter?.[1] ?? '[]')))
  expect(firstLoad.size).toBeGreaterThan(10)
  const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  // A public page from the render cache goes as it is (compressing it each time, for its fresh
  // nonce, cost the anonymous home page under load most of its throughput).
  const home = await request.get('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(home.headers()['content-encoding']).toBeUndefined()
  // A page rendered for the request is compressed without a session too.
  const offline = await request.get('/offline', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(offline.headers()['content-encoding']).toBe('br')
  // gzip for a client that takes nothing else.
  const gzipOnly = await request.get('/offline', { headers: { 'accept-encoding': 'gzip, deflate' } })
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip')
  await openHydrated(page, path)
  await expect(page.getByRole('tree')).toBeVisible()
  await page.waitForLoadState('load')
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => ({ href: link.getAttribute('href') ?? '', helper: link.hasAttribute('as') })),
  )
  const byHelper = links.filter((link) => link.helper).map((link) => new URL(link.href, 'http://x').pathname)
  expect(byHelper.filter((href) => firstLoad.has(href))).toEqual([])
  expect(
    links
      .filter((link) => !link.helper)
      .map((link) => link.href)
      .sort(),
  ).toEqual([...firstLoad].sort())
})

// Behind a proxy that compresses pages itself, the portal can leave them as they are.
test.describe('with COMPRESS_PAGES=0', () => {
  const server = new OwnServer(E2E_BASE_PORT + 18, `./data/e2e-no-compression-${process.pid}`, { COMPRESS_PAGES: '0' })
  test.beforeAll(() => server.remove())
  test.afterAll(async () => {
    await server.stop()
    server.remove()
  })

  test('pages go out uncompressed, whatever the browser accepts', async ({ request }) => {
    await server.start()
    const answer = await request.get(`${server.origin}/offline`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-encoding']).toBeUndefined()
    expect(await answer.text()).toContain('<h1')
  })
})
