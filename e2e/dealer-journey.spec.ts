import { mkdirSync, readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, login, test, carpenterBackUnderDealer } from './fixtures'

// The companies screens (decisions 027–029) as one journey, the way a dealer admin goes through it, with the
// screens' own links only: log in and land on the tree, find a carpenter by three letters of
// its city, open its company, change its parent, create a company below it, upload a logo to
// the own company, shop as the industry customer (→ select-line). In German and English, on a
// phone and a desktop. E2E_SHOTS_DIR=/work/shots/journey keeps a screenshot of every step.
const { dealer, industry } = DEMO_ACCOUNTS
const CARPENTER = 'Schreinerei Maurer'
const INDUSTRY = 'Küchenwerk Albrecht AG'
const SHOTS = process.env.E2E_SHOTS_DIR

type Locale = 'de' | 'en'
const MESSAGES: Record<Locale, Record<string, string>> = {
  de: JSON.parse(readFileSync('messages/de.json', 'utf8')),
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')),
}
/** The screen's own text, from the same message files the app renders. */
function t(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const text = MESSAGES[locale][key]
  if (text === undefined) throw new Error(`no message ${key}`)
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
}

/** The same message as a pattern: any value in its placeholders, anything after it. */
function pattern(locale: Locale, key: string): RegExp {
  const parts = t(locale, key).split(/\{\w+\}/)
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}`)
}

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })
const row = (page: Page, name: string) =>
  page
    .getByRole('tree')
    .getByRole('treeitem')
    .filter({ has: page.getByText(name, { exact: true }) })

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0)
}

/** A side-menu entry: on a phone the menu opens from its button first, on a desktop it is the side menu. */
async function menu(page: Page, locale: Locale, key: string): Promise<void> {
  const toggle = page.getByRole('button', { name: t(locale, 'menu_toggle'), exact: true })
  const phone = await toggle.isVisible()
  if (phone) await toggle.click()
  const nav = phone ? page.locator('#portal-menu') : page.getByRole('navigation', { name: t(locale, 'side_menu_label') })
  await nav.getByRole('link', { name: t(locale, key), exact: true }).click()
  await hydrated(page)
}

/**
 * A row's action in the companies tree: on a phone from the row's menu (decision 036), on a
 * desktop its own button or link, named for the company.
 */
async function rowAction(page: Page, locale: Locale, company: string, label: string, named: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: t(locale, 'row_actions_for', { name: company }), exact: true }).click()
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: t(locale, label), exact: true })
      .click()
    return
  }
  await row(page, company)
    .getByRole(label === 'shop_as_button' ? 'button' : 'link', { name: t(locale, named, { company }) })
    .first()
    .click()
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A small photo-like PNG made here (no binary fixture). */
function logoPng(): Promise<Buffer> {
  const width = 120
  const height = 80
  const pixels = Buffer.alloc(width * height * 3)
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 31 + (index >> 5) * 17) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

// Each journey starts with the carpenter under the dealer, whatever one before left.
test.beforeEach(({ request }) => carpenterBackUnderDealer(request))

for (const locale of ['de', 'en'] as const) {
  for (const [device, viewport] of [
    ['phone', { width: 360, height: 780 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    test(`the dealer admin's journey through the company area, ${locale}, ${device}`, async ({ page }, testInfo) => {
      test.setTimeout(120_000)
      const errors = collectErrors(page)
      const step = (name: string) => shot(page, `${locale}-${device}-${name}`)
      await page.setViewportSize(viewport)
      await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])

      // 1. Log in and land on the tree of the own company.
      await login(page, dealer.username)
      await expect(page).toHaveURL(new RegExp(`/companies/${dealer.companyId}$`))
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1, name: t(locale, 'companies_tree_title') })).toBeVisible()
      await step('1-landing')

      // 2. Three letters of the carpenter's city (Reutlingen) find it, marked in the opened tree.
      await page.getByRole('searchbox', { name: t(locale, 'companies_tree_search_label') }).fill('reu')
      await expect(page).toHaveURL(/search=reu/)
      await expect(row(page, CARPENTER)).toHaveAttribute('data-hit', 'true')
      await step('2-search')

      // 3. Open its company: browse to its own tree, then edit it.
      await rowAction(page, locale, CARPENTER, 'companies_tree_browse', 'companies_tree_browse_named')
      await expect(page).toHaveURL(new RegExp(`/companies/${DEMO_COMPANY_IDS.carpenter}(\\?|$)`))
      await hydrated(page)
      await rowAction(page, locale, CARPENTER, 'companies_tree_edit', 'companies_tree_edit_named')
      await expect(page).toHaveURL(new RegExp(`/my-company/?\\?cid=${DEMO_COMPANY_IDS.carpenter}$`))
      await hydrated(page)
      await expect(page.getByTestId('my-company-name')).toHaveText(CARPENTER)
      await step('3-my-company-of-carpenter')

      // 4. Change its parent to the industry customer, after seeing what moves along.
      await page.getByRole('link', { name: t(locale, 'my_company_change_parent') }).click()
      await expect(page).toHaveURL(new RegExp(`/change-parent/?\\?cid=${DEMO_COMPANY_IDS.carpenter}$`))
      await hydrated(page)
      await expect(page.getByRole('tree')).toBeVisible()
      await step('4-change-parent')
      await page.getByRole('button', { name: t(locale, 'change_parent_choose_named', { company: INDUSTRY }) }).click()
      const dialog = page.getByRole('dialog', { name: t(locale, 'change_parent_confirm_title') })
      await expect(dialog).toBeVisible()
      await step('4-change-parent-confirm')
      await dialog.getByRole('button', { name: t(locale, 'change_parent_confirm'), exact: true }).click()
      await expect(toast(page, t(locale, 'change_parent_moved', { company: CARPENTER, parent: INDUSTRY }))).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/my-company/?\\?cid=${DEMO_COMPANY_IDS.carpenter}$`))
      await hydrated(page)

      // 5. Create a company below it, from its page; the new company is in its tree afterwards.
      // A retry creates another company: its own name keeps the tree's row unambiguous.
      const created = `Tischlerei Reise ${locale} ${device}${testInfo.retry > 0 ? ` ${testInfo.retry}` : ''}`
      await page.getByRole('link', { name: t(locale, 'my_company_create_sub') }).click()
      await expect(page).toHaveURL(new RegExp(`/create-company/?\\?cid=${DEMO_COMPANY_IDS.carpenter}$`))
      await hydrated(page)
      await page.getByLabel(t(locale, 'company_create_field_name1'), { exact: true }).fill(created)
      await page.getByLabel(t(locale, 'company_create_field_address1')).fill('Am Markt 1')
      await page.getByLabel(t(locale, 'company_create_field_zip')).fill('72764')
      await page.getByLabel(t(locale, 'company_create_field_city')).fill('Reutlingen')
      await step('5-create-company')
      await page.getByRole('button', { name: t(locale, 'company_create_submit') }).click()
      const createdToast = toast(page, t(locale, 'company_create_saved_line', { company: created }))
      await expect(createdToast).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/companies/${DEMO_COMPANY_IDS.carpenter}(\\?|$)`))
      await hydrated(page)
      await expect(row(page, created)).toBeVisible()
      await step('5-created-in-tree')
      // The app moves on without a reload, so the toast stays until it times out or is closed;
      // closed here, the next save's "Saved" is the only one on screen.
      await createdToast.getByRole('button', { name: t(locale, 'close') }).click()
      await expect(createdToast).toHaveCount(0)

      // 6. A logo for the own company: preview, saved, shown after reload.
      await menu(page, locale, 'companies_tree_menu_my_company')
      await expect(page).toHaveURL(new RegExp(`/my-company/?\\?cid=${dealer.companyId}$`))
      // The own company cannot be moved (its new parent would be outside the own scope).
      await expect(page.getByRole('link', { name: t(locale, 'my_company_change_parent') })).toHaveCount(0)
      await page.locator('input[type="file"]').setInputFiles({ name: 'brenner.png', mimeType: 'image/png', buffer: await logoPng() })
      await expect(page.getByRole('img', { name: t(locale, 'logo_preview') })).toBeVisible()
      await step('6-logo-preview')
      await page.getByRole('button', { name: t(locale, 'my_company_save'), exact: true }).click()
      await expect(toast(page, t(locale, 'my_company_saved'))).toBeVisible()
      await page.reload()
      await hydrated(page)
      const logo = page.getByRole('img', { name: new RegExp(`^${t(locale, 'logo_alt', { name: 'Holzhandel Brenner' })}`) })
      await expect(logo).toHaveAttribute('src', new RegExp(`^/company-logo/${dealer.companyId}\\?v=`))
      await step('6-logo-saved')

      // 7. Shop as the industry customer: it has several lines, so select-line for it.
      await menu(page, locale, 'companies_tree_menu')
      await rowAction(page, locale, INDUSTRY, 'shop_as_button', 'shop_as_named')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'shop_as_select_line_title', { company: INDUSTRY }))
      await expect(page.getByRole('button', { name: pattern(locale, 'select_line_choose') })).toHaveCount(industry.lineCount)
      await step('7-select-line')

      // Nothing horizontal scrolls, and the console stayed clean.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(errors).toEqual([])
    })
  }
}

test('after renaming the own company the user menu shows the new name at once', async ({ page }) => {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: `http://localhost:${E2E_BASE_PORT}` }])
  await login(page, dealer.username)
  await hydrated(page)
  const userMenu = page.getByRole('button', { name: /^User menu of / })
  const rename = async (name: string) => {
    await page.getByRole('textbox', { name: 'Company name' }).fill(name)
    const saved = await toast(page, 'Saved').count()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(toast(page, 'Saved')).toHaveCount(saved + 1)
    await userMenu.click()
    await expect(page.getByRole('menu')).toContainText(name)
    await page.keyboard.press('Escape')
  }
  await menu(page, 'en', 'companies_tree_menu_my_company')
  const original = await page.getByRole('textbox', { name: 'Company name' }).inputValue()
  await rename(`${original} (renamed)`)
  await rename(original)
})
