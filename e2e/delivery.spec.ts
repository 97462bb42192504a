import type { Locator, Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import {
  AXE_WIDTH,
  collectErrors,
  expect,
  followLink,
  loginAndLand,
  openHydrated,
  openMenuByKey,
  pressInMenu,
  rowMenuButton,
  seriousViolations,
  signIn,
  test,
} from './fixtures'

// Delivery addresses (decision 031): a carpenter creates an address (bad input
// first: the messages, the typed values kept), makes it the delivery address (the old one loses
// the mark), deactivates the old one, edits name and phone; the same in German; the edit
// screen's refusals; and the edit screen's layout and axe scan in both languages (overview and
// create are scanned in screen-tour.spec.ts).
const { carpenter, dealer } = DEMO_ACCOUNTS

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })
// A row by its name exactly: seeded names share beginnings ("Schreinerei Maurer – Lager …").
const rowOf = (page: Page, name: string) => page.locator('tbody tr').filter({ has: page.locator('td:first-child strong').getByText(name, { exact: true }) })
const mark = (scope: Page | Locator) => scope.getByTestId('delivery-mark')
// Names of this run: a retry or a second run against the same database never meets the first's rows.
const RUN = Date.now().toString(36).slice(-5)
const NORTH = `Lager Nord ${RUN}`
const NORTH_RENAMED = `Lager Nord Hamburg ${RUN}`
const SOUTH = `Baustelle Süd ${RUN}`

async function useLocale(page: Page, locale: 'en' | 'de'): Promise<void> {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
}

/** The name in the row that carries the delivery mark. */
async function deliveryName(page: Page): Promise<string> {
  const row = page.getByRole('row').filter({ has: mark(page) })
  await expect(row).toHaveCount(1)
  return (await row.locator('td').first().locator('strong').textContent()) ?? ''
}

test('a carpenter creates an address, makes it the delivery address, deactivates the old one and edits name and phone', async ({ page }) => {
  const errors = collectErrors(page)
  await loginAndLand(page, carpenter.username)
  // Every user's side menu leads there.
  await followLink(page, page.getByRole('navigation').getByRole('link', { name: 'Delivery addresses' }).first())
  await expect(page).toHaveURL(/\/overview-delivery/)
  await expect(page).toHaveTitle(/^Delivery addresses · /)
  await expect(page.getByTestId('delivery-company')).toHaveText('Addresses of Schreinerei Maurer')
  const oldName = await deliveryName(page)

  await followLink(page, page.getByRole('main').getByRole('link', { name: 'New delivery address' }))
  await expect(page.getByRole('heading', { level: 1, name: 'New delivery address' })).toBeVisible()
  // Refused input: the messages on their fields, the first one focused, the typed values kept.
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  const email = page.getByRole('textbox', { name: 'E-mail' })
  await name.fill(NORTH)
  await email.fill('lager-nord@')
  await page.getByRole('button', { name: 'Create address' }).click()
  await expect(page.getByText('Street and number is a required field.')).toBeVisible()
  await expect(page.getByText('Phone is a required field.')).toBeVisible()
  await expect(page.getByText('E-mail must be a valid e-mail address.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Street and number' })).toBeFocused()
  await expect(name).toHaveValue(NORTH)
  await expect(email).toHaveValue('lager-nord@')

  await page.getByRole('textbox', { name: 'Street and number' }).fill('Hafenstraße 12')
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20457')
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg')
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+49 40 123456')
  await email.fill('lager-nord@maurer.example')
  await expect(page.getByText('E-mail must be a valid e-mail address.')).toBeHidden()
  await page.getByRole('button', { name: 'Create address' }).click()
  await expect(toast(page, `${NORTH} was added.`)).toBeVisible()
  await expect(page).toHaveURL(/\/overview-delivery/)
  const created = rowOf(page, NORTH)
  await expect(created).toContainText('Hafenstraße 12')
  await expect(created).toContainText('20457 Hamburg')
  await expect(created).toContainText('lager-nord@maurer.example')

  // Select by keyboard: the mark moves at once, focus lands on it.
  const select = page.getByRole('button', { name: `Use as delivery address: ${NORTH}` })
  await select.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Delivery address changed')).toBeVisible()
  await expect(mark(created)).toBeFocused()
  await expect(mark(page)).toHaveCount(1)
  await expect(mark(rowOf(page, oldName))).toHaveCount(0)
  await expect(select).toHaveCount(0)
  // The delivery address stays active; the old one can go now.
  await expect(page.getByRole('checkbox', { name: `Active: ${NORTH}`, exact: true })).toBeDisabled()
  await expect(page.getByRole('checkbox', { name: `Active: ${NORTH}`, exact: true })).toHaveAccessibleDescription('Always active as the delivery address.')
  const oldActive = page.getByRole('checkbox', { name: `Active: ${oldName}`, exact: true })
  await expect(oldActive).toBeEnabled()
  await oldActive.uncheck()
  await expect(toast(page, `${oldName} is now inactive.`)).toBeVisible()
  await expect(oldActive).not.toBeChecked()
  await expect(rowOf(page, oldName).getByRole('link', { name: /^Edit/ })).toHaveCount(0)
  await expect(rowOf(page, oldName).getByRole('button', { name: /^Use as delivery address/ })).toHaveCount(0)
  // After a reload (the list loaded again) the server says the same.
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  expect(await deliveryName(page)).toBe(NORTH)
  await expect(page.getByRole('checkbox', { name: `Active: ${oldName}`, exact: true })).not.toBeChecked()

  await followLink(page, page.getByRole('link', { name: `Edit: ${NORTH}` }))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit delivery address' })).toBeVisible()
  await expect(page.getByTestId('delivery-read-only')).toContainText('Hafenstraße 12')
  await expect(page.getByRole('textbox', { name: 'Street and number' })).toHaveCount(0)
  const editName = page.getByRole('textbox', { name: 'Name', exact: true })
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true })
  await editName.fill('')
  await phone.fill('+49 40 654321')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Name is a required field.')).toBeVisible()
  await expect(editName).toBeFocused()
  await expect(phone).toHaveValue('+49 40 654321')
  await editName.fill(NORTH_RENAMED)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, `${NORTH_RENAMED} was saved.`)).toBeVisible()
  // Back to where the edit link was (its redirect).
  await expect(page).toHaveURL(/\/overview-delivery$/)
  expect(await deliveryName(page)).toBe(NORTH_RENAMED)
  await followLink(page, page.getByRole('link', { name: `Edit: ${NORTH_RENAMED}` }))
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+49 40 654321')
  expect(errors).toEqual([])
})

