import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { editAlone, openRow, openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'

// Small frictions a translator met many times an hour: a conflict with oneself told apart from
// someone else's, every time on the desk in the device's time zone, a phone's first screen that
// shows texts, and language names in the interface language.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

test('the same user in another window: the conflict says so instead of "someone else"', async ({ browser, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-2)!
  const windows = await Promise.all([browser.newContext(), browser.newContext()])
  const [first, second] = await Promise.all(windows.map((context) => context.newPage()))
  for (const [page, text] of [
    [first!, 'Dans la première fenêtre'],
    [second!, 'Dans la seconde fenêtre'],
  ] as const) {
    await loginAndLand(page, translator.username)
    await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
    await editAlone(page, key, text)
  }
  await saveEdits(first!, 'Save (1)')
  await expect(unsavedCount(first!)).toContainText('Unsaved changes: 0')
  await saveEdits(second!, 'Save (1)')

  const notice = second!.getByRole('alert').filter({ hasText: 'saved meanwhile by you, in another window or on another device' })
  await expect(notice).toBeVisible()
  await expect(second!.getByRole('alert').filter({ hasText: 'changed by someone else' })).toHaveCount(0)
  const panel = second!.getByRole('region', { name: 'Saved by you in another window' })
  await expect(panel).toHaveAttribute('data-conflict-by', 'me')
  await expect(panel).toContainText('You saved this text in another window or on another device after this one loaded it.')
  await expect(panel.getByRole('button', { name: 'Keep this one' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Take the saved one' })).toBeVisible()
  await Promise.all(windows.map((context) => context.close()))
})

test('every time on the desk is in the device’s time zone: when the texts were loaded, and the history', async ({ browser, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-3)!
  // Six hours from the portal's own zone (Europe/Berlin), so the two can never agree.
  const context = await browser.newContext({ timezoneId: 'America/New_York' })
  const page = await context.newPage()
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Heure de New York')
  await page.keyboard.press('Escape')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')

  /** The moments of the last two minutes as the device writes them, and as Berlin would. */
  const shown = await page.evaluate(() => {
    const device = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    const berlin = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })
    const moments = [Date.now(), Date.now() - 60_000, Date.now() - 120_000]
    return { device: moments.map((at) => device.format(at)), berlin: moments.map((at) => berlin.format(at)) }
  })
  const anyOf = (texts: string[]) => new RegExp(texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'))
  await row.getByRole('button').first().click()
  await openRow(page).getByRole('button', { name: 'Show history' }).click()
  const newest = openRow(page).getByRole('list', { name: 'History' }).getByRole('listitem').first()
  await expect(newest).toContainText(anyOf(shown.device))
  await expect(newest).not.toContainText(anyOf(shown.berlin))

  await page.getByRole('button', { name: 'Load from server' }).click()
  await expect(unsavedCount(page)).toContainText(anyOf(shown.device.map((time) => `loaded ${time}`)))
  await context.close()
})

test('on a phone the first screen shows texts; the pickers, filters and actions fold into one bar', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL! }])
  const page = await context.newPage()
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=untranslated')
  const firstText = page.locator('[role=listitem]').first()
  await expect(firstText).toBeInViewport()
  const box = await firstText.boundingBox()
  expect(box!.y + box!.height).toBeLessThan(844)
  const target = page.getByRole('combobox', { name: 'Zielsprache' })
  await expect(target).toBeHidden()
  await expect(page.getByRole('button', { name: 'Vom Server laden' })).toBeHidden()

  const toggle = page.getByRole('button', { name: /^Filter & Optionen/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // The bar says what the folded controls are set to, with the language named in German.
  await expect(toggle).toContainText('Master → Französisch · Nicht übersetzt')
  await toggle.click()
  await expect(page.getByRole('button', { name: /^Filter ausblenden/ })).toHaveAttribute('aria-expanded', 'true')
  await expect(target).toBeVisible()
  await expect(target.locator('option:checked')).toHaveText('Französisch')
  await expect(page.getByRole('button', { name: 'Vom Server laden' })).toBeVisible()

  // The catalogue screens fold the same way.
  await page.goto('/catalogs')
  await expect(page.getByRole('heading', { level: 1, name: 'Kataloge' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link').first()).toBeInViewport()
  await expect(page.getByRole('combobox', { name: 'Zielsprache' })).toBeHidden()
  await expect(page.getByRole('button', { name: /^Filter & Optionen/ })).toContainText('Master → Englisch')
  await context.close()
})

test('on a desktop nothing is folded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr')
  await expect(page.getByRole('combobox', { name: 'Target language' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Load from server' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Filters & options/ })).toBeHidden()
})
