import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../src/server/seed/demo-accounts'
import {
  collectErrors,
  expect,
  loginAndLand,
  openHydrated,
  seriousViolations,
  test,
  signIn,
  AXE_WIDTH,
  carpenterBackUnderDealer,
  moveCompanyAsDealer,
} from './fixtures'

// change-parent, create-company and the printable material overview (decision 029) as the
// dealer and an industry customer use them.
const { dealer, industry } = DEMO_ACCOUNTS
const CARPENTER = 'Schreinerei Maurer'
const INDUSTRY = 'Küchenwerk Albrecht AG'
const DEALER = 'Holzhandel Brenner GmbH & Co. KG'
// E2E_SHOTS_DIR=/work/shots/parent: screenshots of both screens, both languages, both widths.
const SHOTS = process.env.E2E_SHOTS_DIR

async function useLocale(page: Page, locale: 'de' | 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
}

const chooseButton = (page: Page, company: string) => page.getByRole('button', { name: `Choose ${company} as the parent` })

// Each test starts with the carpenter under the dealer, whatever an earlier one left.
test.beforeEach(({ request }) => carpenterBackUnderDealer(request))

test('the dealer moves a company with change-parent, seeing what moves along, and it is under the new parent', async ({ page }) => {
  const errors = collectErrors(page)
  await useLocale(page, 'en')
  await signIn(page, dealer.username)
  await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.carpenter}`)
  await expect(page).toHaveTitle(/^Change parent company · /)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change the parent of ${CARPENTER}`)
  await expect(page.getByRole('definition').first()).toHaveText(DEALER)
  const moves = page.getByText(/^Sub-companies: 3 · Users: \d+$/).first()
  await expect(moves).toBeVisible()
  const movesText = await moves.textContent()
  await expect(page.getByRole('tree')).toBeVisible()
  // The current parent cannot be chosen; the company itself is not in the tree.
  await expect(page.getByRole('button', { name: `${DEALER} is the current parent` })).toBeDisabled()
  await expect(chooseButton(page, CARPENTER)).toHaveCount(0)

  // Keyboard: into the tree, down to the industry customer, → opens it (its children load then).
  const industryRow = page.locator('[data-part=branch-control]', { hasText: INDUSTRY })
  await page.locator('[data-part=branch-control]').first().focus()
  await page.keyboard.press('ArrowDown')
  for (let step = 0; step < 20 && !(await industryRow.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('ArrowDown')
  await expect(industryRow).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(industryRow).toHaveAttribute('data-state', 'open')
  await expect(page.locator('[data-part=branch-content]', { has: page.getByRole('button', { name: /^Choose .* as the parent$/ }) }).last()).toBeVisible()
  await page.keyboard.press('Home')
  await expect(page.locator('[data-part=branch-control]').first()).toBeFocused()

  await chooseButton(page, INDUSTRY).click()
  const dialog = page.getByRole('dialog', { name: 'Move the company?' })
  await expect(dialog).toContainText(`Move ${CARPENTER} from ${DEALER} to ${INDUSTRY}?`)
  await expect(dialog).toContainText(movesText ?? '')
  await dialog.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(page.getByText(`${CARPENTER} is now under ${INDUSTRY}.`)).toBeVisible()
  await page.waitForURL(`**/my-company?cid=${DEMO_COMPANY_IDS.carpenter}`)

  // Under the new parent: the change-parent screen of the moved company says so.
  await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.carpenter}`)
  await expect(page.getByRole('definition').first()).toHaveText(INDUSTRY)
  await expect(chooseButton(page, INDUSTRY)).toHaveCount(0)
  // And back, for the tests after this one.
  await page.getByRole('button', { name: `Choose ${DEALER} as the parent` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click()
  await page.waitForURL(`**/my-company?cid=${DEMO_COMPANY_IDS.carpenter}`)
  expect(errors.filter((text) => !/404|Not Found/i.test(text))).toEqual([])
})

test('a move the server refuses is a failed save: the toast is titled "Fehlgeschlagen"', async ({ page, request }) => {
  await useLocale(page, 'de')
  await signIn(page, dealer.username)
  await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.carpenter}`)
  await page.getByRole('button', { name: `${INDUSTRY} als übergeordnetes Unternehmen auswählen` }).click()
  const dialog = page.getByRole('dialog', { name: 'Unternehmen verschieben?' })
  await expect(dialog).toBeVisible()
  // Meanwhile the industry customer is moved below the carpenter: the move would make a cycle.
  await moveCompanyAsDealer(request, DEMO_COMPANY_IDS.industry, DEMO_COMPANY_IDS.carpenter)
  try {
    await dialog.getByRole('button', { name: 'Verschieben', exact: true }).click()
    const failure = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Fehlgeschlagen' })
    await expect(failure).toContainText(`„${CARPENTER}“ kann nicht unter eines seiner eigenen Unterunternehmen („${INDUSTRY}“) verschoben werden.`)
    await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Fehler' })).toHaveCount(0)
  } finally {
    await moveCompanyAsDealer(request, DEMO_COMPANY_IDS.industry, DEMO_COMPANY_IDS.dealer)
  }
})

