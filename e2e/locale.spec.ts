import { E2E_BASE_PORT } from '../playwright.config'
import { collectErrors, expect, openHydrated, test } from './fixtures'

// One language rule (decision 017): the stored choice (PARAGLIDE_LOCALE cookie), then the
// site default (localhost: English, doors.localhost: German). Each site in each language: the
// server renders the chosen language, hydration agrees (no React #418), and a /vue/ error
// comes back in it too.
const SITES = [
  { host: 'localhost', defaultLocale: 'en' },
  { host: 'doors.localhost', defaultLocale: 'de' },
] as const
const TEXT = {
  de: { login: 'Anmelden', username: 'Benutzername', password: 'Passwort', failed: 'Benutzername oder Passwort ist falsch.' },
  en: { login: 'Log in', username: 'Username', password: 'Password', failed: 'The username or password is wrong.' },
} as const

for (const site of SITES) {
  for (const locale of ['de', 'en'] as const) {
    const kind = locale === site.defaultLocale ? 'default' : 'chosen'
    test(`${site.host} in ${locale} (${kind}): page, hydration and /vue/ messages in ${locale}`, async ({ page, context }) => {
      const origin = `http://${site.host}:${E2E_BASE_PORT}`
      const other = locale === 'de' ? 'en' : 'de'
      await context.clearCookies()
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: origin }])
      const text = TEXT[locale]

      const errors = collectErrors(page)
      await openHydrated(page, `${origin}/login`)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { name: text.login, exact: true })).toBeVisible()
      // The server's own HTML is already in the chosen language (whatever the browser prefers).
      // Requests go from the page: Node cannot resolve doors.localhost, Chromium can.
      const html = await page.evaluate(async (language) => (await fetch('/login', { headers: { 'accept-language': language } })).text(), other)
      expect(html).toContain(`<html lang="${locale}"`)
      expect(html).toContain(`>${text.login}</h1>`)

      // A wrong login through the page (server function → /vue/) …
      await page.getByLabel(text.username).fill(`nobody-${site.host}-${locale}@example.com`)
      await page.getByLabel(text.password, { exact: true }).fill('wrong-password')
      await page.getByRole('button', { name: text.login, exact: true }).click()
      await expect(page.locator('[data-scope="toast"][data-part="root"]')).toContainText(text.failed)
      // … and straight to /vue/ with the browser's cookie, whatever Accept-Language says.
      const answer = await page.evaluate(
        async ({ username, language }) => {
          const response = await fetch('/vue/login/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-language': language },
            body: JSON.stringify({ username, password: 'wrong-password' }),
          })
          return response.json()
        },
        { username: `nobody-api-${site.host}-${locale}@example.com`, language: other },
      )
      expect(answer).toMatchObject({ status: false, messages: [text.failed] })
      expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([])
    })
  }
}
