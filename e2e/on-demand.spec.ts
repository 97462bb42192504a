import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, test } from './fixtures'

// Issue 28: the user menu's popup and the toast region are not in any page's first load; they
// are fetched when the user reaches for the menu or when the first toast is asked for, and
// then behave as before — by keyboard, by touch, in both languages.
const scriptsOf = (urls: string[], name: string) => urls.filter((url) => new URL(url).pathname.startsWith(`/assets/${name}-`))

function recordScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url())
  })
  return urls
}

test('the user menu loads on intent and opens by keyboard: Enter, arrows, Escape gives the focus back', async ({ page }) => {
  const scripts = recordScripts(page)
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  expect(scriptsOf(scripts, 'user-menu-popup')).toEqual([])
  const button = page.getByRole('button', { name: /^User menu of / })
  await button.focus()
  await page.keyboard.press('Enter')
  const logout = page.getByRole('menuitem', { name: 'Log out' })
  await expect(logout).toBeVisible()
  expect(scriptsOf(scripts, 'user-menu-popup')).toHaveLength(1)
  await expect(page.getByRole('menu')).toContainText(`Logged in as ${DEMO_ACCOUNTS.dealer.username}`)
  await page.keyboard.press('Escape')
  await expect(logout).toBeHidden()
  await expect(page.getByRole('button', { name: /^User menu of / })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(logout).toBeVisible()
  await expect(logout).toHaveAttribute('data-highlighted', '')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('a tap on the user menu opens it at once (German)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL ?? '' }])
    await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
    await page.getByRole('button', { name: /^Benutzermenü von / }).tap()
    await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible()
  })
})

test('the toast region is loaded with the first toast, shows it, and later toasts too', async ({ page }) => {
  const scripts = recordScripts(page)
  await openHydrated(page, '/login')
  expect(scriptsOf(scripts, 'toast-region')).toEqual([])
  await page.getByLabel('Username', { exact: true }).fill(DEMO_ACCOUNTS.dealer.username)
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  const logIn = page.getByRole('button', { name: 'Log in', exact: true })
  await logIn.click()
  const toasts = page.locator('[data-scope="toast"][data-part="root"]')
  await expect(toasts).toHaveCount(1)
  await expect(toasts.first()).toContainText('Error')
  expect(scriptsOf(scripts, 'toast-region')).toHaveLength(1)
  await logIn.click()
  await expect(toasts).toHaveCount(2)
})