test('auf Deutsch: eine Adresse anlegen, als Lieferadresse wählen, die Meldungen deutsch', async ({ page }) => {
  await useLocale(page, 'de')
  await signIn(page, carpenter.username)
  await openHydrated(page, '/de/create-delivery')
  await expect(page).toHaveTitle(/^Neue Lieferadresse · /)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(SOUTH)
  await page.getByRole('button', { name: 'Adresse anlegen' }).click()
  await expect(page.getByText('Straße und Hausnummer ist ein Pflichtfeld.')).toBeVisible()
  await expect(page.getByText('Telefon ist ein Pflichtfeld.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(SOUTH)
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Seestraße 3')
  await page.getByRole('textbox', { name: 'PLZ' }).fill('88045')
  await page.getByRole('textbox', { name: 'Ort' }).fill('Friedrichshafen')
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('07541 12345')
  await page.getByRole('button', { name: 'Adresse anlegen' }).click()
  await expect(toast(page, `${SOUTH} wurde angelegt.`)).toBeVisible()
  // The {location} prefix stays on the way back.
  await expect(page).toHaveURL(/\/de\/overview-delivery$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Lieferadressen' })).toBeVisible()
  await page.getByRole('button', { name: `Als Lieferadresse wählen: ${SOUTH}` }).click()
  await expect(toast(page, 'Lieferadresse geändert')).toBeVisible()
  await expect(toast(page, `Bestellungen gehen jetzt an ${SOUTH}.`)).toBeVisible()
  expect(await deliveryName(page)).toBe(SOUTH)
})

test('the edit screen: an unknown address, a foreign redirect, and a company outside the scope', async ({ page }) => {
  await signIn(page, carpenter.username)
  await openHydrated(page, '/edit-delivery?address=999999')
  await expect(page.getByRole('alert').filter({ hasText: 'This address does not exist at this company.' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0)

  // A redirect that leaves the portal is dropped: the way back is the overview.
  await openHydrated(page, '/overview-delivery')
  const href = await page
    .getByRole('link', { name: /^Edit: / })
    .first()
    .getAttribute('href')
  const address = new URL(href ?? '', 'http://portal.invalid').searchParams.get('address')
  await openHydrated(page, `/edit-delivery?address=${address}&redirect=//evil.example/x`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Saved')).toBeVisible()
  await expect(page).toHaveURL(/\/overview-delivery$/)

  // The dealer's addresses are not the carpenter's: the server's refusal, in the page and the error toast.
  await openHydrated(page, `/overview-delivery?cid=${dealer.companyId}`)
  await expect(toast(page, 'Error')).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('not allowed')
  const response = await page.goto('/overview-delivery?cid=abc')
  expect(response?.status()).toBe(404)
})

test('a dealer admin opens the addresses of a company below it with ?cid=', async ({ page }) => {
  await loginAndLand(page, dealer.username)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).first()).toHaveAttribute(
    'href',
    `/overview-contacts/?cid=${dealer.companyId}`,
  )
  // From the companies tree: the row of a company below leads to its addresses.
  await openHydrated(page, `/companies/${dealer.companyId}`)
  await followLink(page, page.getByRole('link', { name: 'Delivery addresses of Schreinerei Maurer' }))
  await expect(page).toHaveURL(new RegExp(`/overview-delivery\\?cid=${carpenter.companyId}$`))
  await expect(page.getByTestId('delivery-company')).toHaveText('Addresses of Schreinerei Maurer')
  await followLink(page, page.getByRole('main').getByRole('link', { name: 'New delivery address' }))
  await expect(page).toHaveURL(new RegExp(`/create-delivery\\?cid=${carpenter.companyId}$`))
  await expect(page.getByTestId('delivery-company')).toHaveText('Addresses of Schreinerei Maurer')
})

for (const locale of ['en', 'de'] as const) {
  // Overview and create are in screen-tour.spec.ts (SHELL_SCREENS); the edit screen needs an address of the carpenter's.
  test(`the delivery edit screen in ${locale}: no horizontal scroll at 360 and 1280 px, no serious axe violation at ${AXE_WIDTH[locale]} px`, async ({
    page,
  }) => {
    await useLocale(page, locale)
    await signIn(page, carpenter.username)
    await openHydrated(page, '/overview-delivery')
    const href = await page
      .getByRole('link', { name: /^(Edit|Bearbeiten): / })
      .first()
      .getAttribute('href')
    await openHydrated(page, href ?? '')
    await expect(page.getByRole('heading', { level: 1, name: locale === 'de' ? 'Lieferadresse bearbeiten' : 'Edit delivery address' })).toBeVisible()
    await expect(page.getByTestId('delivery-company')).toBeVisible()
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 })
      await page.waitForFunction((expected) => window.innerWidth === expected, width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width}px`).toBeLessThanOrEqual(0)
      // The read-only address leaves its values room (a long German label once squeezed them
      // into a column a few letters wide at 360 px).
      const values = page.getByTestId('delivery-read-only').locator('dd')
      const widths = await values.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width))
      expect(widths.length).toBe(5)
      for (const valueWidth of widths) expect(valueWidth, `read-only value at ${width}px`).toBeGreaterThan(200)
      if (width === AXE_WIDTH[locale]) expect(await seriousViolations(page), `${locale} ${width}px`).toEqual([])
    }
  })
}

// On a phone (decision 036) an address card's edit, its activity (for a dealer admin, decision
// 053) and select are one menu button.
test('at 360 px the dealer chooses the delivery address from a card’s menu by keyboard, and back by a click', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await signIn(page, dealer.username)
  await openHydrated(page, '/overview-delivery')
  const list = page.getByRole('region', { name: /^Delivery addresses of / })
  const card = (name: string) => list.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) })
  const own = 'Holzhandel Brenner GmbH & Co. KG'
  const before = list.getByRole('listitem').filter({ has: mark(page) })
  const previous = (await before.locator('strong').first().textContent()) ?? ''
  expect(previous).not.toBe(own)
  // The delivery address: edit and its activity, no select.
  await expect(rowMenuButton(before, previous)).toHaveCount(1)
  await expect(before.getByRole('link')).toHaveCount(0)

  const button = rowMenuButton(card(own), own)
  await expect(card(own).getByRole('link')).toHaveCount(0)
  const menu = page.getByRole('menu', { name: `Actions for ${own}` })
  await openMenuByKey(page, button, 'ArrowDown', menu)
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Activity', 'Use as delivery address'])
  expect(await seriousViolations(page)).toEqual([])
  const highlighted = menu.locator('[role=menuitem][data-highlighted]')
  await expect(highlighted).toHaveText('Edit')
  await pressInMenu(page, 'ArrowDown')
  await expect(highlighted).toHaveText('Activity')
  await pressInMenu(page, 'ArrowDown')
  await expect(highlighted).toHaveText('Use as delivery address')
  await pressInMenu(page, 'Enter')
  await expect(toast(page, 'Delivery address changed')).toContainText(`Orders now go to ${own}.`)
  await expect(mark(card(own))).toBeFocused()
  await expect(mark(card(previous))).toHaveCount(0)

  // And back with a click (a tap on a phone), from the card that has the menu now.
  await rowMenuButton(card(previous), previous).click()
  await page
    .getByRole('menu', { name: `Actions for ${previous}` })
    .getByRole('menuitem', { name: 'Use as delivery address' })
    .click()
  await expect(mark(card(previous))).toBeVisible()
  await expect(mark(card(own))).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})
