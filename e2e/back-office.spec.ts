import type { Locator, Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, followLink, loginAndLand, openHydrated, seriousViolations, test, signIn } from './fixtures'

// The back office (decision 016) as staff would use it: shared approval URLs, approve and reset, price logs,
// manage users, switch user and back. Runs against the demo data (workers: 1, in order).
const { staff, dealer } = DEMO_ACCOUNTS

/** The table region once it has settled (no request under way). */
async function settled(page: Page, name: RegExp | string): Promise<Locator> {
  const region = page.getByRole('region', { name })
  await expect(region).toHaveAttribute('aria-busy', 'false')
  return region
}

async function basketNumbers(page: Page): Promise<string[]> {
  const region = await settled(page, /^(Baskets|Warenkörbe): /)
  return region.locator('tbody tr td:first-child strong').allInnerTexts()
}

async function useGerman(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: new URL(page.url() === 'about:blank' ? 'http://localhost:3100' : page.url()).origin }])
}

/** A row of the basket table by its number. */
function basketRow(page: Page, number: string): Locator {
  return page.locator('tbody tr').filter({ has: page.locator('strong', { hasText: new RegExp(`^${number}$`) }) })
}

test('an approver shares a filtered, sorted, paged approval URL and a second browser opens exactly that view', async ({ page, browser, baseURL }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/order-approve')
  await page.getByRole('tab', { name: /^Finished/ }).click()
  await expect(page).toHaveURL(/tab=finished/)
  await page.getByLabel('Basket number contains').fill('20')
  await expect(page).toHaveURL(/number=20/)
  await page.getByRole('button', { name: 'Basket', exact: true }).click()
  await expect(page).toHaveURL(/sort=basket_number/)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/^Page 2 of \d+ · \d+ entries$/)).toBeVisible()
  const numbers = await basketNumbers(page)
  expect(numbers.length).toBeGreaterThan(0)
  for (const number of numbers) expect(number).toContain('20')
  expect([...numbers].sort()).toEqual(numbers)
  const shared = page.url()

  // The second browser has no session: the link goes through the login and lands on the view.
  const other = await browser.newContext({ baseURL })
  try {
    const second = await other.newPage()
    await second.goto(shared)
    await expect(second.locator('html[data-hydrated="true"]')).toBeAttached()
    await second.getByLabel(/Username|Benutzername/).fill(staff.username)
    await second.getByLabel(/^(Password|Passwort)$/).fill(DEMO_PASSWORD)
    await second.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
    await expect(second).toHaveURL(shared)
    await expect(second.getByRole('tab', { name: /^Finished/ })).toHaveAttribute('aria-selected', 'true')
    await expect(second.getByLabel('Basket number contains')).toHaveValue('20')
    await expect(second.getByText(/^Page 2 of \d+ · \d+ entries$/)).toBeVisible()
    expect(await basketNumbers(second)).toEqual(numbers)
  } finally {
    await other.close()
  }
})

test('approve a basket with an approval number: status and history come from the answer', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/order-approve')
  await basketNumbers(page)
  const approve = page.getByRole('button', { name: /^Approve basket \d+$/ }).first()
  const number = (await approve.getAttribute('aria-label'))?.replace('Approve basket ', '') ?? ''
  const openTab = page.getByRole('tab', { name: /^Open/ })
  const openBefore = Number((await openTab.innerText()).match(/\((\d+)\)/)?.[1])
  await approve.click()
  const dialog = page.getByRole('dialog', { name: `Approve basket ${number}` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please enter the approval number.')
  await dialog.getByLabel('Approval number').fill('FRG-E2E-0001')
  await dialog.getByLabel('Approval number').press('Enter')
  await expect(page.getByText(`Basket ${number} approved`)).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = basketRow(page, number)
  await expect(row.getByTestId('basket-status')).toHaveText('ready')
  await expect(row).toContainText('FRG-E2E-0001')
  await expect(row.getByRole('button', { name: `Approve basket ${number}` })).toHaveCount(0)
  await expect(openTab).toContainText(`(${openBefore - 1})`)
  await expect(page.getByRole('tab', { name: /^In process/ })).toBeVisible()

  await row.getByRole('button', { name: `Details and history of basket ${number}` }).click()
  await expect(page.getByText(/Approval: waiting for approval → ready/)).toBeVisible()
})

test('reset a basket from the table: asks first, then the refreshed status is shown', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/order-approve?tab=in_process')
  const [number = ''] = await basketNumbers(page)
  // Reset is among the details' actions.
  await basketRow(page, number)
    .getByRole('button', { name: `Details and history of basket ${number}` })
    .click()
  const reset = page.getByRole('button', { name: `Reset basket ${number}` })
  await reset.click()
  const dialog = page.getByRole('dialog', { name: `Reset basket ${number}?` })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(basketRow(page, number).getByTestId('basket-status')).not.toHaveText('open')
  await reset.click()
  await dialog.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByText('Basket reset')).toBeVisible()
  await expect(basketRow(page, number).getByTestId('basket-status')).toHaveText('open')
  await expect(page.getByRole('button', { name: `Reset basket ${number}` })).toHaveCount(0)
})

