import { SignJWT } from 'jose'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, login, logoutThroughMenu, openHydrated, test } from './fixtures'

const { staff, dealer, carpenter, industry, translator, guest } = DEMO_ACCOUNTS
const doors = `http://doors.localhost:${E2E_BASE_PORT}`
const shopOf = (companyId: number) => new RegExp(`/dealer/company/${companyId}/shop/?$`)

test.describe('each demo account lands where the spec says', () => {
  test('staff and dealer admins go to the companies tree of their own company', async ({ page }) => {
    for (const account of [staff, dealer]) {
      await login(page, account.username)
      await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/companies/${account.companyId}$`))
      await logoutThroughMenu(page)
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    }
  })

  test('carpenter and translator go to the shop; home sends them there again', async ({ page }) => {
    for (const account of [carpenter, translator]) {
      await login(page, account.username)
      await expect(page).toHaveURL(shopOf(account.companyId))
      await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
      await openHydrated(page, '/')
      await expect(page).toHaveURL(shopOf(account.companyId))
      await page.goto('/logout')
    }
  })

  test('industry (three lines) goes to select-line', async ({ page }) => {
    await login(page, industry.username)
    await expect(page).toHaveURL(/\/user\/select-line$/)
  })
})

test.describe('guest login', () => {
  test('exists on the door site, in German by default, and lands in the shop', async ({ page }) => {
    await openHydrated(page, `${doors}/`)
    await expect(page).toHaveTitle('Startseite · Hollerbach Türen Portal')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.getByRole('button', { name: 'Als Gast anmelden' }).click()
    await expect(page).toHaveURL(new RegExp(`^${doors}/dealer/company/${guest.companyId}/shop/?$`))
    await expect(page.getByRole('main').getByText(guest.username)).toBeVisible()
  })

  test('does not exist on the base site', async ({ page }) => {
    await openHydrated(page, '/')
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Guest|Gast/ })).toHaveCount(0)
  })

  test('an unknown site host falls back to the base site', async ({ page }) => {
    await openHydrated(page, `http://unknown-brand.localhost:${E2E_BASE_PORT}/`)
    await expect(page).toHaveTitle('Home · Hollerbach Partner Portal')
    await expect(page.getByRole('button', { name: /Guest|Gast/ })).toHaveCount(0)
  })
})

test.describe('languages', () => {
  test('the switch changes the whole page in place, keeping typed input', async ({ page }) => {
    await openHydrated(page, '/login')
    await page.getByLabel('Username').fill('someone@example.com')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible()
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByLabel('Benutzername')).toHaveValue('someone@example.com')
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('short')
    await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Kontakt' })).toBeVisible()
    await expect(page).toHaveTitle('Anmelden · Hollerbach Partner Portal')
    // No reload happened: the page kept its state.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
  })

  test('an open error toast follows the switch', async ({ page }) => {
    await openHydrated(page, '/login')
    await page.getByLabel('Username').fill(carpenter.username)
    await page.getByLabel('Password', { exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    const toast = page.locator('[data-scope="toast"][data-part="root"]')
    await expect(toast).toContainText('Error')
    await expect(toast).toContainText('The username or password is wrong.')
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await expect(toast).toContainText('Fehler')
  })

  test('a stored choice wins over the site default, on every site', async ({ page }) => {
    await openHydrated(page, `${doors}/welcome`)
    await expect(page.getByRole('heading', { name: 'Willkommen im Hollerbach Türen Portal' })).toBeVisible()
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome to the Hollerbach Türen Portal' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome to the Hollerbach Türen Portal' })).toBeVisible()
    await openHydrated(page, '/welcome')
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Willkommen im Hollerbach Partner Portal' })).toBeVisible()
  })
})

