import type { Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import {
  collectErrors,
  expect,
  followLink,
  openHydrated,
  openMenuByKey,
  pressInMenu,
  rowMenuButton,
  seriousViolations,
  signIn,
  test,
  tooltipDelayMs,
} from './fixtures'

// The contacts screens (decision 031): a dealer creates a contact
// of a sub-company, copies its activation link, edits and deletes it; the overview keeps its
// filter, search and page in the URL; staff gets the change-password button, the dealer not;
// the three screens' layout and axe scan are in screen-tour.spec.ts (SHELL_SCREENS).
const { dealer, carpenter, staff } = DEMO_ACCOUNTS
const CARPENTER = 'Schreinerei Maurer'

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })

async function setLocale(page: Page, locale: 'de' | 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
}

test('a dealer creates a contact, copies its activation link, edits and deletes it', async ({ page, context }) => {
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://localhost:${E2E_BASE_PORT}` })
  await signIn(page, dealer.username)
  // From the companies tree: the row of a sub-company leads to its contacts.
  await openHydrated(page, `/companies/${dealer.companyId}`)
  await followLink(page, page.getByRole('link', { name: `Contacts of ${CARPENTER}` }))
  await expect(page).toHaveURL(new RegExp(`/overview-contacts/?\\?cid=${carpenter.companyId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible()
  await expect(page.getByText(`Contacts of ${CARPENTER}`, { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: `Contacts of ${CARPENTER}` })).toContainText(carpenter.username)

  await followLink(page, page.getByRole('link', { name: 'New contact' }))
  await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible()
  await expect(page.getByText(`for ${CARPENTER}`)).toBeVisible()
  const email = page.getByRole('textbox', { name: 'E-mail' })
  const firstName = page.getByRole('textbox', { name: 'First name' })
  const create = page.getByRole('button', { name: 'Create contact' })
  // Required fields first; then an e-mail that is taken: the server's word on that field, values kept.
  await create.click()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(firstName).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toBeFocused()
  await email.fill(carpenter.username)
  await firstName.fill('Lena')
  await page.getByRole('textbox', { name: 'Last name' }).fill('Holz')
  await create.click()
  await expect(page.getByText(`The e-mail address ${carpenter.username} already belongs to another contact.`).first()).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(firstName).toHaveValue('Lena')
  // A failed save is titled 'Failure' (decision 036), not 'Error'.
  await expect(toast(page, 'Failure')).toBeVisible()
  await expect(toast(page, 'Error')).toHaveCount(0)
  await toast(page, 'Failure').getByRole('button', { name: 'Close' }).click()
  await expect(toast(page, 'Failure')).toHaveCount(0)

  const address = `lena.holz.${Date.now()}@example.com`
  await email.fill(address)
  await expect(page.getByRole('checkbox', { name: 'Dealer admin' })).toBeVisible()
  // Ark's checkbox: its label is what a user clicks.
  await page.getByText('No newsletter', { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: 'No newsletter' })).toBeChecked()
  await create.click()
  await expect(page.getByRole('heading', { name: 'Lena Holz has been created' })).toBeFocused()
  await expect(page.getByText(`The activation link has also been sent by e-mail to ${address}.`).first()).toBeVisible()
  const linkField = page.getByRole('textbox', { name: 'Activation link' })
  const link = await linkField.inputValue()
  expect(link).toMatch(/^http:\/\/localhost:\d+\/account\/password\/change\/\S+$/)
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('The link has been copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  await followLink(page, page.getByRole('link', { name: 'Edit Lena Holz' }))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit contact' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'No newsletter' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Company' })).toContainText(CARPENTER)
  // The dealer is not in CAN_CHANGE_PASSWORD.
  await expect(page.getByRole('button', { name: /^Change the password of / })).toHaveCount(0)
  // A refused edit (the e-mail belongs to another contact) is a 'Failure' too.
  const editEmail = page.getByRole('textbox', { name: 'E-mail' })
  await editEmail.fill(carpenter.username)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(page, 'Failure')).toContainText(`The e-mail address ${carpenter.username} already belongs to another contact.`)
  await expect(editEmail).toHaveAttribute('aria-invalid', 'true')
  await editEmail.fill(address)
  await page.getByRole('textbox', { name: 'Last name' }).fill('Holzer')
  await page.getByText('Active (may log in)', { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: /^Active/ })).not.toBeChecked()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(page, 'Saved')).toBeVisible()
  await expect(page.getByText('Lena Holzer', { exact: true })).toBeVisible()

  // A new link replaces the one handed out at creation.
  await page.getByRole('button', { name: 'Get activation link' }).click()
  await expect(page.getByRole('textbox', { name: 'Activation link' })).not.toHaveValue(link)
  await expect(page.getByRole('textbox', { name: 'Activation link' })).toHaveValue(/\/account\/password\/change\//)

  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Holzer')
  await expect(page.getByRole('checkbox', { name: /^Active/ })).not.toBeChecked()

  await page.getByRole('button', { name: 'Delete contact …' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Lena Holzer?' })
  await expect(dialog).toContainText(address)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await page.getByRole('button', { name: 'Delete contact …' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/overview-contacts/?\\?cid=${carpenter.companyId}$`))
  await expect(toast(page, 'Deleted')).toBeVisible()
  await expect(page.getByRole('region', { name: `Contacts of ${CARPENTER}` })).toContainText(carpenter.username)
  await expect(page.getByRole('region', { name: `Contacts of ${CARPENTER}` })).not.toContainText(address)
  expect(errors).toEqual([])
})

