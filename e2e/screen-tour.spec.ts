import type { Page } from '@playwright/test'
import { SHELL_SCREENS, originFor, type ShellScreen } from './shell-screens'
import { collectErrors, expect, projectPort, seriousViolations, signIn, test, watchViolations } from './fixtures'

// Every screen of the shell, in both languages, once per language: it renders and hydrates
// under the CSP without a violation or a console error, its <html lang> and its title
// "Page · Site" are right, nothing scrolls sideways at 360 and 1280 px, and an axe-core scan
// (WCAG 2.2 AA) finds no serious or critical violation — in English at desktop width, in
// German at phone width, so both layouts and both languages are scanned. One login per user:
// a test per language and user, so a slow machine never runs one test past its timeout.
const SCREENS: ReadonlyArray<ShellScreen> = [...SHELL_SCREENS, { name: 'offline', path: '/offline' }]
const GROUPS = [...new Set(SCREENS.map((screen) => screen.as))]
const SITE = { portal: 'Hollerbach Partner Portal', doors: 'Hollerbach Türen Portal' }

async function horizontalOverflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 })
  await page.waitForFunction((expected) => window.innerWidth === expected, width)
  // Two frames: the resize's layout and whatever React renders for the new width.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

for (const locale of ['en', 'de'] as const) {
  const scanWidth = locale === 'en' ? 1280 : 360
  for (const as of GROUPS) {
    const screens = SCREENS.filter((screen) => screen.as === as)
    test(`screens in ${locale} ${as ? `as ${as}` : 'without a login'}: title, CSP, no sideways scroll at 360 and 1280 px, axe at ${scanWidth} px`, async ({
      page,
      context,
    }) => {
      test.setTimeout(30_000 + screens.length * 15_000)
      await watchViolations(page)
      const errors = collectErrors(page)
      for (const host of ['localhost', 'doors.localhost'])
        await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://${host}:${projectPort()}` }])
      await page.setViewportSize({ width: 1280, height: 800 })
      if (as) await signIn(page, as)
      for (const screen of screens) {
        await page.setViewportSize({ width: 1280, height: 800 })
        await page.goto(`${originFor(screen, `http://localhost:${projectPort()}`)}${screen.path}`)
        await expect(page.locator('html[data-hydrated="true"]'), screen.name).toBeAttached()
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        const site = screen.doors ? SITE.doors : SITE.portal
        const title = await page.title()
        expect(title, screen.name).toMatch(new RegExp(` · ${site}$`))
        expect(title.slice(0, -` · ${site}`.length).trim(), screen.name).not.toBe('')
        expect(await page.locator('html').getAttribute('data-csp-violations'), screen.name).toBeNull()
        // Lists load after hydration: scan what the user reads, not the loading line.
        await expect(
          page.locator('main [aria-busy="true"], main [role="status"]:has-text("Loading"), main [role="status"]:has-text("Laden")'),
          screen.name,
        ).toHaveCount(0)
        for (const width of [1280, 360]) {
          expect(await horizontalOverflow(page, width), `${screen.name} at ${width}px`).toBeLessThanOrEqual(0)
          if (width === scanWidth) expect(await seriousViolations(page), `${screen.name} at ${width}px`).toEqual([])
        }
      }
      // The shell keeps each visited page for offline use; the 404 page cannot be kept (not ours).
      expect(errors.filter((error) => !error.startsWith('Failed to load resource') && !error.startsWith('Cache.add() failed'))).toEqual([])
    })
  }
}