test('order-reset in German: the basket-number rule, "Warenkorb zurückgesetzt", and the server\'s message on failure', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/order-approve?tab=finished&sort=basket_number')
  const [number] = await basketNumbers(page)
  await useGerman(page)
  await openHydrated(page, '/order-reset')
  await expect(page.getByRole('heading', { name: 'Warenkorb zurücksetzen' })).toBeVisible()
  const input = page.getByLabel('Warenkorbnummer')
  const button = page.getByRole('button', { name: 'Zurücksetzen' })

  for (const [bad, message] of [
    ['00123', 'mindestens 4 Ziffern'],
    ['201234567', '10 Ziffern'],
    ['991234567', '8 Ziffern'],
    ['12a4', 'nur Ziffern'],
  ] as const) {
    await input.fill(bad)
    await button.click()
    await expect(page.locator('[data-scope=field][data-part=error-text]')).toContainText(message)
    await expect(input).toHaveAttribute('aria-invalid', 'true')
  }

  // A well-formed number nobody has: asked first, then the server's message in an error toast.
  await input.fill('99000001')
  await button.click()
  await page.getByRole('dialog', { name: 'Warenkorb 99000001 zurücksetzen?' }).getByRole('button', { name: 'Zurücksetzen' }).click()
  await expect(page.getByText('Fehler')).toBeVisible()
  await expect(page.getByText(/99000001/).first()).toBeVisible()

  await input.fill(number ?? '')
  await button.click()
  await page
    .getByRole('dialog', { name: `Warenkorb ${number} zurücksetzen?` })
    .getByRole('button', { name: 'Zurücksetzen' })
    .click()
  await expect(page.getByText('Warenkorb zurückgesetzt').first()).toBeVisible()
  await page.getByRole('link', { name: `Warenkorb ${number} in der Freigabe ansehen` }).click()
  await expect(page).toHaveURL(new RegExp(`order=${number}`))
  await expect(page.getByRole('tab', { name: /^Offen/ })).toHaveAttribute('aria-selected', 'true')
  await expect(basketRow(page, number ?? '').getByTestId('basket-status')).toHaveText('offen')
})

test('price logs: filter, sort and page live in the URL and survive a reload; a log opens its rows', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/price-logs')
  let region = await settled(page, 'Price logs')
  await expect(region.getByRole('columnheader', { name: /^Date/ })).toHaveAttribute('aria-sort', 'descending')
  await page.getByRole('button', { name: /^Price/ }).click()
  await expect(page).toHaveURL(/sort=price/)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  // The pager names the page of the answer shown: page 1's rows stay until page 2 arrives.
  await expect(page.getByText(/^Page 2 of/)).toBeVisible()
  region = await settled(page, 'Price logs')
  const before = await region.locator('tbody tr').allInnerTexts()
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  region = await settled(page, 'Price logs')
  expect(await region.locator('tbody tr').allInnerTexts()).toEqual(before)
  await expect(page.getByText(/^Page 2 of/)).toBeVisible()

  // A filter on the contact column (500 ms debounce) goes to page 1 and narrows the list.
  await page.getByLabel('Contact').fill('demo.example')
  await expect(page).toHaveURL(/contact=demo\.example/)
  await expect(page).not.toHaveURL(/page=2/)
  await page.getByLabel('Price', { exact: true }).fill('%_\\\'";--')
  await expect(page).toHaveURL(/price=/)
  region = await settled(page, 'Price logs')
  await expect(region).toContainText('No price log matches these filters.')
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/contact=/)

  region = await settled(page, 'Price logs')
  const first = region.locator('tbody tr').first().getByRole('link').first()
  const id = (await first.innerText()).trim()
  await followLink(page, first)
  await expect(page).toHaveURL(new RegExp(`/detail-price/${id}`))
  await expect(page.getByRole('heading', { name: `Price log ${id}` })).toBeVisible()
})