test('in German: filter and search in the URL, my-company links, one’s own record', async ({ page }) => {
  await setLocale(page, 'de')
  await signIn(page, dealer.username)
  await openHydrated(page, '/my-company')
  const links = page.getByRole('main')
  await expect(links.getByRole('link', { name: 'Lieferadressen' })).toHaveAttribute('href', `/overview-delivery?cid=${dealer.companyId}`)
  await followLink(page, links.getByRole('link', { name: 'Kontakte', exact: true }))
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakte' })).toBeVisible()
  const list = page.getByRole('region', { name: /^Kontakte von / })
  await expect(list).toContainText(dealer.username)

  await page.getByRole('radio', { name: 'Inaktiv' }).check()
  await expect(page).toHaveURL(/[?&]show=inactive/)
  await expect(list).not.toContainText(dealer.username)
  await expect(list).toContainText('Inaktiv')
  await page.getByRole('radio', { name: 'Alle' }).check()
  await page.getByRole('searchbox', { name: 'Name oder E-Mail enthält' }).fill('niemand-hier')
  await expect(page).toHaveURL(/[?&]search=niemand-hier/)
  await expect(list).toContainText('Kein Kontakt mit „niemand-hier“ im Namen oder in der E-Mail-Adresse.')
  // The view is shareable: the same URL opens the same view.
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.getByRole('searchbox', { name: 'Name oder E-Mail enthält' })).toHaveValue('niemand-hier')

  // One's own record: no delete, no activation link; company, state and role fixed.
  await openHydrated(page, `/edit-contact/${dealer.userId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt bearbeiten' })).toBeVisible()
  await expect(page.getByText('Das ist Ihr eigenes Konto.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Kontakt löschen …' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Aktivierungslink abrufen' })).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: 'Händler-Admin' })).toBeDisabled()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(toast(page, 'Gespeichert')).toBeVisible()
})

test('staff sees the change-password button on contact-edit', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, `/edit-contact/${carpenter.userId}`)
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(carpenter.username)
  await expect(page.getByRole('button', { name: `Change the password of ${carpenter.username}` })).toBeVisible()
})

// On a phone a contact card's actions (decision 036) — edit, its activity (decision 053), write
// an e-mail — are one menu.
test('at 360 px a contact card’s menu opens by keyboard, closes onto its button, and edits the contact; its state mark explains itself', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await signIn(page, dealer.username)
  await openHydrated(page, `/overview-contacts?cid=${carpenter.companyId}`)
  const first = page
    .getByRole('region', { name: `Contacts of ${CARPENTER}` })
    .getByRole('listitem')
    .first()
  const button = first.getByRole('button', { name: /^Actions for / })
  const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Actions for /, '')
  await expect(first.getByRole('link')).toHaveCount(0)
  const menu = page.getByRole('menu', { name: `Actions for ${name}` })
  await openMenuByKey(page, button, 'Enter', menu)
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Activity', 'Write an e-mail'])
  const email = (await first.locator('dd').first().textContent()) ?? ''
  await expect(menu.getByRole('menuitem', { name: 'Write an e-mail' })).toHaveAttribute('href', `mailto:${email}`)
  expect(await seriousViolations(page)).toEqual([])
  await pressInMenu(page, 'Escape')
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
  // The state mark before it: its tooltip at once on keyboard focus.
  const delay = await tooltipDelayMs(page, () => page.keyboard.press('Shift+Tab'))
  await expect(page.getByRole('tooltip')).toHaveText(
    /^(May log in\.|Cannot log in until made active again\.|Manages the sub-companies and contacts of the company\.)$/,
  )
  expect(delay).toBeLessThan(250)
  await page.keyboard.press('Tab')
  await pressInMenu(page, 'Enter')
  await expect(menu.locator('[role=menuitem][data-highlighted]')).toHaveText('Edit')
  await pressInMenu(page, 'Enter')
  await expect(page).toHaveURL(/\/edit-contact\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit contact' })).toBeVisible()
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible()
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 800 } })

  test('auf Deutsch bei 360 px: ein Tipp öffnet das Menü eines Kontakts, „Bearbeiten“ öffnet ihn', async ({ page }) => {
    await setLocale(page, 'de')
    await signIn(page, dealer.username)
    await openHydrated(page, `/overview-contacts?cid=${carpenter.companyId}`)
    const card = page
      .getByRole('region', { name: `Kontakte von ${CARPENTER}` })
      .getByRole('listitem')
      .nth(1)
    const button = card.getByRole('button', { name: /^Aktionen für / })
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Aktionen für /, '')
    await expect(rowMenuButton(card, name)).toHaveCount(1)
    await button.tap()
    const menu = page.getByRole('menu', { name: `Aktionen für ${name}` })
    await expect(menu.getByRole('menuitem')).toHaveText(['Bearbeiten', 'Aktivität', 'E-Mail schreiben'])
    await menu.getByRole('menuitem', { name: 'Bearbeiten' }).tap()
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt bearbeiten' })).toBeVisible()
  })
})
