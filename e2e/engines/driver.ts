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
          `[document.querySelector('[data-testid=translation-status]')?.textContent ?? document.title, location.pathname + location.search, 'hydrated: ' + (document.documentElement.dataset.hydrated ?? 'no'), 'counts: ' + (document.querySelector('[data-testid=translation-counts]')?.textContent ?? 'none'), 'desk marks mount/dataset/first/rows: ' + ['mount', 'dataset', 'first', 'rows'].map((step) => performance.getEntriesByName('t9n:' + step).length).join('/'), 'save marks start/send/answer/applied: ' + ['start', 'send', 'answer', 'applied'].map((step) => performance.getEntriesByName('t9n:save:' + step).length).join('/'), 'save button: ' + ([...document.querySelectorAll('button')].find((button) => /^(Sav|Speicher)/.test(button.textContent.trim()))?.textContent ?? 'none')].join('; ')`,
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

/**
 * Whether the page still reaches the server: a `GET /health` from the page (no route of the
 * service worker answers it, so it goes to the network) completes within `timeoutMs` while the
 * suite reaches the same server directly. When the suite gets an answer and the page does not,
 * the engine's network for that page has stopped; the page's own code cannot hold a fetch it
 * never started.
 */
export async function pageReachesServer(driver: Driver, origin: string, timeoutMs = 5_000): Promise<boolean> {
  const direct = await fetch(`${origin}/health`, { signal: AbortSignal.timeout(timeoutMs) }).then(
    (response) => response.ok,
    () => false,
  )
  // A server that is down proves nothing about the page.
  if (!direct) return true
  const probe = `Promise.race([
    fetch('/health', { cache: 'no-store' }).then((response) => response.ok, () => false),
    new Promise((resolve) => setTimeout(() => resolve(false), ${timeoutMs})),
  ])`
  return driver.evaluate(probe, z.boolean()).catch(() => true)
}

/** The desk's IndexedDB databases (app/features/translation/local-store.ts, review-queue.ts). */
const PORTAL_DATABASES = ['portal-translation', 'portal-translation-review']

/**
 * Whether the portal's own databases still take a write once no page of the portal runs: the
 * browser goes to a file with no script of the portal (the logo) and the suite opens a
 * `readwrite` transaction over every store of each database, which must complete within
 * `timeoutMs`. A page that is gone holds no transaction, so one that never completes is held by
 * a page the engine keeps suspended: in WebKitGTK 2.50.6 the reload of a page that was writing
 * its edit leaves, now and then, that page's IndexedDB client suspended with its transaction
 * open, and every later page of the session waits behind it on "Loading…" while other
 * databases still write (docs/decisions/046-browser-engines.md). The portal's code cannot cause
 * that: when its own page held the store, leaving the page frees it and the probe passes.
 */
export async function portalStoreAnswers(driver: Driver, origin: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    await driver.goto(`${origin}/logo.svg`)
  } catch {
    // Not reached (the server stopped): nothing proven either way.
    return true
  }
  const probe = `Promise.race([
    Promise.all(${JSON.stringify(PORTAL_DATABASES)}.map((name) => new Promise((resolve) => {
      const opening = indexedDB.open(name)
      // A database this browser never made: nothing can hold it, and it is not made now.
      opening.onupgradeneeded = () => opening.transaction.abort()
      opening.onerror = () => resolve(true)
      opening.onsuccess = () => {
        const db = opening.result
        const stores = [...db.objectStoreNames]
        if (stores.length === 0) return resolve(true)
        const transaction = db.transaction(stores, 'readwrite')
        transaction.objectStore(stores[0]).count()
        transaction.oncomplete = () => (db.close(), resolve(true))
        transaction.onerror = transaction.onabort = () => (db.close(), resolve(false))
      }
    }))).then((answers) => answers.every(Boolean)),
    new Promise((resolve) => setTimeout(() => resolve(false), ${timeoutMs})),
  ])`
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
