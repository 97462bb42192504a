import { z } from 'zod'
import type { SessionCookie } from '../vue-api'

// What the desk's promises need of a browser, whatever drives it: puppeteer-core over WebDriver
// BiDi for Firefox ESR (firefox.ts), webdriverio over classic WebDriver for WebKitGTK
// (webkit.ts). Selectors are CSS; page code is an expression in a string, so nothing of this
// file's compiled JavaScript is sent to the page.

export type EngineId = 'firefox' | 'webkit'

export interface Driver {
  readonly id: EngineId
  /** The engine and its version, as the browser reports it. */
  readonly name: string
  /** Whether the driver can cut the page's connection (Firefox); otherwise the server is stopped. */
  readonly emulatesOffline: boolean
  /** Sets the session cookies of `origin` (the page must be on that origin for WebDriver classic). */
  setCookies(origin: string, cookies: ReadonlyArray<SessionCookie>): Promise<void>
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<void>
  /** The browser's reload, as the translator's F5: at once, then waits for the load event. */
  reload(): Promise<void>
  /** The value of a page expression (a promise is awaited), parsed. */
  evaluate<T>(expression: string, schema: z.ZodType<T>): Promise<T>
  /** A real click in the middle of the element (scrolled into view first). */
  click(selector: string): Promise<void>
  /** Key presses into the focused element, one per character. */
  type(text: string): Promise<void>
  setOffline(offline: boolean): Promise<void>
  /** Console errors and uncaught errors of the page since the last call. */
  takeErrors(): Promise<string[]>
  close(): Promise<void>
}

/** Waits until a page expression (or the promise it gives) is truthy; fails naming what was awaited and what the page showed. */
export async function waitFor(driver: Driver, expression: string, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last: unknown = null
  for (;;) {
    try {
      if (await driver.evaluate(`Promise.resolve(${expression}).then(Boolean)`, z.boolean())) return
    } catch (error) {
      // A page still loading answers nothing for a moment.
      last = error
    }
    if (Date.now() > deadline) {
      const shown = await driver
        .evaluate(
          `[document.querySelector('[data-testid=translation-status]')?.textContent ?? document.title, location.pathname + location.search, 'hydrated: ' + (document.documentElement.dataset.hydrated ?? 'no'), 'counts: ' + (document.querySelector('[data-testid=translation-counts]')?.textContent ?? 'none')].join('; ')`,
          z.string(),
        )
        .catch(() => '?')
      throw new Error(`${driver.name}: no ${what} within ${timeoutMs / 1000} s (page: ${shown})${last ? `; last error: ${String(last)}` : ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Whether the engine's IndexedDB still writes: a put into a database of the suite's own, which
 * the portal never opens, completes within `timeoutMs`. WebKitGTK 2.50.6 now and then marks a
 * page's IndexedDB client suspended when a navigation reuses its service worker's process, and
 * from then on no write starts, in any database of that browser session (WebKit bug 324058,
 * fixed upstream; docs/decisions/046-browser-engines.md). No page code can cause that here.
 */
export async function storeWrites(driver: Driver, timeoutMs = 5_000): Promise<boolean> {
  const probe = `new Promise((resolve) => {
    setTimeout(() => resolve(false), ${timeoutMs})
    const opening = indexedDB.open('engine-suite-probe', 1)
    opening.onupgradeneeded = () => opening.result.createObjectStore('probe')
    opening.onerror = () => resolve(false)
    opening.onsuccess = () => {
      const transaction = opening.result.transaction('probe', 'readwrite')
      transaction.objectStore('probe').put(Date.now(), 'written')
      transaction.oncomplete = () => resolve(true)
      transaction.onerror = transaction.onabort = () => resolve(false)
    }
  })`
  // A page that answers nothing proves no stall: the failure stands as it is.
  return driver.evaluate(probe, z.boolean()).catch(() => true)
}

/** Messages of the engines that are not the portal's errors (docs/decisions/046-browser-engines.md). */
const QUIRKS: Record<EngineId, RegExp[]> = {
  // Leaving a page while the service worker still loads scripts for offline use.
  firefox: [/ServiceWorker intercepted the request and encountered an unexpected error/],
  webkit: [],
}

/** The page's errors since the last look, and the engine's known quirks among them apart. */
export async function pageErrors(driver: Driver): Promise<{ errors: string[]; quirks: string[] }> {
  const messages = await driver.takeErrors()
  const quirk = (text: string) => QUIRKS[driver.id].some((pattern) => pattern.test(text))
  return { errors: messages.filter((text) => !quirk(text)), quirks: messages.filter(quirk) }
}