test('change-parent says what is wrong: the own company, a bad cid', async ({ page }) => {
  await useLocale(page, 'en')
  await signIn(page, dealer.username)
  await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.dealer}`)
  await expect(page.getByRole('alert')).toContainText('You cannot move your own company: its parent lies outside your scope.')
  await openHydrated(page, '/change-parent?cid=abc')
  await expect(page.getByRole('alert')).toContainText('The address names no company: ?cid= must be a company number.')
  await openHydrated(page, '/create-company?cid=-1')
  await expect(page.getByRole('alert')).toContainText('The address names no company')
})

test('the dealer creates a sub-company: required fields named first, then saved and in the tree', async ({ page }) => {
  await useLocale(page, 'en')
  await signIn(page, dealer.username)
  await openHydrated(page, `/create-company?cid=${DEMO_COMPANY_IDS.carpenter}`)
  await expect(page).toHaveTitle(/^Create sub-company · /)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`New company under ${CARPENTER}`)
  await page.getByRole('button', { name: 'Create company' }).click()
  for (const message of ['Name is a required field.', 'Street and number is a required field.', 'Postcode is a required field.', 'City is a required field.'])
    await expect(page.getByText(message)).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
  await page.getByLabel('Name', { exact: true }).fill('Tischlerei E2E Kranich')
  await page.getByLabel('Street and number').fill('Lindenweg 3')
  await page.getByLabel('Postcode').fill('72764')
  await page.getByLabel('City').fill('Reutlingen')
  await page.getByLabel('E-mail').fill('no-address')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page.getByText('E-mail must be a valid e-mail address.')).toBeVisible()
  await page.getByLabel('E-mail').fill('info@kranich.example')
  // The browser's own select (decision 035): chosen as a keyboard or a phone's picker does.
  await page.getByRole('combobox', { name: 'Company type' }).selectOption({ label: 'End customer' })
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page.getByText('Tischlerei E2E Kranich was created.')).toBeVisible()
  await page.waitForURL(`**/companies/${DEMO_COMPANY_IDS.carpenter}`)

  // In the tree below the carpenter (seen from the industry customer's change-parent screen).
  await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.industry}`)
  await page.locator('[data-part=branch-control]', { hasText: CARPENTER }).click()
  await expect(chooseButton(page, 'Tischlerei E2E Kranich')).toBeVisible()
})

test('the material overview opens from select-line in a new page and shows the materials', async ({ page, context }) => {
  await useLocale(page, 'en')
  await signIn(page, industry.username)
  await openHydrated(page, '/user/select-line')
  const [overview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Material overview (printable, new window)' }).click()])
  const errors = collectErrors(overview)
  await overview.waitForLoadState('load')
  expect(new URL(overview.url()).pathname).toBe(`/vue/material-overview/${DEMO_COMPANY_IDS.industry}/`)
  await expect(overview.getByRole('heading', { level: 1 })).toHaveText(`Material overview: ${INDUSTRY}`)
  await expect(overview.getByRole('heading', { level: 2 }).first()).toContainText('Line ')
  expect(await overview.locator('tbody tr').count()).toBeGreaterThan(10)
  expect(await seriousViolations(overview)).toEqual([])
  expect(errors).toEqual([])
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await overview.screenshot({ path: `${SHOTS}/material-overview-en.png`, fullPage: false })
    await overview.emulateMedia({ media: 'print' })
    await overview.screenshot({ path: `${SHOTS}/material-overview-print-en.png`, fullPage: false })
  }
})

for (const locale of ['en', 'de'] as const) {
  test(`change-parent and create-company in ${locale}: no serious axe violation, no horizontal scroll at 360 and 1280 px`, async ({ page }) => {
    test.setTimeout(180_000)
    await useLocale(page, locale)
    await loginAndLand(page, dealer.username)
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await openHydrated(page, `/change-parent?cid=${DEMO_COMPANY_IDS.carpenter}`)
      await expect(page.getByRole('tree')).toBeVisible()
      await check(page, `change-parent-${locale}-${width}`, width === AXE_WIDTH[locale])
      await page
        .getByRole('button', { name: locale === 'en' ? `Choose ${INDUSTRY} as the parent` : `${INDUSTRY} als übergeordnetes Unternehmen auswählen` })
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await check(page, `change-parent-dialog-${locale}-${width}`, width === AXE_WIDTH[locale])
      await page.keyboard.press('Escape')
      await openHydrated(page, `/create-company?cid=${DEMO_COMPANY_IDS.carpenter}`)
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Create company' : 'Unternehmen anlegen' })).toBeVisible()
      await check(page, `create-company-${locale}-${width}`, width === AXE_WIDTH[locale])
      await page.getByRole('button', { name: locale === 'en' ? 'Create company' : 'Unternehmen anlegen' }).click()
      await expect(page.getByText(locale === 'en' ? 'Name is a required field.' : 'Name ist ein Pflichtfeld.')).toBeVisible()
      await check(page, `create-company-errors-${locale}-${width}`, width === AXE_WIDTH[locale])
    }
  })
}

async function check(page: Page, name: string, scan: boolean): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(0)
  if (scan) expect(await seriousViolations(page), name).toEqual([])
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
  }
}
