import type { Locator, Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, openMenuByKey, pressInMenu, rowMenuButton, seriousViolations, signIn, test, tooltipDelayMs } from './fixtures'

// order-approve and order-reset as an approver meets them (decision 021): everything
// within the screen at desktop and phone width, in both languages.
const { staff } = DEMO_ACCOUNTS

const WORDS = {
  en: {
    tabs: ['Open', 'In process', 'Finished'],
    region: /^Baskets: /,
    details: 'Details and history of basket',
    showDetails: 'Show details and history',
    refresh: 'Refresh the status of basket',
    approve: /^Approve basket \d+$/,
    approval: 'Approval number',
    approveButton: 'Approve',
    cancel: 'Cancel',
    rule: '1 to 40 characters: letters, digits, - _ / . and spaces between them.',
    tooLong: 'The approval number has 300 characters; at most 40 are allowed.',
    characters: 'The approval number may not contain “<” “>”. Allowed are letters, digits, - _ / . and spaces between them.',
  },
  de: {
    tabs: ['Offen', 'In Bearbeitung', 'Abgeschlossen'],
    region: /^Warenkörbe: /,
    details: 'Details und Verlauf von Warenkorb',
    showDetails: 'Details und Verlauf anzeigen',
    refresh: 'Status von Warenkorb',
    approve: /^Warenkorb \d+ freigeben$/,
    approval: 'Freigabenummer',
    approveButton: 'Freigeben',
    cancel: 'Abbrechen',
    rule: '1 bis 40 Zeichen: Buchstaben, Ziffern, - _ / . und Leerzeichen dazwischen.',
    tooLong: 'Die Freigabenummer hat 300 Zeichen; erlaubt sind höchstens 40.',
    characters: 'Die Freigabenummer darf „<“ „>“ nicht enthalten. Erlaubt sind Buchstaben, Ziffern, - _ / . und Leerzeichen dazwischen.',
  },
} as const

async function useLanguage(page: Page, locale: 'de' | 'en', baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL ?? 'http://localhost:3100' }])
}

/** Whether the element lies inside the window, left to right, and does not scroll sideways itself. */
async function fitsWindow(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.left >= 0 && box.right <= document.documentElement.clientWidth && element.scrollWidth <= element.clientWidth
  })
}

for (const locale of ['en', 'de'] as const) {
  const words = WORDS[locale]

  test(`order-approve in ${locale} fits a 1280 px desktop: every column, the actions and the opened details without sideways scrolling`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    // The language first: a page still open in another language could store that one.
    await useLanguage(page, locale, baseURL)
    await loginAndLand(page, staff.username)
    for (const tab of ['open', 'in_process', 'finished']) {
      await openHydrated(page, `/order-approve?tab=${tab}`)
      const region = page.getByRole('region', { name: words.region })
      await expect(region).toHaveAttribute('aria-busy', 'false')
      await expect(region.getByRole('table')).toBeVisible()
      expect(await fitsWindow(region), tab).toBe(true)
      const details = region.getByRole('button', { name: new RegExp(`^${words.details} `) })
      await expect(details.first()).toBeInViewport({ ratio: 1 })
      await details.first().click()
      await expect(region.getByRole('button', { name: new RegExp(`^${words.refresh}`) })).toBeInViewport({ ratio: 1 })
      expect(await fitsWindow(region), `${tab} with details`).toBe(true)
      expect(await seriousViolations(page), tab).toEqual([])
    }
    // The open tab's approve buttons are in reach too.
    await openHydrated(page, '/order-approve')
    expect(await fitsWindow(page.getByRole('button', { name: words.approve }).first())).toBe(true)
  })

  test(`order-approve in ${locale} on a 360 px phone: cards, every tab and the filter in view, a sort choice`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    // The language first: a page still open in another language could store that one.
    await useLanguage(page, locale, baseURL)
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve?tab=in_process')
    for (const tab of words.tabs) await expect(page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeInViewport({ ratio: 1 })
    await expect(page.getByRole('searchbox')).toBeInViewport({ ratio: 1 })
    const region = page.getByRole('region', { name: words.region })
    await expect(region).toHaveAttribute('aria-busy', 'false')
    await expect(region.getByRole('table')).toHaveCount(0)
    const cards = region.getByRole('listitem')
    await expect(cards).toHaveCount(25)
    expect(await fitsWindow(cards.first())).toBe(true)
    // The details are in the card's one menu on a phone (decision 036).
    await expect(cards.first().getByRole('button', { name: new RegExp(`^${words.details} `) })).toHaveCount(0)
    await cards
      .first()
      .getByRole('button', { name: /^(Actions for|Aktionen für) / })
      .click()
    await page.getByRole('menuitem', { name: words.showDetails }).click()
    await expect(cards.first().getByRole('button', { name: new RegExp(`^${words.refresh}`) })).toBeVisible()
    expect(await fitsWindow(cards.first())).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    // Sorting without column headers: the select, kept in the URL.
    await region.getByRole('combobox').selectOption('basket_number')
    await expect(page).toHaveURL(/sort=basket_number/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  })
}

