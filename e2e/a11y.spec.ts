import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, seriousViolations, test } from './fixtures'

// What a page load alone does not show: open menus and toasts pass the axe-core scan too.
// Every screen as it loads is scanned in screen-tour.spec.ts.
const { dealer, carpenter } = DEMO_ACCOUNTS

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

test('open menus and toasts pass the scan too', async ({ page }) => {
  await openHydrated(page, '/login')
  await page.getByLabel('Username').fill(carpenter.username)
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await loginAndLand(page, dealer.username)
  await page.getByRole('button', { name: /^User menu of / }).click()
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 360, height: 740 })
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  expect(await seriousViolations(page)).toEqual([])
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
})
