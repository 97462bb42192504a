import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { CHROMIUM_ARGS, E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { APP_VERSION } from '../src/domain/limits'
import { expect, loginAndLand, openHydrated, test, waitForKeptPage, waitForServiceWorker } from './fixtures'
import { OwnServer, serveDuring } from './own-server'
import { openRow, openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'

// The offline shell and the update prompt, each on a built server of its own.

// Updates first: Playwright's offline emulation can leave the browser's service-worker
// fetches failing for later tests in the same worker.
test.describe('updates', () => {
  const newBuild = `./data/e2e-build-${process.pid}`
  const server = new OwnServer(E2E_BASE_PORT + 4, `./data/e2e-update-${process.pid}`)
  test.setTimeout(240_000)

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    server.remove()
    // A real second build of the same sources, told apart by its build id.
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      env: { ...process.env, PORTAL_OUTPUT_DIR: newBuild, VITE_BUILD_ID: 'e2e-update-2' },
      encoding: 'utf8',
    })
    if (build.status !== 0) throw new Error(`second build failed:\n${build.stdout}\n${build.stderr}`)
  })
  test.afterAll(async () => {
    await server.stop()
    server.remove()
    rmSync(newBuild, { recursive: true, force: true })
  })

  test('a new version shows a persistent prompt, and updating loads it', async ({ page }) => {
    await server.start()
    await openHydrated(page, `${server.origin}/welcome`)
    await waitForServiceWorker(page)
    await expect(page.locator('html')).toHaveAttribute('data-build', APP_VERSION)

    await server.stop()
    server.outputDir = `${newBuild}`
    await server.start()
    expect(await (await fetch(`${server.origin}/sw.js`)).text()).toContain('e2e-update-2')
    // The hourly check, now (again, should the browser's own check be under way).
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the portal is available.' })
    await expect(async () => {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update()
      })
      await expect(prompt).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
    await page.waitForTimeout(6_000)
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Update now' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-build', 'e2e-update-2', { timeout: 20_000 })
    await expect(prompt).toHaveCount(0)
  })
})

test.describe('offline', () => {
  const server = new OwnServer(E2E_BASE_PORT + 3, `./data/e2e-offline-${process.pid}`)
  serveDuring(test, server)

  test('after one visit the portal opens offline, with an offline notice', async ({ page, context }) => {
    await openHydrated(page, `${server.origin}/`)
    await waitForServiceWorker(page)
    await waitForKeptPage(page)
    await openHydrated(page, `${server.origin}/welcome`)
    await waitForKeptPage(page)

    // Offline for the page and, with the server gone, for the service worker too
    // (Playwright's offline mode does not reach service workers).
    // Live data is never kept: nothing of the API or the server functions is in any cache.
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      }
      return urls
    })
    expect(cached.length).toBeGreaterThan(5)
    expect(cached.filter((path) => path.startsWith('/vue/') || path.startsWith('/_serverFn'))).toEqual([])

    await context.setOffline(true)
    await server.stop()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome to the Hollerbach Partner Portal' })).toBeVisible()
    await expect(page.getByText('You are offline.')).toBeVisible()
    await page.goto(`${server.origin}/`)
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    // A page never opened: the worker answers with the offline shell, and the app renders
    // the page from its cached code where it needs no live data.
    await page.goto(`${server.origin}/test-login`)
    await expect(page.getByRole('heading', { name: 'Test login', level: 1 })).toBeVisible()
    await expect(page.getByText('You are offline.')).toBeVisible()

    await context.setOffline(false)
    await server.start()
    await page.goto(`${server.origin}/test-login`)
    await expect(page.getByRole('heading', { name: 'Test login', level: 1 })).toBeVisible()
    await expect(page.getByText('You are offline.')).toHaveCount(0)
  })
})

test.describe('translation workspace offline', () => {
  // Its own server (stopped to be really unreachable) and a browser profile on disk, so the
  // browser can be closed and opened again.
  const server = new OwnServer(E2E_BASE_PORT + 5, `./data/e2e-t9n-offline-${process.pid}`, { JWT_SECRET: E2E_JWT_SECRET })
  const profile = `./data/e2e-profile-${process.pid}`
  test.beforeAll(() => {
    server.remove()
    rmSync(profile, { recursive: true, force: true })
  })
  test.afterAll(async () => {
    await server.stop()
    server.remove()
    rmSync(profile, { recursive: true, force: true })
  })

  test('edits made offline survive closing the browser and are saved when it is back online', async ({ playwright }) => {
    test.setTimeout(120_000)
    await server.start()
    const launch = (offline: boolean) =>
      playwright.chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        baseURL: server.origin,
        offline,
      })
    const path = 'dst=fr&filter=untranslated'
    let context = await launch(false)
    let page = context.pages()[0] ?? (await context.newPage())
    await loginAndLand(page, DEMO_ACCOUNTS.translator.username, server.origin)
    await openWorkspace(page, path)
    await waitForServiceWorker(page)
    await page.reload()
    await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
    await waitForKeptPage(page)

    await context.setOffline(true)
    await server.stop()
    await expect(unsavedCount(page)).toContainText('offline – your edits are kept on this device')
    const keys: string[] = []
    await page.locator('[role=listitem]').first().getByRole('button').first().click()
    for (const text of ['Hors ligne un', 'Hors ligne deux', 'Hors ligne trois']) {
      const key = (await openRow(page).getAttribute('data-key'))!
      keys.push(key)
      await page.getByRole('textbox', { name: /Translation \(/ }).fill(text)
      await page.keyboard.press('Control+Enter')
      await expect(openRow(page)).not.toHaveAttribute('data-key', key)
    }
    await expect(unsavedCount(page)).toContainText('Unsaved changes: 3')
    // Typed, and the page reloaded from the service worker at once: the edit is kept whole.
    const typedKey = (await openRow(page).getAttribute('data-key'))!
    keys.push(typedKey)
    await page.keyboard.type('Hors ligne quatre')
    await page.reload()
    await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
    await expect(unsavedCount(page)).toContainText('Unsaved changes: 4')
    await context.close()

    // The browser opens again, still offline: the page and the edits come from this device.
    context = await launch(true)
    page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`/vartext?${path}`)
    await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
    await expect(unsavedCount(page)).toContainText('Unsaved changes: 4')
    await page.getByLabel('Show').selectOption('unsaved')
    await expect(page.locator('[role=listitem]')).toHaveCount(4)
    for (const [index, key] of keys.entries()) {
      await expect(page.locator(`[role=listitem][data-key="${key}"]`)).toHaveAttribute('data-status', 'unsaved')
      await expect(page.locator(`[role=listitem][data-key="${key}"]`)).toContainText(
        ['Hors ligne un', 'Hors ligne deux', 'Hors ligne trois', 'Hors ligne quatre'][index]!,
      )
    }

    // Back online: one save sends them all, and the server has them.
    await server.start()
    await context.setOffline(false)
    await saveEdits(page, 'Save (4)')
    await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
    const { target } = await serverTexts(server.origin)
    expect(keys.map((key) => target[key])).toEqual(['Hors ligne un', 'Hors ligne deux', 'Hors ligne trois', 'Hors ligne quatre'])
    await context.close()
  })
})
