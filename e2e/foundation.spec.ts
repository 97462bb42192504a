import { PERMISSIONS } from '../src/domain/permissions'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, login, logoutThroughMenu, openHydrated, test } from './fixtures'

test.describe('the built server on a fresh embedded database', () => {
  test('answers the login call from the browser', async ({ page }) => {
    await openHydrated(page, '/')
    const answer = await page.evaluate(async (password) => {
      const response = await fetch('/vue/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'staff@demo.example', password }),
      })
      return { status: response.status, body: await response.json() }
    }, DEMO_PASSWORD)
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe(true)
    // Staff hold every group: the nine of the spec and CAN_REVIEW.
    expect(answer.body.data.user.groups).toHaveLength(10)
    expect([...answer.body.data.user.groups].sort()).toEqual([...PERMISSIONS].sort())
  })

  test('logs in through the form, keeps the token out of JavaScript, and logs out', async ({ page, context }) => {
    await login(page, DEMO_ACCOUNTS.dealer.username)
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    const cookies = await context.cookies()
    const session = cookies.find((cookie) => cookie.name === 'portal_session')
    expect(session?.httpOnly).toBe(true)
    expect(session?.sameSite).toBe('Lax')
    expect(await page.evaluate(() => document.cookie)).not.toContain('portal_session')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    await logoutThroughMenu(page)
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    expect((await context.cookies()).find((cookie) => cookie.name === 'portal_session')).toBeUndefined()
  })

  test('shows a clear message for wrong credentials', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.carpenter.username, 'wrong-password')
    await expect(page.locator('form').getByRole('alert')).toHaveText('The username or password is wrong.')
  })

  test('speaks German when German is chosen', async ({ page }) => {
    await openHydrated(page, '/')
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByText('Benutzername ist ein Pflichtfeld.')).toBeVisible()
  })
})

test('ignores an edited user cookie', async ({ page, context }) => {
  await login(page, DEMO_ACCOUNTS.dealer.username)
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'portal_user')
  expect(cookie).toBeDefined()
  const forged = { username: 'staff@demo.example', id: 1, company: [1, 'X'], lines: [], last_line: null, groups: ['MANAGE_USERS'], shop_url: '/' }
  const [, mac] = cookie!.value.split('.')
  await context.addCookies([{ ...cookie!, value: `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}` }])
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})
