import type { Page, Route } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'

// The page knows it is back online although no `online` event comes (docs/decisions/046): it
// reads `navigator.onLine` again and asks the server, while it thinks it is offline and after a
// save failed. Here the page's `navigator.onLine` is the test's to set, and every `online`
// event is counted: none may come. Firefox's real case runs in e2e/engines/.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const state = { offline: false, onlineEvents: 0 }
    Reflect.set(window, '__connection', state)
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => !state.offline })
    window.addEventListener('online', () => state.onlineEvents++, { capture: true })
  })
})

/** What the page's `navigator.onLine` says from now on, told with the browser's event when `event`. */
async function setConnection(page: Page, offline: boolean, event: boolean) {
  await page.evaluate(
    ([offline, event]) => {
      Reflect.set(Reflect.get(window, '__connection'), 'offline', offline)
      if (event) window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
    },
    [offline, event] as const,
  )
}

const onlineEvents = (page: Page) => page.evaluate(() => Number(Reflect.get(Reflect.get(window, '__connection'), 'onlineEvents')))

async function editOne(page: Page, key: string, text: string) {
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  await page.locator(`[role=listitem][data-key="${key}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill(text)
  await page.keyboard.press('Escape')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
}

test('back online without an online event: navigator.onLine is read again, and Save works', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-3)!
  await loginAndLand(page, DEMO_ACCOUNTS.translator.username)
  await editOne(page, key, 'Revenu sans événement')
  const save = page.getByRole('button', { name: 'Save (1)', exact: true })
  await expect(save).toBeEnabled()

  await setConnection(page, true, true)
  await expect(unsavedCount(page)).toContainText('offline – your edits are kept')
  await expect(save).toBeDisabled()
  // The connection is back and nothing tells the page.
  await setConnection(page, false, false)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await expect(save).toBeEnabled()
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Revenu sans événement')
  expect(await onlineEvents(page)).toBe(0)
})

test('a save that finds no server makes the page offline until the server answers again', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-4)!
  await loginAndLand(page, DEMO_ACCOUNTS.translator.username)
  await editOne(page, key, 'Serveur revenu')

  // The browser has a connection, but the portal does not answer (its requests fail on the way).
  const unreachable = (route: Route) => route.abort('connectionrefused')
  await page.route('**/_serverFn/**', unreachable)
  await page.route('**/health', unreachable)
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('offline – your edits are kept')
  await expect(page.getByRole('button', { name: 'Save (1)', exact: true })).toBeDisabled()
  expect((await serverTexts(baseURL!)).target[key]).toBeUndefined()

  // It answers again: the page finds out by itself.
  await page.unroute('**/_serverFn/**', unreachable)
  await page.unroute('**/health', unreachable)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Serveur revenu')
  expect(await onlineEvents(page)).toBe(0)
})
