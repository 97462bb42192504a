import { Secret, TOTP } from 'otpauth'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { vueLogin } from './vue-api'

// The login screen of an account with a second factor (decision 054). A server of its own: the
// shared one's demo accounts must keep logging in with the password alone.
const server = new OwnServer(E2E_BASE_PORT + 33, `./data/e2e-second-factor-${process.pid}`)
test.beforeAll(() => server.remove())
test.afterAll(async () => {
  await server.stop()
  server.remove()
})

const totpAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp })

async function post(path: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify(body),
  })
  return z.object({ status: z.literal(true), data: z.unknown() }).parse(await response.json()).data
}

test('after the password, the login asks for the code from the app and signs in with it', async ({ page }) => {
  await server.start()
  const dealer = DEMO_ACCOUNTS.dealer.username
  const { jwt } = await vueLogin(server.origin, dealer)
  const { secret } = z.object({ secret: z.string() }).parse(await post('/vue/account/2fa/setup/', jwt, {}))
  await post('/vue/account/2fa/enable/', jwt, { code: totpAt(secret, Date.now()) })

  await page.goto(`${server.origin}/`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel(/Username|Benutzername/).fill(dealer)
  await page.getByLabel(/^(Password|Passwort)$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()

  const code = page.getByRole('textbox', { name: /^(Code)/ })
  await expect(code).toBeVisible()
  await expect(code).toBeFocused()
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(code).toHaveAttribute('inputmode', 'numeric')
  await expect(page.getByText(/^(Enter the code from your authenticator app\.|Geben Sie den Code aus Ihrer Authenticator-App ein\.)$/)).toBeVisible()

  // The step after the one the enable used (a code of the next step is taken: clocks drift).
  await code.fill(totpAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
  await expect(page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / })).toBeVisible()
})
