import { REMOTE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, login, test } from './fixtures'

// The second server has an empty database (SEED_DEMO=never) and VUE_BACKEND_URL pointing at
// the first: its UI works only because every call goes over HTTP to the other backend.
test.use({ baseURL: `http://localhost:${REMOTE_PORT}` })

test('a portal in remote mode logs in through the other backend', async ({ page }) => {
  const ownApi = await page.request.post('/vue/login/', {
    data: { username: DEMO_ACCOUNTS.carpenter.username, password: 'portal-demo-2026' },
  })
  // Its own /vue/ API answers from its own, empty database.
  expect(ownApi.status()).toBe(401)
  await login(page, DEMO_ACCOUNTS.carpenter.username)
  // The shop stand-in reads the company through the other backend too.
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Schreinerei Maurer')).toBeVisible()
  // Home sends a signed-in carpenter on to the shop, through the other backend's session check.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
})
