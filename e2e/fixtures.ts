import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts'

// Pages are used only after hydration (clicks before it would be lost).
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

/**
 * Follows a link in the page (a click, or Enter on the focused link) and waits until the new
 * page is shown: the router changes the URL first and keeps the old page, busy, until the next
 * one has loaded — so an action right after the URL change could still reach the old page.
 */
export async function followLink(page: Page, link: Locator, by: 'click' | 'Enter' = 'click'): Promise<void> {
  const before = page.url()
  const pressed = await link.elementHandle()
  // A link of the page itself goes with it (the navbar's links stay).
  const inPage = await pressed!.evaluate((element) => element.closest('main') !== null)
  if (by === 'click') await link.click()
  else {
    await link.focus()
    await page.keyboard.press('Enter')
  }
  await page.waitForURL((url) => url.href !== before)
  await expect(page.locator('main#main')).not.toHaveAttribute('aria-busy', 'true')
  if (inPage) await pressed!.waitForElementState('hidden')
}

/** Console errors and uncaught page errors from now on (hydration mismatches, CSP refusals). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await openHydrated(page, '/')
  await page.getByLabel(/Username|Benutzername/).fill(username)
  await page.getByLabel(/^(Password|Passwort)$/).fill(password)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
}

/** Logs in and waits until the landing page has loaded with the user menu in its navbar. */
export async function loginAndLand(page: Page, username: string): Promise<void> {
  await login(page, username)
  await expect(page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / })).toBeVisible()
  await page.waitForLoadState('load')
}

/** Logs out through the user menu in the navbar. */
export async function logoutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / }).click()
  await page.getByRole('menuitem', { name: /^(Log out|Abmelden)$/ }).click()
}

/** An axe-core scan (WCAG 2.2 AA) of the page as it is: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

export const test = base
export { expect }
