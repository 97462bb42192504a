import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'

/** Signs a demo account in through the login form (English), as a user does; waits for the user menu. */
export async function signInThroughForm(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/login`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByRole('button', { name: /^User menu of / }).waitFor()
}