test('manage users: e-mail filter and active/inactive in the URL; switch to a dealer and back, with the banner and the real actor', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/manage-users')
  await page.getByLabel('E-mail contains').fill('dealer@')
  await expect(page).toHaveURL(/email=dealer%40|email=dealer@/)
  let region = await settled(page, 'Manage users')
  await expect(region.locator('tbody tr')).toHaveCount(1)
  await expect(region).toContainText(dealer.username)
  await page.getByRole('radio', { name: 'Inactive' }).click()
  await expect(page).toHaveURL(/active=0/)
  region = await settled(page, 'Manage users')
  await expect(region).toContainText('No user with “dealer@” in the e-mail address.')
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Inactive' })).toBeChecked()
  await page.getByRole('radio', { name: 'Active', exact: true }).click()
  region = await settled(page, 'Manage users')

  // "Work as" leads to switch-user with the address filled in.
  await region.getByRole('link', { name: `Work as ${dealer.username}` }).click()
  await expect(page).toHaveURL(/\/switch-user/)
  await expect(page.getByLabel('E-mail')).toHaveValue(dealer.username)
  await page.getByLabel('Reason').fill('Checking a basket for the dealer')
  await page.getByRole('button', { name: 'Switch' }).click()
  const banner = page.getByTestId('switched-banner')
  await expect(banner).toHaveText(new RegExp(`^You are working as ${dealer.username} until .+ \\(signed in as ${staff.username}\\)\\.$`))

  // As the dealer: approve one of the dealer's baskets; the history names the real actor.
  await openHydrated(page, '/order-approve')
  await expect(banner).toBeVisible()
  await basketNumbers(page)
  const approve = page.getByRole('button', { name: /^Approve basket \d+$/ }).first()
  const number = (await approve.getAttribute('aria-label'))?.replace('Approve basket ', '') ?? ''
  await approve.click()
  const dialog = page.getByRole('dialog', { name: `Approve basket ${number}` })
  await dialog.getByLabel('Approval number').fill('FRG-SWITCHED')
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(`Basket ${number} approved`)).toBeVisible()
  await basketRow(page, number)
    .getByRole('button', { name: `Details and history of basket ${number}` })
    .click()
  await expect(page.getByText(`done by ${staff.username}`)).toBeVisible()

  await page.getByRole('button', { name: `Back to ${staff.username}` }).click()
  await expect(page).toHaveURL(/\/switch-user/)
  await expect(page.getByTestId('switched-banner')).toHaveCount(0)
  await expect(page.getByRole('button', { name: `User menu of ${staff.username}` })).toBeVisible()
})

test('switch-user refuses an empty, short or unknown address with a clear message', async ({ page }) => {
  await signIn(page, staff.username)
  await openHydrated(page, '/switch-user')
  const email = page.getByLabel('E-mail')
  await page.getByLabel('Reason').fill('Support request')
  await page.getByRole('button', { name: 'Switch' }).click()
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveText('Please enter the e-mail address of the user to work as.')
  await email.fill('   ')
  await page.getByRole('button', { name: 'Switch' }).click()
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveText('Please enter the e-mail address of the user to work as.')
  await email.fill('a@b.de')
  await page.getByRole('button', { name: 'Switch' }).click()
  await expect(page.getByText('The e-mail address has at least 8 characters.')).toBeVisible()
  await email.fill('nobody-here@demo.example')
  await page.getByRole('button', { name: 'Switch' }).click()
  await expect(page.getByText('There is no active user with the e-mail address nobody-here@demo.example.').first()).toBeVisible()
  await expect(page.getByTestId('switched-banner')).toHaveCount(0)
})

