import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, loginAndLand, openHydrated, seriousViolations, test, signIn, AXE_WIDTH } from './fixtures'

// my-company (decision 028): the dealer edits its company with a logo (too big → save
// disabled with both sizes; a good one → preview, saved, shown after reload), a server refusal
// lands on the logo field under a 'Failure' toast, the carpenter sees the data read-only, bad
// and foreign ids, and the screen in both languages at 360 and 1280 px without serious axe findings.
const { dealer, carpenter } = DEMO_ACCOUNTS
// SHOTS_DIR=/work/shots/edit writes a screenshot of each state the scan sees.
const SHOTS_DIR = process.env.SHOTS_DIR

/** A photo-like PNG of about 0.1 MB (noise does not compress), made here: no binary fixture. */
async function noisyPng(): Promise<Buffer> {
  const width = 200
  const height = 160
  const pixels = Buffer.alloc(width * height * 3)
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 3) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return
  mkdirSync(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: `${SHOTS_DIR}/my-company-${name}.png`, fullPage: true })
}

function logoInput(page: Page) {
  return page.locator('input[type="file"]')
}

test('the dealer edits its company: a logo too big disables saving, a good one is previewed, saved and shown after reload', async ({ page }) => {
  const errors = collectErrors(page)
  await signIn(page, dealer.username)
  await openHydrated(page, '/my-company')
  await expect(page).toHaveTitle(/^My company · /)
  await expect(page.getByRole('heading', { name: 'My company', level: 1 })).toBeVisible()
  const name = page.getByRole('textbox', { name: 'Company name' })
  await expect(name).toHaveValue(/Holzhandel Brenner/)
  // Its own terms are set by its supplier: shown, not editable; its own parent is not the
  // dealer's to change (the new parent would lie outside its scope), a sub-company's is.
  await expect(page.getByTestId('my-company-terms-read-only')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change parent company' })).toHaveCount(0)

  const save = page.getByRole('button', { name: 'Save', exact: true })
  const big = Buffer.alloc(Math.round(1.1 * 1_048_576))
  big.set(await noisyPng())
  await logoInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big })
  await expect(page.getByTestId('logo-problem')).toHaveText('The logo is too big: 1.10 MB; at most 1.00 MB are allowed.')
  await expect(save).toBeDisabled()
  await shot(page, 'state-logo-too-big')

  const good = await noisyPng()
  await logoInput(page).setInputFiles({ name: 'brenner.png', mimeType: 'image/png', buffer: good })
  await expect(page.getByTestId('logo-problem')).toBeHidden()
  await expect(page.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible()
  await expect(page.getByTestId('logo-size')).toHaveText(`brenner.png · ${(good.byteLength / 1_048_576).toFixed(2)} MB`)
  await shot(page, 'state-logo-preview')
  const phone = page.getByRole('textbox', { name: 'Phone' })
  await phone.fill('+49 711 4400-0')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Saved' })).toBeVisible()

  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+49 711 4400-0')
  const logo = page.getByRole('img', { name: /^Logo of Holzhandel Brenner/ })
  await expect(logo).toHaveAttribute('src', new RegExp(`^/company-logo/${dealer.companyId}\\?v=`))
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
  expect(errors).toEqual([])
})

test('a refused logo: the Failure toast, and the server’s message on the logo field', async ({ page }) => {
  await signIn(page, dealer.username)
  await openHydrated(page, `/my-company?cid=${carpenter.companyId}`)
  // A sub-company: the dealer sets its terms here.
  await expect(page.getByRole('combobox', { name: 'Discount group' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Production lines' })).toBeVisible()
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>alert(1)</script></svg>'
  await logoInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(svg) })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Failure' })).toBeVisible()
  await expect(page.getByTestId('logo-problem')).toHaveText('An SVG file cannot be a logo. Please choose a PNG, JPEG or WebP image.')
  await shot(page, 'state-logo-refused')
})

test('the carpenter sees its company read-only and may only choose a logo', async ({ page }) => {
  await signIn(page, carpenter.username)
  await openHydrated(page, '/my-company')
  const data = page.getByTestId('my-company-read-only')
  await expect(data).toContainText('Schreinerei Maurer')
  await expect(data).toContainText('Reutlingen')
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Discount group' })).toHaveCount(0)
  await expect(page.getByText('Approve orders automatically')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Change parent company' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save logo' })).toBeDisabled()
})

test('a cid that names no company is the not-found page; a foreign one says it is not allowed', async ({ page }) => {
  await loginAndLand(page, carpenter.username)
  for (const cid of ['abc', '-1', '99999999999']) {
    const response = await page.goto(`/my-company?cid=${cid}`)
    expect(response?.status(), cid).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  }
  await openHydrated(page, `/my-company?cid=${dealer.companyId}`)
  await expect(page.getByRole('alert').filter({ hasText: 'You are not allowed to access this company.' })).toBeVisible()
  await shot(page, 'state-foreign-company')
})

for (const locale of ['en', 'de'] as const) {
  test(`my-company in ${locale} at 360 and 1280 px: no horizontal scroll, no serious axe violation`, async ({ page, context }) => {
    test.setTimeout(120_000)
    for (const [role, account] of [
      ['dealer', dealer],
      ['carpenter', carpenter],
    ] as const) {
      await context.clearCookies()
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
      await page.setViewportSize({ width: 1280, height: 800 })
      await loginAndLand(page, account.username)
      const paths = role === 'dealer' ? ['/my-company', `/my-company?cid=${carpenter.companyId}`] : ['/my-company']
      for (const path of paths) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 })
          await openHydrated(page, path)
          await expect(page.getByRole('heading', { level: 1, name: locale === 'de' ? 'Mein Unternehmen' : 'My company' })).toBeVisible()
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} ${width}px`).toBeLessThanOrEqual(0)
          if (width === AXE_WIDTH[locale]) expect(await seriousViolations(page), `${role} ${path} ${width}px`).toEqual([])
          await shot(page, `${role}${path.includes('cid') ? '-sub' : ''}-${locale}-${width}`)
        }
      }
    }
  })
}
