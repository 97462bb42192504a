import type { Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { SHELL_SCREENS, originFor } from './shell-screens'
import { expect, loginAndLand, openHydrated, seriousViolations, test } from './fixtures'

// Every screen of the shell, at phone and desktop width, in both languages: no horizontal
// scroll, and an axe-core scan (WCAG 2.2 AA) without serious or critical violations.
const { dealer, carpenter } = DEMO_ACCOUNTS

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

for (const locale of ['en', 'de'] as const) {
  test(`every shell screen in ${locale}: no horizontal scroll at 360 and 1280 px, no serious axe violation`, async ({ page, context }) => {
    test.setTimeout(180_000)
    for (const screen of SHELL_SCREENS) {
      await context.clearCookies()
      for (const host of ['localhost', 'doors.localhost']) {
        await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://${host}:${E2E_BASE_PORT}` }])
      }
      await page.setViewportSize({ width: 1280, height: 800 })
      if (screen.as) await loginAndLand(page, screen.as)
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        await openHydrated(page, `${originFor(screen, `http://localhost:${E2E_BASE_PORT}`)}${screen.path}`)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        expect(await horizontalOverflow(page), `${screen.name} at ${width}px`).toBeLessThanOrEqual(0)
        expect(await seriousViolations(page), `${screen.name} at ${width}px`).toEqual([])
      }
    }
  })
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
