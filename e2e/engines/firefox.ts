import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import puppeteer, { type ConsoleMessage } from 'puppeteer-core'
import type { Driver } from './driver'
import type { Cleanup } from './processes'

// Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi: no geckodriver, no browser
// download (docs/decisions/046-browser-engines.md).

export const FIREFOX_ESR = '/usr/lib/firefox-esr/firefox-esr'

/** A console message's text with its arguments spelled out (Firefox gives "JSHandle@error" for an Error). */
async function describe(message: ConsoleMessage): Promise<string> {
  const parts = await Promise.all(
    message.args().map((arg) => arg.evaluate((value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value))).catch(() => null)),
  )
  return parts.some((part) => part !== null) ? parts.map((part) => part ?? '?').join(' ') : message.text()
}

/** `profile`: a folder of its own for the browser's profile, removed when it ends. */
export async function launchFirefox(cleanup: Cleanup, profile: string): Promise<Driver> {
  rmSync(profile, { recursive: true, force: true })
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_ESR,
    headless: true,
    userDataDir: resolve(profile),
    // This runner ends the browser itself, also on Ctrl+C (processes.ts).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    // navigator.storage.persist() asks the user, and headless nobody answers: granted, as a user would.
    extraPrefsFirefox: { 'dom.storageManager.prompt.testing': true, 'dom.storageManager.prompt.testing.allow': true },
  })
  const child = browser.process()
  if (child?.pid !== undefined) cleanup.killGroupOnExit(child.pid, child)
  const stop = cleanup.add('Firefox', async () => {
    await browser.close().catch(() => undefined)
    rmSync(profile, { recursive: true, force: true })
  })
  const page = await browser.newPage()
  await page.setViewport({ width: 1280, height: 900 })

  const pending: Array<Promise<string>> = []
  page.on('console', (message) => {
    if (message.type() === 'error') pending.push(describe(message))
  })
  page.on('pageerror', (error) => pending.push(Promise.resolve(error instanceof Error ? `${error.name}: ${error.message}` : String(error))))

  return {
    id: 'firefox',
    name: `Firefox ESR ${(await browser.version()).replace(/^firefox\//, '')}`,
    emulatesOffline: true,
    async setCookies(origin, cookies) {
      const { hostname } = new URL(origin)
      await browser.setCookie(...cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/' })))
    },
    async goto(url) {
      try {
        await page.goto(url, { waitUntil: 'load' })
      } catch (error) {
        // Firefox aborts a navigation the page's own work interrupts (the service worker taking
        // control on a busy machine): the translator opens the link again, and so does the suite.
        if (!String(error).includes('NS_BINDING_ABORTED')) throw error
        await page.goto(url, { waitUntil: 'load' })
      }
    },
    async reload() {
      await page.reload({ waitUntil: 'load' })
    },
    async evaluate(expression, schema) {
      return schema.parse(await page.evaluate(expression))
    },
    async click(selector) {
      await page.click(selector)
    },
    async type(text) {
      await page.keyboard.type(text)
    },
    async setOffline(offline) {
      await page.setOfflineMode(offline)
    },
    async takeErrors() {
      return Promise.all(pending.splice(0))
    },
    close: stop,
  }
}