test.describe('chrome', () => {
  test('navbar and side menu show only what the user may use, and no link is dead', async ({ page }) => {
    await openHydrated(page, '/')
    const navbar = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(navbar.getByRole('link', { name: 'Info' })).toBeVisible()
    await expect(navbar.getByRole('link', { name: 'Contact' })).toBeVisible()
    await expect(navbar.getByRole('link', { name: 'About us' })).toBeVisible()
    await expect(navbar.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Side menu' })).toHaveCount(0)
    await expect(page.getByText('Version 1.25.78')).toBeVisible()

    await login(page, industry.username)
    await expect(page).toHaveURL(/select-line/)
    const side = page.getByRole('navigation', { name: 'Side menu' })
    await expect(side.getByRole('link', { name: 'Choose a production line' })).toBeVisible()
    await expect(navbar.getByRole('link', { name: 'Admin' })).toBeVisible()
    const hrefs = new Set<string>()
    for (const link of await page.locator('header a[href], nav a[href], footer a[href]').all()) {
      const href = await link.getAttribute('href')
      if (href && href.startsWith('/') && href !== '/redirect2shop') hrefs.add(href.split('#')[0]!)
    }
    expect(hrefs.size).toBeGreaterThan(3)
    for (const href of hrefs) {
      const response = await page.request.get(href)
      expect(response.status(), href).toBe(200)
    }
    await page.goto('/logout')
    await login(page, carpenter.username)
    await expect(page).toHaveURL(shopOf(carpenter.companyId))
    await expect(page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Choose a production line' })).toHaveCount(0)
  })

  test('the phone menu opens from the menu button and keyboard focus is visible', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.locator('#portal-menu').getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/welcome#contact$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await openHydrated(page, '/login')
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    await expect(focused).toHaveText('Skip to content')
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid')
  })

  test('pages have titles', async ({ page }) => {
    for (const [path, title] of [
      ['/', 'Home · Hollerbach Partner Portal'],
      ['/login', 'Log in · Hollerbach Partner Portal'],
      ['/test-login', 'Test login · Hollerbach Partner Portal'],
      ['/welcome', 'Welcome · Hollerbach Partner Portal'],
      ['/de/welcome', 'Welcome · Hollerbach Partner Portal'],
    ] as const) {
      await page.goto(path)
      await expect(page).toHaveTitle(title)
    }
  })

  test('the {location} prefix works where the spec marks it, and nowhere else', async ({ page }) => {
    for (const path of ['/at/home', '/at/login', '/at/welcome']) expect((await page.request.get(path)).status(), path).toBe(200)
    expect((await page.request.get('/at/logout')).status()).toBe(404)
    expect((await page.request.get('/Not A Location/login')).status()).toBe(404)
    await page.goto('/at/user/select-line')
    await expect(page).toHaveURL(/\/\?redirect=%2Fat%2Fuser%2Fselect-line$/)
  })
})

test.describe('session rules', () => {
  test('login validation: username required, password at least 8', async ({ page }) => {
    await openHydrated(page, '/login')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByText('Username is a required field.')).toBeVisible()
    await expect(page.getByText('Password is a required field.')).toBeVisible()
    await expect(page.getByLabel('Username')).toBeFocused()
  })

  test('a session from another calendar day is logged out with a message', async ({ page, context }) => {
    await login(page, dealer.username)
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    const yesterday = Math.floor(Date.now() / 1000) - 86_400 - 60
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(dealer.userId))
      .setIssuedAt(yesterday)
      .setExpirationTime(yesterday + 3600)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET))
    const session = (await context.cookies()).find((cookie) => cookie.name === 'portal_session')!
    await context.addCookies([{ ...session, value: old }])
    await openHydrated(page, '/')
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    expect((await context.cookies()).find((cookie) => cookie.name === 'portal_session')).toBeUndefined()
  })

  test('a stored useAs value sends a dealer admin to the shop as that company; out of scope it is refused', async ({ page, context }) => {
    await login(page, dealer.username)
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    await context.addCookies([{ name: 'portal_use_as', value: String(carpenter.companyId), url: `http://localhost:${E2E_BASE_PORT}` }])
    await page.goto('/')
    await expect(page).toHaveURL(shopOf(carpenter.companyId))
    await expect(page.getByRole('main').getByText('Schreinerei Maurer')).toBeVisible()
    // Used once: home sends the dealer admin to companies again.
    await openHydrated(page, '/')
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    await context.addCookies([{ name: 'portal_use_as', value: String(staff.companyId), url: `http://localhost:${E2E_BASE_PORT}` }])
    await page.goto('/')
    await expect(page).toHaveURL(/\/redirect2shop$/)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('You are not allowed to access this company.')
  })

  test('the shop-domain cookie sends the browser to that site', async ({ page, context }) => {
    await context.addCookies([{ name: 'shop_domain', value: 'doors', url: `http://localhost:${E2E_BASE_PORT}` }])
    await page.goto('/welcome')
    await expect(page).toHaveURL(`${doors}/welcome`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('the go-to-shop entry hands over through redirect2shop', async ({ page }) => {
    await login(page, dealer.username)
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Go to the shop' }).click()
    await expect(page).toHaveURL(shopOf(dealer.companyId))
  })
})
