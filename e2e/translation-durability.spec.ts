import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { openWorkspace, serverTexts, unsavedCount } from './translation-helpers'

// Nothing typed on the desk exists only in memory (decision 014): a reload, a closed tab or a
// crashed page right after the last keystroke keeps the whole edit. The store's own write keeps
// the spec's 250 ms rhythm; these delays are all inside it.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

/** Opens an untranslated French vartext alone in the list, and its editor. */
async function openEditor(page: Page, key: string) {
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await row.getByRole('button').first().click()
  const editor = page.getByRole('textbox', { name: /Translation \(/ })
  await expect(editor).toBeFocused()
  return { row, editor }
}

async function expectKept(page: Page, key: string, text: string) {
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await expect(row).toContainText(text)
  await expect(unsavedCount(page)).toContainText(/Unsaved changes: [1-9]/)
}

test('an edit typed 0, 30, 50 and 150 ms before a reload is kept whole', async ({ page, baseURL }) => {
  const { keys, target } = await serverTexts(baseURL!)
  const untranslated = keys.filter((key) => !(key in target))
  await loginAndLand(page, translator.username)
  for (const [index, delay] of [0, 30, 50, 150].entries()) {
    const key = untranslated[index]!
    const text = `Tapé puis rechargé ${delay} ms`
    await openEditor(page, key)
    // Real keystrokes, the last one `delay` ms before the reload (the subject of the test, not a wait).
    await page.keyboard.type(text)
    if (delay > 0) await page.waitForTimeout(delay)
    await page.reload()
    await expectKept(page, key, text)
  }
})

test('an edit typed just before the tab closes, or before the page crashes, is kept', async ({ page, context, baseURL }) => {
  const { keys, target } = await serverTexts(baseURL!)
  const untranslated = keys.filter((key) => !(key in target))
  await loginAndLand(page, translator.username)

  const closedKey = untranslated[7]!
  await openEditor(page, closedKey)
  await page.keyboard.type('Onglet fermé aussitôt')
  await page.close()
  const second = await context.newPage()
  await openWorkspace(second, `dst=fr&q=${encodeURIComponent(closedKey)}`)
  await expectKept(second, closedKey, 'Onglet fermé aussitôt')

  // A crashed renderer runs no pagehide, no beforeunload and no pending timer.
  const crashedKey = untranslated[8]!
  await openEditor(second, crashedKey)
  await second.keyboard.type('Page plantée aussitôt')
  const crashed = second.waitForEvent('crash')
  // Chromium's debug address that crashes the tab's renderer at once.
  await second.goto('chrome://crash').catch(() => {})
  await crashed
  const third = await context.newPage()
  await openWorkspace(third, `dst=fr&q=${encodeURIComponent(crashedKey)}`)
  await expectKept(third, crashedKey, 'Page plantée aussitôt')
})

test('the journal is read as hostile input: an older text never replaces a newer edit, and a broken record is dropped', async ({ page, baseURL }) => {
  const { keys, target } = await serverTexts(baseURL!)
  const [kept, journalled] = keys.filter((key) => !(key in target)).slice(5, 7)
  await loginAndLand(page, translator.username)
  await openEditor(page, kept!)
  await page.keyboard.type('Texte plus récent')
  await expect(unsavedCount(page)).toContainText(/Unsaved changes: [1-9]/)
  await page.keyboard.press('Escape')

  await page.evaluate(
    ({ owner, kept, journalled }) => {
      const record = (key: string, value: string, at: number) =>
        JSON.stringify({ owner, scope: 'vartext', dst: 'fr', entry: { key, target: null, stamp: null }, value, at })
      const prefix = 'portal:translation:journal:'
      localStorage.setItem(`${prefix}${owner}|vartext|fr|${kept}`, record(kept, 'Texte plus ancien', 1))
      localStorage.setItem(`${prefix}${owner}|vartext|fr|${journalled}`, record(journalled, 'Resté dans le journal', Date.now()))
      localStorage.setItem(`${prefix}broken`, '{"owner": 42')
    },
    { owner: translator.username, kept: kept!, journalled: journalled! },
  )
  await page.reload()
  await openWorkspace(page, `dst=fr&filter=unsaved`)
  await expect(page.locator(`[role=listitem][data-key="${kept}"]`)).toContainText('Texte plus récent')
  await expect(page.locator(`[role=listitem][data-key="${journalled}"]`)).toContainText('Resté dans le journal')
  await expect(page.locator(`[role=listitem][data-key="${journalled}"]`)).toHaveAttribute('data-status', 'unsaved')
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal:translation:journal:')))).toEqual([])
})