test('switch-user in German: an empty address is required, a short one too short', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL ?? 'http://localhost:3100' }])
  await signIn(page, staff.username)
  await openHydrated(page, '/switch-user')
  const submit = page.getByRole('button', { name: 'Wechseln' })
  await page.getByLabel('Grund').fill('Support-Anfrage')
  await submit.click()
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toHaveText(
    'Bitte geben Sie die E-Mail-Adresse des Benutzers ein, als der Sie arbeiten möchten.',
  )
  await page.getByLabel('E-Mail').fill('a@b.de')
  await submit.click()
  await expect(page.locator('[data-scope=field][data-part=error-text]')).toContainText('mindestens 8 Zeichen')
})

test('upload a German price list (Windows-1252, decimal commas): bad rows named, dry run, apply, then find it in the price logs', async ({ page }) => {
  await loginAndLand(page, staff.username)
  await useGerman(page)
  await openHydrated(page, '/upload-files')
  const file = page.getByLabel('CSV-Datei')
  const csv = (rows: string[]) => ({
    name: 'preise.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['article_uid;article_type;price;currency;valid_from', ...rows].join('\r\n'), 'latin1'),
  })

  // A file with bad rows: every problem with its line, no button to apply.
  await file.setInputFiles(csv(['E2E-TÜR-1;ZARGE;-4,50;EUR;', 'E2E-TÜR-2;ZARGE;zwölf;EUR;']))
  await expect(page.getByText('Nichts wurde geändert: 2 Zeilen sind fehlerhaft.')).toBeVisible()
  await expect(page.getByTestId('upload-problems')).toContainText('Zeile 2, price: Der Preis ist negativ.')
  await expect(page.getByTestId('upload-problems')).toContainText('Zeile 3, price: „zwölf“ ist kein Preis')
  await expect(page.getByRole('button', { name: /Preise übernehmen$/ })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // Two new articles: the dry run counts them, applying writes them and links to the log.
  await file.setInputFiles(csv(['E2E-TÜR-1;ZARGE;1.299,50;EUR;01.03.2027', 'E2E-TÜR-2;ZARGE;12,5;;']))
  await expect(page.getByTestId('price-upload-counts')).toContainText('2 Zeilen: 0 geändert, 2 neu, 0 unverändert · Windows-1252, Trennzeichen „;“')
  await page.getByRole('button', { name: '2 Preise übernehmen' }).click()
  await expect(page.getByText('Preisliste übernommen: 0 geändert, 2 neu, 0 unverändert')).toBeVisible()
  const logLink = page.getByRole('link', { name: /^Preisprotokoll \d+ ansehen$/ })
  const logId = (await logLink.innerText()).match(/\d+/)?.[0] ?? ''

  // The same articles with new prices: the dry run shows old → new.
  await file.setInputFiles(csv(['E2E-TÜR-1;ZARGE;1.350,00;EUR;01.03.2027', 'E2E-TÜR-2;ZARGE;12,5;;']))
  await expect(page.getByTestId('price-upload-counts')).toContainText('2 Zeilen: 1 geändert, 0 neu, 1 unverändert')
  const preview = page.getByRole('table', { name: 'Erste geänderte Preise (alt → neu)' })
  await expect(preview).toContainText('E2E-TÜR-1')
  await expect(preview).toContainText('1.299,50 → 1.350,00 EUR')
  expect(await seriousViolations(page)).toEqual([])

  // The applied upload is in the price logs, newest first, with its rows.
  await openHydrated(page, '/price-logs')
  const region = await settled(page, 'Preisprotokolle')
  const first = region.locator('tbody tr').first()
  await expect(first).toContainText('Preisliste')
  await expect(first.getByRole('link', { name: logId })).toBeVisible()
  await first.getByRole('link', { name: logId }).click()
  await expect(page.getByRole('heading', { name: `Preisprotokoll ${logId}` })).toBeVisible()
  await expect(page.getByText('E2E-TÜR-1')).toBeVisible()
  await expect(page.getByText('E2E-TÜR-2')).toBeVisible()
})