for (const locale of ['en', 'de'] as const) {
  const words = WORDS[locale]

  test(`the approval number in ${locale}: its rule under the input, 300 characters refused with their count, never cut off`, async ({ page, baseURL }) => {
    // The language first: a page still open in another language could store that one.
    await useLanguage(page, locale, baseURL)
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve')
    const approve = page.getByRole('button', { name: words.approve }).first()
    const label = (await approve.getAttribute('aria-label')) ?? ''
    await approve.click()
    const dialog = page.getByRole('dialog', { name: label })
    const input = dialog.getByLabel(words.approval)
    await expect(input).toHaveAccessibleDescription(words.rule)
    await input.fill('A'.repeat(300))
    await expect(input).toHaveValue('A'.repeat(300))
    await dialog.getByRole('button', { name: words.approveButton, exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText(words.tooLong)
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await input.fill('FRG<1>')
    await dialog.getByRole('button', { name: words.approveButton, exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText(words.characters)
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: words.cancel }).click()
    await expect(dialog).toBeHidden()
    await expect(approve).toBeVisible()
  })
}

// A card's actions are one menu button on a phone (decision 036) — approve, the details,
// refresh and reset — opened by keyboard or by touch; the status badge says what it means.
const waitingCard = (page: Page, waiting: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByTestId('basket-status').getByText(waiting, { exact: true }) })
    .first()

test('order-approve at 360 px: a card’s menu by keyboard shows the details, Escape gives the focus back, the status explains itself', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, staff.username)
  await openHydrated(page, '/order-approve')
  const card = waitingCard(page, 'waiting for approval')
  const number = (await card.locator('strong').first().textContent()) ?? ''
  const button = rowMenuButton(card, `basket ${number}`)
  await expect(card.getByRole('button')).toHaveCount(1)
  const menu = page.getByRole('menu', { name: `Actions for basket ${number}` })
  await openMenuByKey(page, button, 'Enter', menu)
  await expect(menu.getByRole('menuitem')).toHaveText(['Approve', 'Show details and history', 'Refresh status', 'Reset'])
  const highlighted = menu.locator('[role=menuitem][data-highlighted]')
  await expect(highlighted).toHaveText('Approve')
  expect(await seriousViolations(page)).toEqual([])
  await pressInMenu(page, 'ArrowDown')
  await expect(highlighted).toHaveText('Show details and history')
  await pressInMenu(page, 'Enter')
  await expect(menu).toHaveCount(0)
  await expect(card.getByRole('region', { name: 'History' })).toBeVisible()
  await expect(button).toBeFocused()
  // Space opens it too; the details can be hidden again; Escape closes it onto the button.
  await pressInMenu(page, 'Space')
  await expect(menu.getByRole('menuitem', { name: 'Hide details and history' })).toBeVisible()
  await pressInMenu(page, 'Escape')
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
  // The status badge before it: its tooltip opens at once on keyboard focus.
  const delay = await tooltipDelayMs(page, () => page.keyboard.press('Shift+Tab'))
  await expect(card.getByTestId('basket-status')).toBeFocused()
  await expect(page.getByRole('tooltip')).toHaveText('Waits for an approval with an approval number before it goes on.')
  expect(delay).toBeLessThan(250)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 740 } })

  test('Freigeben bei 360 px per Fingertipp aus dem Menü der Karte: der Dialog fragt nach der Freigabenummer, Abbrechen führt zurück zum Menüknopf', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, 'de', baseURL)
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve')
    const card = waitingCard(page, 'wartet auf Freigabe')
    const number = (await card.locator('strong').first().textContent()) ?? ''
    const button = rowMenuButton(card, `Warenkorb ${number}`)
    await button.tap()
    const menu = page.getByRole('menu', { name: `Aktionen für Warenkorb ${number}` })
    await expect(menu.getByRole('menuitem')).toHaveText(['Freigeben', 'Details und Verlauf anzeigen', 'Status abfragen', 'Zurücksetzen'])
    await menu.getByRole('menuitem', { name: 'Freigeben' }).tap()
    const dialog = page.getByRole('dialog', { name: `Warenkorb ${number} freigeben` })
    await expect(dialog.getByLabel('Freigabenummer')).toBeFocused()
    await dialog.getByRole('button', { name: 'Abbrechen' }).tap()
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })
})

