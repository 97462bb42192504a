import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { sessionCookies, tokenOf } from './vue-api'

// Pages are used only after hydration (clicks before it would be lost).
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

/**
 * Follows a link in the page (a click, or Enter on the focused link) and waits until the new
 * page is shown: the router changes the URL first and keeps the old page, busy, until the next
 * one has loaded — so an action right after the URL change could still reach the old page.
 */
export async function followLink(page: Page, link: Locator, by: 'click' | 'Enter' = 'click'): Promise<void> {
  const before = page.url()
  const pressed = await link.elementHandle()
  // A link of the page itself goes with it (the navbar's links stay).
  const inPage = await pressed!.evaluate((element) => element.closest('main') !== null)
  if (by === 'click') await link.click()
  else {
    await link.focus()
    await page.keyboard.press('Enter')
  }
  await page.waitForURL((url) => url.href !== before)
  await expect(page.locator('main#main')).not.toHaveAttribute('aria-busy', 'true')
  if (inPage) await pressed!.waitForElementState('hidden')
}

/** Console errors and uncaught page errors from now on (hydration mismatches, CSP refusals). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await openHydrated(page, '/')
  await page.getByLabel(/Username|Benutzername/).fill(username)
  await page.getByLabel(/^(Password|Passwort)$/).fill(password)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
}

/** The port of the running test's shared server: its project's `baseURL` (the suite's lanes, playwright.config.ts). */
export function projectPort(): number {
  const baseURL = base.info().project.use.baseURL
  return baseURL ? Number(new URL(baseURL).port) : E2E_BASE_PORT
}

/**
 * A session without the login screen, for tests about something else: the token from the
 * spec's POST /vue/login/ and the signed user cookie the login stores, set in the browser
 * (the secret is the e2e server's). Two page loads fewer than the form — on a 2-core machine
 * that is most of a short test. The next page opened is signed in.
 */
export async function signIn(page: Page, username: string, host = 'localhost', origin = `http://${host}:${projectPort()}`): Promise<void> {
  // The token is of a session of the server at `origin` (decision 056): a server of its own, with
  // a database of its own, signs in through itself.
  const cookies = await sessionCookies(origin, username, E2E_JWT_SECRET)
  await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })))
}

/** Signs in and opens home, which sends the user where they work; waits for the user menu. */
export async function loginAndLand(page: Page, username: string, origin?: string): Promise<void> {
  await signIn(page, username, 'localhost', origin)
  await openHydrated(page, '/')
  await expect(page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / })).toBeVisible()
  await page.waitForLoadState('load')
}

/**
 * Logs out through the user menu in the navbar, once the page has hydrated: a page's scripts start
 * after its first paint (decision 035), and a click before React listens is not seen by anyone.
 */
export async function logoutThroughMenu(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByRole('button', { name: /^(User menu of|Benutzermenü von) / }).click()
  await page.getByRole('menuitem', { name: /^(Log out|Abmelden)$/ }).click()
}

/**
 * The width a screen's axe scan runs at in each language: desktop in English, phone in German,
 * so both layouts and both languages are scanned (a scan of a big page takes seconds on a
 * 2-core machine; every width is still checked for sideways scroll in both languages).
 */
export const AXE_WIDTH = { en: 1280, de: 360 } as const

/** An axe-core scan (WCAG 2.2 AA) of the page as it is: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** Records every CSP violation of the page in a data attribute of <html> (decision 017). */
export async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      document.documentElement.dataset.cspViolations = `${document.documentElement.dataset.cspViolations ?? ''}${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber};`
    })
  })
}

export const test = base
export { expect }

/** Waits until the service worker is installed and controls the page (offline tests). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
}

/** Waits until the shell has kept the page as it is now for offline use. */
export async function waitForKeptPage(page: Page): Promise<void> {
  await page.waitForFunction(async () => Boolean(await (await caches.open('pages')).match(window.location.href)))
}

/** Moves a company of the dealer's tree under another one, as the dealer through the API. */
export async function moveCompanyAsDealer(request: APIRequestContext, company: number, parent: number): Promise<void> {
  const login = await request.post('/vue/login/', { data: { username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD } })
  const moved = await request.post(`/vue/company/${company}/set-parent/`, {
    headers: { authorization: `JWT ${tokenOf(await login.json())}` },
    form: { parent: String(parent) },
  })
  expect(moved.status()).toBe(200)
}

/** Puts the carpenter back under the dealer (through the API), whatever an earlier test moved. */
export async function carpenterBackUnderDealer(request: APIRequestContext): Promise<void> {
  await moveCompanyAsDealer(request, DEMO_COMPANY_IDS.carpenter, DEMO_COMPANY_IDS.dealer)
}

/** A list row's menu button on a phone (decision 036), by the row's name. */
export function rowMenuButton(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^(Actions for|Aktionen für) ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
}

/**
 * How long after the pointer moved onto a control, or the focus went to it, its tooltip
 * appeared: both ends taken inside the page (the event's time, and the moment the tooltip
 * entered the page or was unhidden), so Playwright's own round trips do not count.
 */
export async function tooltipDelayMs(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const state: { start: number | null; shown: number | null } = { start: null, shown: null }
    Reflect.set(window, '__tooltipTiming', state)
    const mark = (event: Event) => {
      state.start ??= event.timeStamp
    }
    document.addEventListener('pointermove', mark, { capture: true, once: true })
    document.addEventListener('focusin', mark, { capture: true, once: true })
    const observer = new MutationObserver(() => {
      const tip = document.querySelector<HTMLElement>('[role=tooltip]')
      if (!tip || tip.hidden || state.start === null) return
      state.shown = performance.now()
      observer.disconnect()
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] })
  })
  await act()
  await expect(page.getByRole('tooltip')).toBeVisible()
  return page.evaluate(() => {
    const state: unknown = Reflect.get(window, '__tooltipTiming')
    if (typeof state !== 'object' || state === null) return Number.NaN
    const start: unknown = Reflect.get(state, 'start')
    const shown: unknown = Reflect.get(state, 'shown')
    return typeof start === 'number' && typeof shown === 'number' ? shown - start : Number.NaN
  })
}

/**
 * Opens a row's menu from the keyboard: focus on its button, then `key`. Under CI load a list
 * can render again between the focus and the key (a refetch replaces the button), and the key
 * goes nowhere; the focus and the key are then given again, as a user would.
 */
export async function openMenuByKey(page: Page, button: Locator, key: 'Enter' | 'ArrowDown' | ' ', menu: Locator): Promise<void> {
  await expect(async () => {
    if (!(await menu.isVisible())) {
      await button.focus()
      await expect(button).toBeFocused({ timeout: 1_000 })
      await pressInMenu(page, key)
    }
    await expect(menu).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * A key for an Ark menu, pressed as a person would: a frame after the previous one. The menu
 * moves the focus and starts listening for Escape in the frame after a key; a script's keys a
 * millisecond apart would land before that.
 */
export async function pressInMenu(page: Page, key: string): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
  await page.keyboard.press(key)
}
