import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, login, loginAndLand, openHydrated, test } from './fixtures'

test('an unknown address shows "Page not found" with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found · Hollerbach Partner Portal')
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
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
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

for (const locale of ['en', 'de'] as const) {
  test(`Esc closes the phone menu in ${locale} and gives the focus back to its button`, async ({ page, context }) => {
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
    await page.setViewportSize({ width: 360, height: 740 })
    await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
    const toggle = page.getByRole('button', { name: locale === 'de' ? 'Menü' : 'Menu', exact: true })
    await toggle.click()
    const menu = page.locator('#portal-menu')
    await expect(menu).toBeVisible()
    await menu.getByRole('link').first().focus()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
}

test('the welcome page names only what the portal does today, in both languages', async ({ page, context }) => {
  for (const [locale, heading, points, info] of [
    [
      'en',
      'What you can do here',
      ['order in the shop', 'company tree', 'approve production baskets', 'upload price lists', 'work as one of them', 'translate catalogues'],
      'Log in to order in the shop.',
    ],
    [
      'de',
      'Was Sie hier tun können',
      ['bestellen im Shop', 'Unternehmensbaum', 'geben Produktionswarenkörbe frei', 'laden Preislisten', 'als einer von ihnen arbeiten', 'übersetzen Kataloge'],
      'Melden Sie sich an, um im Shop zu bestellen.',
    ],
  ] as const) {
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
    await openHydrated(page, '/welcome')
    const what = page.getByRole('region', { name: heading })
    for (const point of points) await expect(what).toContainText(point)
    // No screens that do not exist yet: company data (beyond the tree), contacts, delivery addresses, registration.
    await expect(what).not.toContainText(/company data|contact|deliver|regist|Unternehmensdaten|Ansprechpartner|Lieferadress|Registr/i)
    await expect(page.locator('#info')).toContainText(info)
    await expect(page.locator('#info')).not.toContainText(/manage your company|Unternehmen zu verwalten/)
  }
})
