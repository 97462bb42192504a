import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, login, openHydrated, test } from './fixtures'

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS

test('dealer admins and staff land on the companies tree of their own company', async ({ page }) => {
  for (const account of [staff, dealer]) {
    await login(page, account.username)
    await expect(page).toHaveURL(new RegExp(`/companies/${account.companyId}$`))
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    await expect(page.getByRole('tree', { name: 'Company tree' })).toBeVisible()
    // Home sends them there again.
    await openHydrated(page, '/')
    await expect(page).toHaveURL(new RegExp(`/companies/${account.companyId}$`))
    await page.goto('/logout')
  }
})

test('a user with several lines chooses one on select-line, then shops in it', async ({ page }) => {
  await login(page, industry.username)
  await expect(page).toHaveURL(/\/user\/select-line$/)
  await expect(page.getByRole('heading', { name: 'Choose a production line' })).toBeVisible()
  const rows = page.getByRole('region', { name: 'Materials of your lines' }).locator('tbody tr')
  const total = await rows.count()
  expect(total).toBeGreaterThan(10)
  await page.getByLabel('Search materials').fill('eiche')
  await expect(rows).not.toHaveCount(total)
  for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain('eiche')
  await page.getByLabel('Search materials').fill('no-such-material-xyz')
  await expect(page.getByText('No material matches your search.')).toBeVisible()
  const choose = page.getByRole('button', { name: /^Shop in / })
  const label = (await choose.last().innerText()).replace(/^Shop in /, '').replace(/ \(last used\)$/, '')
  await choose.last().click()
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
  await expect(page.getByText(label, { exact: true })).toBeVisible()
})

test('a redirect query brings the user back after login; one to another host is ignored', async ({ page }) => {
  await openHydrated(page, `/?redirect=${encodeURIComponent(`/dealer/company/${carpenter.companyId}/shop`)}`)
  await page.getByLabel('Username').fill(dealer.username)
  await page.getByLabel('Password', { exact: true }).fill('portal-demo-2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(new RegExp(`/dealer/company/${carpenter.companyId}/shop/?$`))
  await page.goto('/logout')
  await openHydrated(page, `/?redirect=${encodeURIComponent('https://evil.example/steal')}`)
  await page.getByLabel('Username').fill(dealer.username)
  await page.getByLabel('Password', { exact: true }).fill('portal-demo-2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
  expect(new URL(page.url()).hostname).toBe('localhost')
})

test('select-line needs a login, and the login comes back to it', async ({ page }) => {
  await page.goto('/user/select-line')
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel('Username').fill(industry.username)
  await page.getByLabel('Password', { exact: true }).fill('portal-demo-2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose a production line' })).toBeVisible()
})
