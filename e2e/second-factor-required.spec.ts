import type { Page } from '@playwright/test'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, test } from './fixtures'
import { OwnServer, serveDuring } from './own-server'

// REQUIRE_2FA_FOR_STAFF (decision 054): staff who manage users or upload files and have no
// second factor are asked to set one up at their next login — the login lands on the Security
// page with a notice. Everyone else lands as before. A server of its own, with the setting on.
const server = new OwnServer(E2E_BASE_PORT + 37, `./data/e2e-2fa-required-${process.pid}`, { JWT_SECRET: E2E_JWT_SECRET, REQUIRE_2FA_FOR_STAFF: '1' })
const { staff, translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })
serveDuring(test, server)

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto(`${server.origin}/`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel(/^Password$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('staff without a second factor land on the Security page, asked to set one up', async ({ page }) => {
  const errors = collectErrors(page)
  await logIn(page, staff.username)
  await expect(page).toHaveURL(/\/security$/)
  await expect(page.getByText('Your account needs a second factor: set it up here before you go on.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a user the setting does not name lands as before', async ({ page }) => {
  await logIn(page, translator.username)
  await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible()
  await expect(page).not.toHaveURL(/\/security$/)
})
