import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { collectErrors, expect, seriousViolations, test, AXE_WIDTH } from './fixtures'

// Registration as a new customer on a fresh clone does it (decision 030): on the door
// site in German — register, the mail in the local mailbox, the company step, log in. Then the
// forms' rules in English and axe on both screens. E2E_SHOTS_DIR keeps screenshots.
const DOORS = `http://doors.localhost:${E2E_BASE_PORT}`
const SHOTS = process.env.E2E_SHOTS_DIR
const PASSWORD = 'Buchenholz mit Zapfen 9'

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })

test('a new customer registers on the door site in German, finds the mail, enters the company and logs in', async ({ page }) => {
  const errors = collectErrors(page)
  const email = `neu-${Date.now()}@tischlerei.example`
  await open(page, `${DOORS}/`)
  await page.getByRole('banner').getByRole('link', { name: 'Registrieren' }).first().click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registrieren')
  // The door site asks for no middle name (a setting per site).
  await expect(page.getByLabel('Zweiter Vorname')).toHaveCount(0)
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page.getByLabel('E-Mail', { exact: true })).toBeFocused()
  await page.getByLabel('E-Mail', { exact: true }).fill(email)
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Passwort wiederholen').fill(`${PASSWORD}x`)
  await page.getByLabel('Vorname', { exact: true }).fill('Jana')
  await page.getByLabel('Nachname').fill('Kranich')
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible()
  await shot(page, 'register-de-mismatch')
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD)
  await page.getByRole('button', { name: 'Registrieren' }).click()
  // The snackbar stays: the mail may take up to 15 minutes.
  const snackbar = toast(page, 'bis zu 15 Minuten')
  await expect(snackbar).toBeVisible()
  await page.waitForTimeout(6000)
  await expect(snackbar).toBeVisible()
  await shot(page, 'register-de-sent')

  await open(page, `${DOORS}/mailbox`)
  const link = page
    .getByRole('article')
    .filter({ hasText: email })
    .first()
    .getByRole('link', { name: /\/register-company\// })
  await expect(link).toBeVisible({ timeout: 20_000 })
  await shot(page, 'register-de-mailbox')
  const href = (await link.getAttribute('href')) ?? ''
  expect(new URL(href).host).toBe(`doors.localhost:${E2E_BASE_PORT}`)
  await open(page, href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registrierung: Ihr Unternehmen')
  await page.getByRole('button', { name: 'Registrierung abschließen' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
  await page.getByLabel('Name', { exact: true }).fill('Tischlerei Kranich')
  await page.getByLabel('Straße und Hausnummer').fill('Lindenweg 3')
  await page.getByLabel('PLZ').fill('72764')
  await page.getByLabel('Ort').fill('Reutlingen')
  await page.getByRole('button', { name: 'Registrierung abschließen' }).click()
  // Phone is required in the company step.
  await expect(page.getByLabel('Telefon', { exact: true })).toBeFocused()
  await page.getByLabel('Telefon', { exact: true }).fill('+49 7121 12345')
  // A customer number another company has: the server refuses the save, titled 'Fehlgeschlagen'.
  await page.getByLabel('Kundennummer').fill('200021')
  await page.getByRole('button', { name: 'Registrierung abschließen' }).click()
  await expect(toast(page, 'Fehlgeschlagen')).toContainText('Die Kundennummer 200021 hat bereits ein anderes Unternehmen.')
  await expect(toast(page, 'Fehler')).toHaveCount(0)
  await page.getByLabel('Kundennummer').fill('')
  await shot(page, 'register-company-de')
  await page.getByRole('button', { name: 'Registrierung abschließen' }).click()
  await expect(toast(page, 'Registrierung abgeschlossen')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await page.getByLabel(/Benutzername/).fill(email)
  await page.getByLabel(/^Passwort$/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page.getByRole('button', { name: `Benutzermenü von ${email}` })).toBeVisible()

  // The link is spent: the page says so at once and offers a new registration.
  await open(page, href)
  await expect(page.getByRole('alert').filter({ hasText: 'Dieser Link wurde bereits benutzt.' })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Neu registrieren' }).click()
  await expect(page).toHaveURL(/\/register$/)
  expect(errors.filter((text) => !/doors\.localhost.*favicon/.test(text))).toEqual([])
})

for (const locale of ['de', 'en'] as const) {
  test(`register and register-company in ${locale}: no serious axe violation, no horizontal scroll at 360 and 1280 px`, async ({ page }) => {
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${E2E_BASE_PORT}` }])
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/register', `/register-company/${'x'.repeat(43)}`]) {
        await open(page, `http://localhost:${E2E_BASE_PORT}${path}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        // The registration form; an unknown link's page says so instead of a form.
        await expect(path === '/register' ? page.getByRole('button', { name: /^(Registrieren|Register)$/ }) : page.getByRole('alert')).toBeVisible()
        if (width === AXE_WIDTH[locale]) expect(await seriousViolations(page), `${path} at ${width}`).toEqual([])
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} at ${width}`).toBe(true)
        await shot(page, `${path.split('/')[1]}-${locale}-${width}`)
      }
    }
  })
}

test('the optional {location} prefix stays on the way between login, forgot password and register', async ({ page }) => {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: `http://localhost:${E2E_BASE_PORT}` }])
  await open(page, `http://localhost:${E2E_BASE_PORT}/werk-sued/login`)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/werk-sued\/forgot-password$/)
  await page.getByRole('link', { name: 'Back to the login' }).click()
  await expect(page).toHaveURL(/\/werk-sued\/login/)
  await page.getByRole('banner').getByRole('link', { name: 'Register', exact: true }).first().click()
  await expect(page).toHaveURL(/\/werk-sued\/register$/)
})
