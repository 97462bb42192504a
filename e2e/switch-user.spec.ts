import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { calendarDay } from '../src/domain/session-validity'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, openHydrated, signIn, test } from './fixtures'
import { OwnServer, serveDuring } from './own-server'
import { switchedSessionCookies } from './vue-api'

// Switch user with a reason and an end (decision 055): the banner while switched, and a switch
// past SWITCH_USER_MINUTES (2 on a server of its own) going back by itself with a notice saying why.
const { staff, dealer, carpenter } = DEMO_ACCOUNTS
const MINUTE = 60_000
const userMenu = (username: string) => new RegExp(`^(User menu of|Benutzermenü von) ${username}$`)

test('a switch asks why, then the banner says until when on every screen', async ({ page }) => {
  const errors = collectErrors(page)
  await signIn(page, staff.username)
  await openHydrated(page, `/switch-user?email=${encodeURIComponent(dealer.username)}`)
  const reason = page.getByLabel('Reason', { exact: true })
  await expect(reason).toHaveAccessibleDescription(/3 to 200 characters/)
  // Without a reason: refused on the field, which gets the focus.
  await page.getByRole('button', { name: 'Switch', exact: true }).click()
  await expect(reason).toHaveAccessibleDescription(/Please say why you switch to this user\./)
  await expect(reason).toBeFocused()
  await reason.fill('ab')
  await reason.press('Enter')
  await expect(reason).toHaveAccessibleDescription(/The reason needs at least 3 characters\./)
  await reason.fill('Support request 4711')
  await reason.press('Enter')

  const banner = page.getByTestId('switched-banner')
  const text = new RegExp(`^You are working as ${dealer.username} until \\d{1,2}:\\d{2}\\s?(AM|PM)? \\(signed in as ${staff.username}\\)\\.$`)
  await expect(banner).toHaveText(text)
  await expect(page.getByRole('button', { name: userMenu(dealer.username) })).toBeVisible()
  // Another screen: the same banner.
  await openHydrated(page, '/order-approve')
  await expect(banner).toHaveText(text)
  await openHydrated(page, `/companies/${dealer.companyId}`)
  await expect(banner).toHaveText(text)
  await page.getByRole('button', { name: `Back to ${staff.username}` }).click()
  await expect(page).toHaveURL(/\/switch-user$/)
  await expect(page.getByRole('button', { name: userMenu(staff.username) })).toBeVisible()
  expect(errors).toEqual([])
})

test.describe('a switch past its time', () => {
  // A server of its own whose switches last 2 minutes, so a switch past its end is minutes old —
  // and of today: a token is valid on its calendar day only (decision 004).
  const SWITCH_MINUTES = 2
  const server = new OwnServer(E2E_BASE_PORT + 38, `./data/e2e-switch-end-${process.pid}`, {
    JWT_SECRET: E2E_JWT_SECRET,
    SWITCH_USER_MINUTES: String(SWITCH_MINUTES),
  })
  test.describe.configure({ mode: 'serial' })
  serveDuring(test, server)

  /** In the first minutes of a day (portal time) waits until a switch `ageMs` old lies in it. */
  async function switchedToday(ageMs: number): Promise<number> {
    while (calendarDay(Date.now() - ageMs, 'Europe/Berlin') !== calendarDay(Date.now(), 'Europe/Berlin'))
      await new Promise((resolve) => setTimeout(resolve, 1000))
    return Date.now() - ageMs
  }

  test('a page opened after the end goes back to the person who switched and says why', async ({ page }) => {
    test.setTimeout(4 * MINUTE)
    const errors = collectErrors(page)
    const switchedAtMs = await switchedToday((SWITCH_MINUTES + 1) * MINUTE)
    const cookies = await switchedSessionCookies(
      server.origin,
      { real: staff.username, target: carpenter.username, switchedAtMs, minutes: SWITCH_MINUTES },
      E2E_JWT_SECRET,
    )
    await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: server.origin })))
    await openHydrated(page, `${server.origin}/my-company`)
    await expect(page).toHaveURL(/\/switch-user\?/)
    await expect(page.getByRole('status').filter({ hasText: 'ended after' })).toHaveText(
      `Your switch to ${carpenter.username} ended after ${SWITCH_MINUTES} minutes: you are working as yourself again.`,
    )
    await expect(page.getByRole('button', { name: userMenu(staff.username) })).toBeVisible()
    await expect(page.getByTestId('switched-banner')).toHaveCount(0)
    // Signed in as themselves from now on.
    await openHydrated(page, `${server.origin}/`)
    await expect(page.getByRole('button', { name: userMenu(staff.username) })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('in German, the banner goes back by itself when the time is up', async ({ page }) => {
    test.setTimeout(4 * MINUTE)
    const errors = collectErrors(page)
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: server.origin }])
    // Switched all but 4 seconds of its time ago: the end comes while the page is open.
    const switchedAtMs = await switchedToday(SWITCH_MINUTES * MINUTE - 4000)
    const cookies = await switchedSessionCookies(
      server.origin,
      { real: staff.username, target: carpenter.username, switchedAtMs, minutes: SWITCH_MINUTES },
      E2E_JWT_SECRET,
    )
    await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: server.origin })))
    await openHydrated(page, `${server.origin}/`)
    await expect(page.getByTestId('switched-banner')).toHaveText(
      new RegExp(`^Sie arbeiten bis \\d{2}:\\d{2} Uhr als ${carpenter.username} \\(angemeldet als ${staff.username}\\)\\.$`),
    )
    await expect(page).toHaveURL(/\/switch-user\?/, { timeout: 15_000 })
    await expect(page.getByRole('status').filter({ hasText: 'abgelaufen' })).toHaveText(
      `Ihr Wechsel zu ${carpenter.username} ist nach ${SWITCH_MINUTES} Minuten abgelaufen: Sie arbeiten wieder als Sie selbst.`,
    )
    await expect(page.getByRole('button', { name: userMenu(staff.username) })).toBeVisible()
    expect(errors).toEqual([])
  })
})