const RESET_WORDS = {
  en: {
    title: 'Reset a basket',
    input: 'Basket number',
    button: 'Reset',
    cancel: 'Cancel',
    required: 'Please enter the basket number.',
    ask: (number: string) => `Reset basket ${number}?`,
    done: 'Basket reset',
    digits: 'may contain digits only',
    error: 'Error',
  },
  de: {
    title: 'Warenkorb zurücksetzen',
    input: 'Warenkorbnummer',
    button: 'Zurücksetzen',
    cancel: 'Abbrechen',
    required: 'Bitte geben Sie die Warenkorbnummer ein.',
    ask: (number: string) => `Warenkorb ${number} zurücksetzen?`,
    done: 'Warenkorb zurückgesetzt',
    digits: 'nur Ziffern',
    error: 'Fehler',
  },
} as const

for (const locale of ['en', 'de'] as const) {
  const words = RESET_WORDS[locale]

  test(`order-reset in ${locale}: an empty number is "required", a reset is asked for first, and a new try clears the old success`, async ({
    page,
    baseURL,
  }) => {
    // The language first: a page still open in another language could store that one.
    await useLanguage(page, locale, baseURL)
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve?tab=finished&sort=-basket_number')
    const region = page.getByRole('region', { name: WORDS[locale].region })
    await expect(region).toHaveAttribute('aria-busy', 'false')
    const number = (await region.locator('tbody tr td:first-child strong').first().innerText()).trim()

    await openHydrated(page, '/order-reset')
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible()
    const input = page.getByLabel(words.input)
    // The form's own button (the dialog's confirm button has the same name, and may still be
    // leaving the page when the next click comes).
    const submit = page.locator('#main').getByRole('button', { name: words.button, exact: true })
    await submit.click()
    await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveText(words.required)
    await expect(input).toHaveAttribute('aria-invalid', 'true')

    // Asked first: cancelling resets nothing.
    await input.fill(number)
    await submit.click()
    const dialog = page.getByRole('dialog', { name: words.ask(number) })
    await dialog.getByRole('button', { name: words.cancel }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: words.done })).toHaveCount(0)
    await submit.click()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: words.button }).click()
    const success = page.locator('main').getByRole('status').filter({ hasText: words.done })
    await expect(success).toBeVisible()

    // The next try with a bad number: its error, without the old success beside it.
    await input.fill('12a4')
    await submit.click()
    await expect(page.locator('[data-scope=field][data-part=error-text]')).toContainText(words.digits)
    await expect(success).toHaveCount(0)
    // The same basket again, now open: the server's refusal, again without the success line.
    await input.fill(number)
    await submit.click()
    await page
      .getByRole('dialog', { name: words.ask(number) })
      .getByRole('button', { name: words.button })
      .click()
    await expect(page.getByText(words.error, { exact: true })).toBeVisible()
    await expect(success).toHaveCount(0)
  })
}
