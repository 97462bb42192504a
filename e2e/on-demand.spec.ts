import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, login, loginAndLand, openHydrated, signIn, test, waitForServiceWorker } from './fixtures'

// The user menu's popup and the toast region are not in any page's first load (decision 035); the
// popup is fetched when the user reaches for the menu, the region at the first tap, key or focus
// on the page or when the first toast is asked for, and then they behave as before — by
// keyboard, by touch, in both languages.
const scriptsOf = (urls: string[], name: string) => urls.filter((url) => new URL(url).pathname.startsWith(`/assets/${name}-`))

function recordScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url())
  })
  return urls
}

test('the user menu loads on intent and opens by keyboard: Enter, arrows, Escape gives the focus back', async ({ page }) => {
  const scripts = recordScripts(page)
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  expect(scriptsOf(scripts, 'user-menu-popup')).toEqual([])
  const button = page.getByRole('button', { name: /^User menu of / })
  await button.focus()
  await page.keyboard.press('Enter')
  const logout = page.getByRole('menuitem', { name: 'Log out' })
  await expect(logout).toBeVisible()
  expect(scriptsOf(scripts, 'user-menu-popup')).toHaveLength(1)
  await expect(page.getByRole('menu')).toContainText(`Logged in as ${DEMO_ACCOUNTS.dealer.username}`)
  // The menu takes the focus a frame after it opens (a person's next key comes later).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=menu]') !== null)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(logout).toBeHidden()
  await expect(page.getByRole('button', { name: /^User menu of / })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(logout).toBeVisible()
  // The first item (the Security page) is highlighted first, log out is the last.
  await expect(page.getByRole('menuitem', { name: 'Security' })).toHaveAttribute('data-highlighted', '')
  await page.keyboard.press('ArrowDown')
  await expect(logout).toHaveAttribute('data-highlighted', '')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})

test('the user menu’s script arriving while its button has the focus: the focus stays on the button and the next Enter opens the menu', async ({ page }) => {
  const release = await holdScript(page, 'user-menu-popup')
  const scripts = recordScripts(page)
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  const button = page.getByRole('button', { name: /^User menu of / })
  await button.focus()
  release()
  await expect.poll(() => scriptsOf(scripts, 'user-menu-popup').length).toBe(1)
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
})

test('the user menu’s script arriving between the pointer’s rest on the button and the click: the click opens the menu', async ({ page }) => {
  const release = await holdScript(page, 'user-menu-popup')
  const scripts = recordScripts(page)
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  const button = page.getByRole('button', { name: /^User menu of / })
  await button.hover()
  const arrived = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/assets/user-menu-popup-'))
  release()
  await (await arrived).finished()
  expect(scriptsOf(scripts, 'user-menu-popup')).toHaveLength(1)
  // The script run and any render it caused painted: two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  // The button the pointer rests on stays the plain one until it is clicked: a menu swapped in on
  // the pointer's arrival could meet the click before its machine had started, and stay shut.
  await expect(page.locator('button[data-scope=menu]')).toHaveCount(0)
  await button.click()
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('a tap on the user menu opens it at once (German)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL ?? '' }])
    await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
    await page.getByRole('button', { name: /^Benutzermenü von / }).tap()
    await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible()
  })
})

test('the toast region is not in the first load, nor fetched while nobody uses the page; it comes at the first use and shows the first toast and later ones', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text()
  expect(html).not.toContain('toast-region')
  expect(html).not.toContain('user-menu-popup')
  const fetched: string[] = []
  page.on('request', (asked) => fetched.push(new URL(asked.url()).pathname))
  await openHydrated(page, '/login')
  await page.waitForLoadState('networkidle')
  expect(fetched.filter((path) => path.includes('toast-region'))).toEqual([])
  await page.getByLabel('Username', { exact: true }).fill(DEMO_ACCOUNTS.dealer.username)
  await expect.poll(() => fetched.filter((path) => path.includes('toast-region')).length).toBe(1)
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  const logIn = page.getByRole('button', { name: 'Log in', exact: true })
  await logIn.click()
  const toasts = page.locator('[data-scope="toast"][data-part="root"]')
  await expect(toasts).toHaveCount(1)
  await expect(toasts.first()).toContainText('Error')
  await logIn.click()
  await expect(toasts).toHaveCount(2)
})

