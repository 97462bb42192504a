import type { Browser, BrowserContext, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, test } from './fixtures'
import { OwnServer, serveDuring } from './own-server'
import { sessionCookies, vueLogin } from './vue-api'

// The Security page (decisions 054 and 056): the sessions of the person signed in, ended one by
// one or all but this one; the second factor turned on from the page; the recent sign-ins. A
// server of its own: ending sessions and a second factor must not touch the demo accounts that
// the other specs sign in with.
const server = new OwnServer(E2E_BASE_PORT + 36, `./data/e2e-security-${process.pid}`, { JWT_SECRET: E2E_JWT_SECRET })
const { dealer, staff } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })
serveDuring(test, server)

const totpAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp })

async function signedIn(browser: Browser, username: string, locale: 'en' | 'de' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const cookies = await sessionCookies(server.origin, username, E2E_JWT_SECRET)
  await context.addCookies([...cookies.map((cookie) => ({ ...cookie, url: server.origin })), { name: 'PARAGLIDE_LOCALE', value: locale, url: server.origin }])
  return { context, page: await context.newPage() }
}

/** A real login through the login screen, in a browser of its own. */
async function loggedInThroughScreen(browser: Browser, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await open(page, '/')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel(/^Password$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible()
  return { context, page }
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.origin}${path}`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

const sessionsTable = (page: Page) => page.getByRole('table', { name: /^(Sessions|Sitzungen)$/ })
const endButtons = (page: Page) => sessionsTable(page).getByRole('button', { name: /^End the session of / })

async function expectLoginPage(page: Page, path: string): Promise<void> {
  await page.goto(`${server.origin}${path}`)
  await expect(page.getByLabel(/^(Username|Benutzername)$/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / })).toHaveCount(0)
}

test('the page, from the user menu, lists this session in English and German', async ({ browser }) => {
  for (const [locale, words] of [
    ['en', { title: 'Security', current: 'This browser', menu: /^User menu of /, item: 'Security', signIns: 'Recent sign-ins', done: 'Signed in' }],
    [
      'de',
      { title: 'Sicherheit', current: 'Dieser Browser', menu: /^Benutzermenü von /, item: 'Sicherheit', signIns: 'Letzte Anmeldungen', done: 'Angemeldet' },
    ],
  ] as const) {
    const { context, page } = await signedIn(browser, dealer.username, locale)
    const errors = collectErrors(page)
    await open(page, '/')
    await page.getByRole('button', { name: words.menu }).click()
    await page.getByRole('menuitem', { name: words.item }).click()
    await expect(page).toHaveURL(/\/security$/)
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(`^${words.title} · `))
    await expect(sessionsTable(page).getByText(words.current, { exact: true })).toHaveCount(1)
    await expect(page.getByRole('table', { name: words.signIns }).getByRole('cell', { name: words.done, exact: true }).first()).toBeVisible()
    expect(errors).toEqual([])
    await context.close()
  }
})

test('a session ended from the page signs the other browser out; ending this one signs out here', async ({ browser }) => {
  const first = await signedIn(browser, dealer.username)
  const errors = collectErrors(first.page)
  const second = await loggedInThroughScreen(browser, dealer.username)
  await open(first.page, '/security')
  // This session, and the one of the other browser among those of the other tests.
  await expect(endButtons(first.page)).not.toHaveCount(0)
  const before = await endButtons(first.page).count()
  // The newest session other than this one is the other browser's (the list is newest first).
  await endButtons(first.page).first().click()
  await expect(first.page.getByText('Session ended', { exact: true })).toBeVisible()
  await expect(endButtons(first.page)).toHaveCount(before - 1)

  await expectLoginPage(second.page, '/security')

  await first.page.getByRole('button', { name: 'End and sign out' }).click()
  await expect(first.page.getByLabel('Username')).toBeVisible()
  await expectLoginPage(first.page, '/security')
  expect(errors).toEqual([])
  await Promise.all([first.context.close(), second.context.close()])
})

test('"end all other sessions" asks first, says how many ended, and keeps this one', async ({ browser }) => {
  await vueLogin(server.origin, dealer.username)
  const other = await loggedInThroughScreen(browser, dealer.username)
  const { context, page } = await signedIn(browser, dealer.username)
  const errors = collectErrors(page)
  await open(page, '/security')
  const others = await endButtons(page).count()
  expect(others).toBeGreaterThanOrEqual(2)

  await page.getByRole('button', { name: 'End all other sessions' }).click()
  const dialog = page.getByRole('dialog', { name: 'End all other sessions?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(endButtons(page)).toHaveCount(others)

  await page.getByRole('button', { name: 'End all other sessions' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'End sessions' }).click()
  await expect(page.getByText(`Sessions ended: ${others}`, { exact: true })).toBeVisible()
  await expect(endButtons(page)).toHaveCount(0)
  await expect(sessionsTable(page).getByText('This browser', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'End all other sessions' })).toHaveCount(0)

  await expectLoginPage(other.page, '/security')
  await open(page, '/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  expect(errors).toEqual([])
  await Promise.all([context.close(), other.context.close()])
})

test('by the keyboard alone: Tab to a session’s end button, Enter ends it', async ({ browser }) => {
  const other = await loggedInThroughScreen(browser, dealer.username)
  const { context, page } = await signedIn(browser, dealer.username)
  const errors = collectErrors(page)
  await open(page, '/security')
  await expect(endButtons(page)).not.toHaveCount(0)
  const before = await endButtons(page).count()
  // The first one Tab reaches is the newest session but this one: the other browser's.
  let reached = false
  for (let presses = 0; presses < 60 && !reached; presses++) {
    await page.keyboard.press('Tab')
    reached = await page.evaluate(() => /^End the session of /.test(document.activeElement?.getAttribute('aria-label') ?? ''))
  }
  expect(reached).toBe(true)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Session ended', { exact: true })).toBeVisible()
  await expect(endButtons(page)).toHaveCount(before - 1)
  await expectLoginPage(other.page, '/security')
  expect(errors).toEqual([])
  await Promise.all([context.close(), other.context.close()])
})

test('staff end all sessions of a user from manage-users, not on their own row', async ({ browser }) => {
  const user = await loggedInThroughScreen(browser, dealer.username)
  const { context, page } = await signedIn(browser, staff.username)
  const errors = collectErrors(page)
  await open(page, '/manage-users?email=%40demo.example')
  const table = page.getByRole('table', { name: 'Manage users' })
  await expect(table.getByRole('cell', { name: dealer.username, exact: true })).toBeVisible()
  await expect(table.getByRole('cell', { name: staff.username, exact: true })).toBeVisible()
  await expect(table.getByRole('button', { name: `End all sessions of ${staff.username}` })).toHaveCount(0)

  await table.getByRole('button', { name: `End all sessions of ${dealer.username}` }).click()
  const dialog = page.getByRole('dialog', { name: `End all sessions of ${dealer.username}?` })
  await dialog.getByRole('button', { name: 'End sessions' }).click()
  await expect(page.getByText(new RegExp(`^Sessions of ${dealer.username.replace('.', '\\.')} ended: [1-9]`))).toBeVisible()
  await expectLoginPage(user.page, '/security')
  expect(errors).toEqual([])
  await Promise.all([context.close(), user.context.close()])
})

test('signing out through the user menu ends the session on the server too', async ({ browser }) => {
  const { context, page } = await signedIn(browser, dealer.username)
  const token = (await context.cookies(server.origin)).find((cookie) => cookie.name === 'portal_session')?.value ?? ''
  const sessions = () => fetch(`${server.origin}/vue/sessions/`, { headers: { authorization: `JWT ${token}` } }).then((response) => response.status)
  expect(await sessions()).toBe(200)
  await open(page, '/security')
  await page.getByRole('button', { name: /^User menu of / }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByLabel('Username')).toBeVisible()
  // The token itself is refused now, not only forgotten by this browser.
  expect(await sessions()).toBe(401)
  await context.close()
})

test('the second factor turned on from the page: recovery codes once, then the login asks for a code', async ({ browser }) => {
  const { context, page } = await signedIn(browser, staff.username)
  const errors = collectErrors(page)
  await open(page, '/security')
  await expect(page.getByText('Off: signing in needs your password only.')).toBeVisible()
  await page.getByRole('button', { name: 'Set up a second factor' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.locator('code[data-secret]').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+$/)

  await page.getByRole('textbox', { name: /^Code from the app/ }).fill(totpAt(secret, Date.now()))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused()
  await expect(page.getByText(/^Store these codes now/)).toBeVisible()
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download as text' }).click()
  expect((await download).suggestedFilename()).toMatch(/-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/)
  await page.getByRole('button', { name: 'I have stored them' }).click()
  await expect(page.getByText('On: signing in asks for a code. Recovery codes left: 10.')).toBeVisible()
  await expect(codes).toHaveCount(0)
  expect(errors).toEqual([])
  await context.close()

  // Signing in again: the password, then the code of the next time step (the enable took this one).
  const again = await browser.newContext({ serviceWorkers: 'block' })
  const login = await again.newPage()
  await open(login, '/')
  await login.getByLabel('Username').fill(staff.username)
  await login.getByLabel(/^Password$/).fill(DEMO_PASSWORD)
  await login.getByRole('button', { name: 'Log in' }).click()
  const code = login.getByRole('textbox', { name: /^Code/ })
  await expect(code).toBeFocused()
  await code.fill(totpAt(secret, Date.now() + 30_000))
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(login.getByRole('button', { name: /^User menu of / })).toBeVisible()
  await again.close()
})
