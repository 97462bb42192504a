import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, openHydrated, test } from './fixtures'
import { OwnServer } from './own-server'

// Maintenance settings are changed the way an operator does it: stop the server, run
// `npm run maintenance`, start it again. The checks run before each navigation.
const server = new OwnServer(E2E_BASE_PORT + 2, `./data/e2e-maintenance-${process.pid}`)

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async () => {
  server.remove()
  server.maintenance('--login', 'off', '--flash', 'Wartung heute ab 18 Uhr / maintenance tonight')
  await server.start()
})

test.afterAll(async () => {
  await server.stop()
  server.remove()
})

test('login off: the flash text shows, login is blocked, the test login banner warns and test login works', async ({ page }) => {
  await openHydrated(page, `${server.origin}/`)
  await expect(page.getByText('Wartung heute ab 18 Uhr / maintenance tonight')).toBeVisible()
  await expect(page.getByText('Login is not possible at the moment. Please try again later.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled()
  // The server refuses it as well, whatever the page shows.
  const refused = await page.request.post(`${server.origin}/vue/login/`, { data: { username: DEMO_ACCOUNTS.carpenter.username, password: DEMO_PASSWORD } })
  expect(refused.status()).toBe(403)

  await openHydrated(page, `${server.origin}/test-login`)
  await expect(page.getByRole('alert').filter({ hasText: 'Login is switched off for customers' })).toBeVisible()
  await page.getByLabel('Username').fill(DEMO_ACCOUNTS.carpenter.username)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in for testing' }).click()
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
  // The flash text is on every page.
  await expect(page.getByText('Wartung heute ab 18 Uhr / maintenance tonight')).toBeVisible()
})

test('test login off too: the orange banner says login is not possible', async ({ page }) => {
  await server.stop()
  server.maintenance('--test-login', 'off')
  await server.start()
  await openHydrated(page, `${server.origin}/test-login`)
  const banner = page.getByRole('alert').filter({ hasText: 'Logging in is not possible at the moment' })
  await expect(banner).toBeVisible()
  expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 232, 204)')
  await expect(page.getByRole('button', { name: 'Log in for testing' })).toBeDisabled()
})

test('maintenance off again: no banner, login works', async ({ page }) => {
  await server.stop()
  server.maintenance('--login', 'on', '--test-login', 'on', '--flash', '')
  await server.start()
  await openHydrated(page, `${server.origin}/test-login`)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await openHydrated(page, `${server.origin}/`)
  await expect(page.getByText('maintenance tonight')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled()
})

test('a maintenance shop_url sends every page there, except the test login', async ({ page }) => {
  await server.stop()
  server.maintenance('--shop-url', `http://localhost:${E2E_BASE_PORT}/health`)
  await server.start()
  await page.goto(`${server.origin}/welcome`)
  await expect(page).toHaveURL(`http://localhost:${E2E_BASE_PORT}/health`)
  await openHydrated(page, `${server.origin}/test-login`)
  await expect(page.getByRole('heading', { name: 'Test login', level: 1 })).toBeVisible()
})
