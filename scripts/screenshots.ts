// npm run screenshots -- [baseURL]: full-page screenshots of the shell's screens, in German
// and English, at phone (360 px) and desktop (1280 px) width, into data/screenshots/.
// Against a running server (default http://localhost:3000); logs in with the demo accounts.
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { SHELL_SCREENS, originFor } from '../e2e/shell-screens'

const base = process.argv[2] ?? 'http://localhost:3000'
const out = 'data/screenshots'
// SCREENS=vartext,catalogs takes only those screens.
const only = process.env.SCREENS?.split(',').map((name) => name.trim())
mkdirSync(out, { recursive: true })

async function login(page: Page, origin: string, username: string) {
  await page.goto(`${origin}/login`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByLabel(/Username|Benutzername/).fill(username)
  await page.getByLabel(/^(Password|Passwort)$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const locale of ['de', 'en'] as const) {
  for (const width of [360, 1280]) {
    for (const shot of SHELL_SCREENS.filter((screen) => !only || only.includes(screen.name))) {
      const origin = originFor(shot, base)
      const context = await browser.newContext({ viewport: { width, height: 800 } })
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: origin }])
      const page = await context.newPage()
      if (shot.as) await login(page, origin, shot.as)
      await page.goto(`${origin}${shot.path}`)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      // Translation screens fill in from IndexedDB or the server after hydration.
      const counts = page.getByTestId('translation-counts')
      if ((await counts.count()) > 0)
        await counts
          .filter({ hasText: '/' })
          .waitFor({ timeout: 15_000 })
          .catch(() => undefined)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      const file = `${out}/${shot.name}-${locale}-${width}.png`
      await page.screenshot({ path: file, fullPage: true })
      console.log(`${file}${overflow > 0 ? `  ⚠ horizontal scroll ${overflow}px` : ''}`)
      await context.close()
    }
  }
}
await browser.close()
