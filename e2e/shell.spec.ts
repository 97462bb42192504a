import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, login, openHydrated, test } from './fixtures'

test('an unknown address shows "Page not found" with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the start page' }).click()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})

test.describe('Internet Explorer', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' })

  test('is sent to the notice in German and English', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/use-other-browser$/)
    await expect(page.getByRole('heading', { name: 'Bitte verwenden Sie einen anderen Browser' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Please use another browser' })).toBeVisible()
  })
})

test('logout at /logout ends the session', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.dealer.username)
  await expect(page.getByRole('heading', { name: `Logged in as ${DEMO_ACCOUNTS.dealer.username}` })).toBeVisible()
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})

test('the shop stand-in shows what is handed over, and needs a login', async ({ page }) => {
  await page.goto(`/dealer/company/${DEMO_ACCOUNTS.carpenter.companyId}/shop`)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/dealer/company/${DEMO_ACCOUNTS.carpenter.companyId}/shop`)
  // One line and no dealer admin: the login lands in the shop directly.
  await login(page, DEMO_ACCOUNTS.carpenter.username)
  await expect(page).toHaveURL(new RegExp(`/dealer/company/${DEMO_ACCOUNTS.carpenter.companyId}/shop/?$`))
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Schreinerei Maurer')).toBeVisible()
  await expect(page.getByRole('main').getByText(DEMO_ACCOUNTS.carpenter.username)).toBeVisible()
  await openHydrated(page, `/dealer/company/${DEMO_ACCOUNTS.industry.companyId}/shop`)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('You are not allowed to access this company.')
})