test('the menu links the spec writes out (contacts, my company) move inside the app, with the spec address kept', async ({ page }) => {
  await loginAndLand(page, DEMO_ACCOUNTS.staff.username)
  // A mark on this document: a full page load would lose it.
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''))
  const contacts = page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true }).first()
  await expect(contacts).toHaveAttribute('href', `/overview-contacts/?cid=${DEMO_ACCOUNTS.staff.companyId}`)
  await contacts.click()
  await expect(page).toHaveURL(new RegExp(`/overview-contacts/?\\?cid=${DEMO_ACCOUNTS.staff.companyId}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Contact')
  await expect(page.locator('html')).toHaveAttribute('data-same-document', '')
  // A click with Ctrl (new tab) is the browser's: the page stays.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'My company', exact: true })
    .first()
    .click({ modifiers: ['Control'] })
  await expect(page).toHaveURL(/\/overview-contacts\/?\?cid=/)
})

// A list's row menu and its tooltip: neither in the first load; the menu's script comes at the
// first tap, key or focus on a phone or when a menu button is reached for, the tooltip's at the
// first tap, key or focus on a hovering device or when a Tip is pointed at or focused. What the
// user did while a script was on its way happens once it is there. The held scripts below make
// "before the script is there" certain.
// The side menu comes with the signed-in chrome's script, fetched when a user is signed in: the
// screen after a login shows before it, and does not move when it arrives (its column is held).
test('after a login the screen is there before the side menu’s script, and stays where it is when the menu arrives', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const scripts = recordScripts(page)
  const release = await holdScript(page, 'signed-in-menu')
  await openHydrated(page, '/')
  expect(scriptsOf(scripts, 'signed-in-menu')).toEqual([])
  await login(page, DEMO_ACCOUNTS.dealer.username)
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible()
  const sideMenu = page.getByRole('navigation', { name: 'Side menu' })
  await expect(sideMenu).toHaveCount(0)
  const before = await page.locator('main').boundingBox()
  release()
  await expect(sideMenu.getByRole('link', { name: 'Contacts' })).toBeVisible()
  const after = await page.locator('main').boundingBox()
  expect(after?.x).toBe(before?.x)
  expect(after?.width).toBe(before?.width)
})

// What only an action needs — the tooltip, a form's checks, the dialog — is not fetched by a
// screen nobody touches; the first key is enough to fetch it (docs/decisions/035-page-weight.md).
test('a signed-in screen nobody touches fetches no tooltip, form checks or dialog; the first key fetches them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const scripts = recordScripts(page)
  await signIn(page, DEMO_ACCOUNTS.dealer.username)
  for (const [path, part] of [
    [`/companies/${DEMO_ACCOUNTS.dealer.companyId}`, 'tooltip-popup'],
    ['/my-company', 'schemas'],
  ] as const) {
    await openHydrated(page, path)
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2500)))
    expect(scriptsOf(scripts, part), `${part} on ${path}, untouched`).toEqual([])
    await page.keyboard.press('Tab')
    await expect.poll(() => scriptsOf(scripts, part).length, `${part} on ${path}, after a key`).toBeGreaterThan(0)
  }
})

test('the translation desk nobody touches fetches neither the memory’s worker nor what only a key or an open editor needs; the first key fetches them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  // The worker's script is not a page script (Chromium calls its request "other").
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  await signIn(page, DEMO_ACCOUNTS.translator.username)
  await openHydrated(page, '/vartext?dst=fr')
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2500)))
  const parts = ['memory.worker', 'shortcuts-dialog', 'desk-actions', 'history-panel', 'review-panel']
  for (const part of parts) expect(scriptsOf(requested, part), `${part}, untouched`).toEqual([])
  // Until then the memory says it has not read the device's texts.
  const fill = page.getByRole('button', { name: 'Fill exact matches' })
  await expect(fill).toHaveAttribute('title', 'Reading the texts on this device…')
  await page.keyboard.press('Tab')
  for (const part of parts) await expect.poll(() => scriptsOf(requested, part).length, `${part}, after a key`).toBeGreaterThan(0)
  await expect(fill).toHaveAttribute('title', /^\d+ texts in memory$/)
})

test.describe('with the offline shell', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a desk the offline shell serves starts the memory by itself: its script is on the device (German)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL! }])
    await signIn(page, DEMO_ACCOUNTS.translator.username)
    await openHydrated(page, '/vartext?dst=fr')
    await waitForServiceWorker(page)
    await openHydrated(page, '/vartext?dst=fr')
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    // Nothing pressed, clicked or focused: the worker reports its texts after the first idle moment.
    await expect(page.getByRole('button', { name: 'Exakte Treffer einsetzen' })).toHaveAttribute('title', /^\d+ Texte im Speicher$/)
  })
})

async function holdScript(page: Page, name: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    await released
    await route.continue()
  })
  return release
}

const contactsOf = (page: Page, heading: RegExp) => page.getByRole('region', { name: heading }).getByRole('listitem')
const CONTACTS = `/overview-contacts?cid=${DEMO_ACCOUNTS.carpenter.companyId}`

test('at 360 px a contact card’s menu asked for by Enter before its script is there opens on its first item when the script comes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  const release = await holdScript(page, 'row-menu-popup')
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  const html = await (await page.request.get(CONTACTS)).text()
  expect(html).toContain('Contacts of ')
  expect(html).not.toContain('row-menu-popup')
  expect(html).not.toContain('tooltip-popup')
  await openHydrated(page, CONTACTS)
  const button = contactsOf(page, /^Contacts of /)
    .first()
    .getByRole('button', { name: /^Actions for / })
  await button.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: (await button.getAttribute('aria-label')) ?? '' })
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
  release()
  await expect(menu).toBeVisible()
  await expect(menu.locator('[role=menuitem][data-highlighted]')).toHaveText('Edit')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
})

test('on a wide screen the row menu’s script never loads (there are no menu buttons); a tooltip pointed at before its script is there opens after its delay', async ({
  page,
}) => {
  const scripts = recordScripts(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  const release = await holdScript(page, 'tooltip-popup')
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  await openHydrated(page, CONTACTS)
  const mark = page
    .getByRole('region', { name: /^Contacts of / })
    .locator('span[tabindex="0"]')
    .first()
  await mark.hover()
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  release()
  await expect(page.getByRole('tooltip')).toHaveText(
    /^(May log in\.|Cannot log in until made active again\.|Manages the sub-companies and contacts of the company\.)$/,
  )
  // Long past the browser's idle moment: still no row menu.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2500)))
  expect(scriptsOf(scripts, 'row-menu-popup')).toEqual([])
})

test('a tooltip is drawn above the table’s sticky header (the layers are real z-index values)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  await openHydrated(page, CONTACTS)
  await page
    .getByRole('region', { name: /^Contacts of / })
    .locator('span[tabindex="0"]')
    .first()
    .hover()
  const tooltip = page.getByRole('tooltip')
  await expect(tooltip).toBeVisible()
  const box = await tooltip.boundingBox()
  // Every point of the tooltip's box is the tooltip's, not the header cell's under it (made
  // hit-testable for the check: a tooltip takes no pointer events).
  const onTop = await page.evaluate(({ x, y, width, height }) => {
    const tip = document.querySelector<HTMLElement>('[role=tooltip]')!
    for (const element of [tip, tip.parentElement!]) element.style.pointerEvents = 'auto'
    return [0.1, 0.5, 0.9].every((fx) =>
      [0.2, 0.5, 0.8].every((fy) => document.elementFromPoint(x + width * fx, y + height * fy)?.closest('[role=tooltip]') != null),
    )
  }, box!)
  expect(onTop).toBe(true)
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('[role=tooltip]')!).zIndex)).toBe('1800')
})

// The login form: one plain form that takes typing from the first moment; its checks, its call
// and its landing come when the form is reached for, never while nobody touches it (held back
// here, so that the typing happens before they are there), and no schema library, form library
// or form layer ever comes for two fields.
test('the login form takes typing and the shown password before its part is there, checks once it is, and never fetches zod or the form layer', async ({
  page,
  request,
}) => {
  const scripts = recordScripts(page)
  const html = await (await request.get('/login')).text()
  expect(html).not.toContain('login-submit')
  const release = await holdScript(page, 'login-submit')
  await openHydrated(page, '/login')
  await page.waitForLoadState('networkidle')
  expect(scriptsOf(scripts, 'login-submit'), 'fetched while nobody touched the form').toEqual([])
  const username = page.getByLabel('Username', { exact: true })
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('secret-2026')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await username.click()
  await page.keyboard.type('dealer@demo')
  release()
  await expect.poll(() => scriptsOf(scripts, 'login-submit').length).toBe(1)
  await expect(username).toHaveValue('dealer@demo')
  await expect(password).toHaveValue('secret-2026')
  // The checks: an empty field is refused in place, with the focus there and nothing sent.
  const calls: string[] = []
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/_serverFn')) calls.push(sent.url())
  })
  await username.fill('')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(username).toHaveAccessibleDescription('Username is a required field.')
  await expect(username).toBeFocused()
  expect(calls).toEqual([])
  await page.waitForLoadState('networkidle')
  for (const heavy of ['schemas', 'use-zod-form', 'field-problems', 'login-form-live']) expect(scriptsOf(scripts, heavy), heavy).toEqual([])
})

test('a login sent before the form’s part is there is sent once it comes (German)', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL ?? '' }])
  const release = await holdScript(page, 'login-submit')
  await openHydrated(page, '/login')
  await page.getByLabel('Benutzername', { exact: true }).fill(DEMO_ACCOUNTS.dealer.username)
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  const busy = page.getByRole('button', { name: 'Anmeldung läuft …' })
  await expect(busy).toBeDisabled()
  await expect(busy).toHaveAttribute('aria-busy', 'true')
  // Nothing was sent the browser's way (no page load, no password in the address).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
  await expect(page).toHaveURL(/\/login$/)
  release()
  await page.waitForURL(/\/companies\//)
  await expect(page.getByRole('button', { name: /^Benutzermenü von / })).toBeVisible()
})

// A form's checks (its schema with zod, and the words for zod's issues) are not
// in the screen's first load. A submit before they are there waits for them and is refused in
// the same words, on the field, with the focus there and nothing sent to the server.
test('forgot-password: an address sent before the form’s checks are there is refused in the same words once they come, and nothing is sent', async ({
  page,
}) => {
  const scripts = recordScripts(page)
  const release = await holdScript(page, 'field-problems')
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/_serverFn')) calls.push(request.url())
  })
  const html = await (await page.request.get('/forgot-password')).text()
  expect(html).not.toContain('field-problems')
  await openHydrated(page, '/forgot-password')
  const email = page.getByLabel('E-mail')
  await email.fill('not-an-address')
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page.getByRole('button', { name: 'Send link' })).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveCount(0)
  release()
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveText('E-mail must be a valid e-mail address.')
  await expect(email).toBeFocused()
  expect(calls).toEqual([])
  expect(scriptsOf(scripts, 'field-problems')).toHaveLength(1)
  // From then on the form checks as it is typed.
  await email.fill('dealer@demo.example')
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveCount(0)
})

// The modal dialog (Ark's dialog, focus trap, dismissal) is not in a screen's
// first load. A dialog asked for before its script is there opens when it comes, with the focus
// inside; Escape closes it and gives the focus back to the button that opened it.
test('order-reset: the dialog asked for before its script is there opens when it comes, and Escape gives the focus back', async ({ page }) => {
  const release = await holdScript(page, 'dialog')
  await signIn(page, DEMO_ACCOUNTS.staff.username)
  await openHydrated(page, '/order-approve?tab=finished&sort=-basket_number')
  const region = page.getByRole('region', { name: /^Baskets: / })
  await expect(region).toHaveAttribute('aria-busy', 'false')
  const number = (await region.locator('tbody tr td:first-child strong').first().innerText()).trim()
  const html = await (await page.request.get('/order-reset')).text()
  expect(html).not.toMatch(/\/assets\/dialog-/)
  await openHydrated(page, '/order-reset')
  await page.getByLabel('Basket number').fill(number)
  const submit = page.locator('#main').getByRole('button', { name: 'Reset', exact: true })
  await submit.click()
  const dialog = page.getByRole('dialog', { name: `Reset basket ${number}?` })
  await expect(dialog).toHaveCount(0)
  release()
  await expect(dialog).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(submit).toBeFocused()
})
