import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, loginAndLand, test } from './fixtures'

// Bad ids in page URLs are the normal page-not-found (navbar, title, 404), never the route
// error; hostile search parameters never make a page fail (decision 017).
const BAD_ID_PAGES = [
  '/detail-price/abc',
  '/detail-price/-1',
  '/detail-price/1.5',
  '/detail-price/99999999999',
  '/catalog/abc',
  '/catalog/abc/x',
  '/article/abc/x',
  '/article/-1/x',
  '/dealer/company/abc/shop',
  '/dealer/company/0/shop',
  '/companies/abc',
  '/companies/0',
  '/companies/-1',
  '/companies/2147483648',
]

test('bad ids in page URLs are the page-not-found with the navbar and status 404', async ({ page }) => {
  await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
  for (const path of BAD_ID_PAGES) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page).toHaveTitle(/Hollerbach Partner Portal$/)
  }
})

test('without a login too (no detour to the login page for a page that cannot exist)', async ({ page }) => {
  const response = await page.goto('/detail-price/abc')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('hostile search parameters never make a page fail', async ({ page }) => {
  await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
  const errors = collectErrors(page)
  for (const path of [
    '/price-logs?page=1e400&sort=%00&filter=%00',
    '/order-approve?page=-1&dealer=99999999999',
    '/detail-price/1?page=abc&sort=%00',
    '/catalogs?src=%00&dst=%00',
    '/article/1/x?lang=%00',
    '/manage-users?email=%00&page=1e30',
    '/user/select-line?cid=99999999999',
    '/user/select-line?cid=abc',
    `/companies/${DEMO_ACCOUNTS.dealer.companyId}?search=%00`,
    `/companies/${DEMO_ACCOUNTS.dealer.companyId}?search=${'x'.repeat(5000)}`,
    '/companies/999999',
    '/?redirect=%00',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBeLessThan(500)
    await expect(page.getByRole('banner'), path).toBeVisible()
    await expect(page.getByRole('heading', { name: 'The page could not be loaded' }), path).toHaveCount(0)
  }
  expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([])
})
