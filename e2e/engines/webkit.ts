import { remote } from 'webdriverio'
import type { Driver } from './driver'
import { spawnGroup, type Cleanup } from './processes'

// WebKitGTK's MiniBrowser (Debian's libwebkit2gtk-4.1-0) driven by webdriverio over classic
// WebDriver through Debian's WebKitWebDriver, on a virtual X display (Xvfb): no offline
// emulation and no console capture there (docs/decisions/046-browser-engines.md).

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** How long Xvfb and WebKitWebDriver may take to start. */
const START_TIMEOUT_MS = 30_000

/** Xvfb on the first free display (it writes the display's number to fd 3). */
async function startXvfb(cleanup: Cleanup): Promise<string> {
  const xvfb = spawnGroup(cleanup, 'Xvfb', 'Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env, true)
  const fd = xvfb.stdio[3]
  if (!fd) throw new Error('Xvfb has no pipe for its display number')
  return new Promise<string>((resolve, reject) => {
    let said = ''
    const timer = setTimeout(() => reject(new Error('Xvfb named no display')), START_TIMEOUT_MS)
    fd.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const display = /^(\d+)\n/.exec(said)?.[1]
      if (display === undefined) return
      clearTimeout(timer)
      resolve(`:${display}`)
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (exit ${code})`)))
  })
}

async function startDriver(cleanup: Cleanup, port: number, display: string): Promise<void> {
  const driver = spawnGroup(cleanup, 'WebKitWebDriver', 'WebKitWebDriver', [`--port=${port}`, '--replace-on-new-session'], { ...process.env, DISPLAY: display })
  let output = ''
  driver.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver ended (exit ${driver.exitCode}): ${output}`)
    if (
      await fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}: ${output}`)
}

/**
 * Console errors and uncaught errors, kept in the page by a hook set after each load (WebDriver
 * classic cannot run a script before the page's own): errors while a page loads go unseen.
 */
const ERROR_HOOK = `(() => {
  if (window.__engineErrors) return
  const errors = (window.__engineErrors = [])
  const show = (value) => (value instanceof Error ? value.name + ': ' + value.message : String(value))
  const original = console.error.bind(console)
  console.error = (...args) => {
    errors.push(args.map(show).join(' '))
    original(...args)
  }
  window.addEventListener('error', (event) => errors.push(show(event.error ?? event.message)))
  window.addEventListener('unhandledrejection', (event) => errors.push('Unhandled rejection: ' + show(event.reason)))
})()`

/** Xvfb and WebKitWebDriver, started once per run: a new browser session reuses them. */
let service: Promise<void> | null = null

export async function launchWebKit(cleanup: Cleanup, port: number): Promise<Driver> {
  service ??= startXvfb(cleanup).then((display) => startDriver(cleanup, port, display))
  await service
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      // No page cache: with it, WebKitGTK 2.50 (no RunningBoard on Linux) now and then marks a
      // reloaded page's IndexedDB client suspended once the service worker controls the page, and
      // that page's store transactions never start (docs/decisions/046-browser-engines.md).
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--enable-page-cache=false'] },
    },
  })
  const stop = cleanup.add('MiniBrowser', async () => {
    await browser.deleteSession().catch(() => undefined)
  })
  await browser.setWindowSize(1280, 900)
  const seen: string[] = []
  const harvest = async () => {
    const found: unknown = await browser.execute('return window.__engineErrors ? window.__engineErrors.splice(0) : []').catch(() => [])
    if (Array.isArray(found)) seen.push(...found.map(String))
  }
  const hook = () => browser.execute(ERROR_HOOK)

  return {
    id: 'webkit',
    name: `WebKitGTK ${browser.capabilities.browserVersion ?? '?'}`,
    emulatesOffline: false,
    async setCookies(origin, cookies) {
      await browser.url(`${origin}/health`)
      // Without SameSite: webdriverio's type spells it in lower case, WebDriver wants “Lax”; the suite stays on one origin.
      await browser.setCookies(cookies.map(({ name, value, httpOnly, expires }) => ({ name, value, httpOnly, expiry: expires, path: '/' })))
    },
    async goto(url) {
      await harvest()
      await browser.url(url)
      await hook()
    },
    async reload() {
      // No harvest first: that round trip would come between the last key and the reload.
      await browser.refresh()
      await hook()
    },
    async evaluate(expression, schema) {
      return schema.parse(await browser.execute(`return (${expression})`))
    },
    async click(selector) {
      await (await browser.$(selector)).click()
    },
    async type(text) {
      // Each key down and up before the next (webdriverio's keys() holds them all down at once).
      const keys = browser.action('key')
      for (const char of text) keys.down(char).up(char)
      await keys.perform()
    },
    async setOffline() {
      throw new Error('WebKitWebDriver has no offline emulation: stop the server instead')
    },
    async takeErrors() {
      await harvest()
      return seen.splice(0)
    },
    close: stop,
  }
}
