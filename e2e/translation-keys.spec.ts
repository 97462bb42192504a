import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, signIn, test } from './fixtures'
import { importXml, openRow, openWorkspace, saveSummary, serverTexts, unsavedCount } from './translation-helpers'

// The keys of a CAT tool on the desk (decision 045): Ctrl+S saves (with the summary when there
// are issues), Ctrl+Shift+Enter confirms an outdated text, Esc goes back to the text's row,
// Alt+↓ works from the search box and the filter, Ctrl+Shift+F copies the source, F8 and Ctrl+,
// put the source's next tag in; the hints beside the controls; and "Save merged text" saves.
const { translator, staff } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

/**
 * The texts' key prefix of this attempt. The tests run in order on one server; a retry or a
 * repetition finds the texts an earlier attempt saved, so each attempt imports texts of its own.
 */
function keyPrefix(): string {
  const { retry, repeatEachIndex } = test.info()
  return retry + repeatEachIndex === 0 ? 'KEYS-E2E' : `KEYS-E2E-A${repeatEachIndex}R${retry}`
}

const editor = (page: Page) => page.getByRole('textbox', { name: /Translation \(/ })
const row = (page: Page, key: string) => page.locator(`[role=listitem][data-key="${key}"]`)

/** Whether the last Ctrl+S the page saw had its default (the browser's "save page") prevented. */
async function watchSaveKey(page: Page) {
  await page.evaluate(() =>
    window.addEventListener('keydown', (event) => {
      if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey)) document.body.dataset.saveKey = event.defaultPrevented ? 'prevented' : 'browser'
    }),
  )
}

test('Ctrl+S saves from inside an editor and from the page, with the summary when there are issues', async ({ page, baseURL }) => {
  const P = keyPrefix()
  await importXml(
    baseURL!,
    `<text key="${P}-SAVE-1"><master>Sockelblende 100 mm</master></text>\n<text key="${P}-SAVE-2"><master>Breite {0} mm</master></text>`,
  )
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${P}-SAVE`)
  await watchSaveKey(page)

  // No issues: saved at once, from inside the editor (what was typed just before is in it).
  await row(page, `${P}-SAVE-1`).getByRole('button').first().click()
  await editor(page).fill('Plinthe 100 mm')
  await page.keyboard.press('Control+S')
  await expect(row(page, `${P}-SAVE-1`)).toHaveAttribute('data-status', 'translated')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(page.locator('body')).toHaveAttribute('data-save-key', 'prevented')
  expect((await serverTexts(baseURL!)).target[`${P}-SAVE-1`]).toBe('Plinthe 100 mm')

  // An issue: the summary first, from the page (the focus on the row after Esc).
  await page.evaluate(() => delete document.body.dataset.saveKey)
  await row(page, `${P}-SAVE-2`).getByRole('button').first().click()
  await editor(page).fill('Largeur mm')
  await page.keyboard.press('Escape')
  await expect(row(page, `${P}-SAVE-2`).getByRole('button').first()).toBeFocused()
  await page.keyboard.press('Control+S')
  const summary = saveSummary(page)
  await expect(summary.getByTestId('save-summary').getByText(/^Error: Missing placeholders/)).toBeVisible()
  await expect(page.locator('body')).toHaveAttribute('data-save-key', 'prevented')
  expect((await serverTexts(baseURL!)).target[`${P}-SAVE-2`]).toBeUndefined()
  await summary.getByRole('button', { name: 'Save all (1)' }).click()
  await expect(row(page, `${P}-SAVE-2`)).toHaveAttribute('data-status', 'translated')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[`${P}-SAVE-2`]).toBe('Largeur mm')

  // Nothing left: said so, and still no browser dialog.
  await page.keyboard.press('Control+S')
  await expect(page.getByText('Nothing to save.')).toBeVisible()
})

test('Ctrl+Shift+Enter confirms an outdated text as it is and goes on', async ({ page, baseURL }) => {
  const P = keyPrefix()
  const keys = [`${P}-OLD-1`, `${P}-OLD-2`]
  await importXml(
    baseURL!,
    keys.map((key) => `<text key="${key}"><master>Blende, 100 mm</master><translation lang="fr">Cache, 100 mm</translation></text>`).join('\n'),
  )
  await importXml(baseURL!, keys.map((key) => `<text key="${key}"><master>Blende, 120 mm</master></text>`).join('\n'))
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&filter=outdated&q=${P}-OLD`)
  await row(page, `${P}-OLD-1`).getByRole('button').first().click()
  const notice = openRow(page).getByTestId('outdated-notice')
  await expect(notice.getByRole('button', { name: 'Confirm translation' })).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+Enter Meta+Shift+Enter')
  await expect(notice.locator('kbd')).toHaveText('Ctrl+Shift+Enter')

  await editor(page).press('Control+Shift+Enter')
  await expect(openRow(page)).toHaveAttribute('data-key', `${P}-OLD-2`)
  // Confirmed, it is an unsaved edit and no longer in the "outdated" list.
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(row(page, `${P}-OLD-1`)).toHaveCount(0)
  // Its number no longer matches the source's: saved as it is, past the summary.
  await page.keyboard.press('Control+S')
  await saveSummary(page).getByRole('button', { name: 'Save all (1)' }).click()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await openWorkspace(page, `dst=fr&q=${P}-OLD`)
  await expect(row(page, `${P}-OLD-1`)).toHaveAttribute('data-status', 'translated')
  await expect(row(page, `${P}-OLD-2`)).toHaveAttribute('data-status', 'outdated')
})

test('Esc goes back to the row; Alt+↓ opens the next text from the search box and from the filter', async ({ page }) => {
  await signIn(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=untranslated')
  const toggle = (key: string) => row(page, key).locator('button[aria-expanded]')

  await page.getByLabel('Search').focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(editor(page)).toBeFocused()
  const first = (await openRow(page).getAttribute('data-key'))!
  await page.keyboard.press('Escape')
  await expect(openRow(page)).toHaveCount(0)
  await expect(toggle(first)).toBeFocused()
  await expect(toggle(first)).toHaveAttribute('aria-expanded', 'false')

  await page.getByLabel('Show').focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(editor(page)).toBeFocused()
  const second = (await openRow(page).getAttribute('data-key'))!
  expect(second).not.toBe(first)
  await expect(page.getByLabel('Show')).toHaveValue('untranslated')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(openRow(page)).toHaveAttribute('data-key', first)

  // The compact view too: Esc from the editor lands on the compact row.
  await openWorkspace(page, 'dst=fr&filter=untranslated&view=compact')
  await toggle(first).click()
  await expect(editor(page)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toggle(first)).toBeFocused()
})

test('Ctrl+Shift+F copies the source, F8 and Ctrl+, put its next tag in at the cursor; the hints say so in both languages', async ({
  page,
  baseURL,
  context,
}) => {
  const P = keyPrefix()
  const source = 'Klicken Sie <b>{0}</b>, um %s zu öffnen'
  await importXml(baseURL!, `<text key="${P}-TAG-1"><master>Klicken Sie &lt;b&gt;{0}&lt;/b&gt;, um %s zu öffnen</master></text>`)
  await signIn(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${P}-TAG-1`)
  await row(page, `${P}-TAG-1`).getByRole('button').first().click()
  const field = editor(page)

  await field.press('Control+Shift+F')
  await expect(field).toHaveValue(source)
  await field.fill('Cliquez  pour ouvrir')
  const caret = () => field.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd])
  // The cursor after "Cliquez ": the source's codes come in its order, each where the cursor is.
  await field.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(8, 8))
  await field.press('F8')
  await expect(field).toHaveValue('Cliquez <b> pour ouvrir')
  expect(await caret()).toEqual([11, 11])
  await field.press('F8')
  await field.press('Control+,')
  await expect(field).toHaveValue('Cliquez <b>{0}</b> pour ouvrir')
  expect(await caret()).toEqual([18, 18])
  await field.press('End')
  await page.keyboard.type(' ')
  await openRow(page).getByRole('button', { name: 'Insert next tag' }).click()
  await expect(field).toHaveValue('Cliquez <b>{0}</b> pour ouvrir %s')
  await expect(field).toBeFocused()
  await field.press('F8')
  await expect(page.getByText('The translation has every tag and placeholder of the source.')).toBeVisible()
  await expect(openRow(page).locator('[data-check=placeholders_missing], [data-check=tags_missing]')).toHaveCount(0)

  // The hints beside the buttons, and what the buttons name for assistive technology.
  const doneNext = openRow(page).getByRole('button', { name: 'Done, next', exact: true })
  await expect(doneNext.locator('kbd')).toHaveText('Ctrl+Enter')
  await expect(doneNext).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter')
  await expect(openRow(page).getByRole('button', { name: 'Copy source', exact: true })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Insert Meta+Insert Control+Shift+F',
  )
  await expect(page.getByRole('button', { name: 'Save (1)' }).locator('kbd')).toHaveText('Ctrl+S')
  await page.keyboard.press('Escape')
  await expect(openRow(page)).toHaveCount(0)
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  for (const keys of ['Ctrl+S', 'Ctrl+Shift+Enter', 'Ctrl+Shift+F', 'Ctrl+Insert', 'F8', 'Ctrl+,', 'Esc', 'Alt+Enter', 'Alt+Shift+Enter'])
    await expect(dialog.getByText(keys, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Deutsch' }).click()
  await row(page, `${P}-TAG-1`).getByRole('button').first().click()
  await expect(openRow(page).getByRole('button', { name: 'Fertig, weiter', exact: true }).locator('kbd')).toHaveText('Strg+Enter')
  await expect(openRow(page).getByRole('button', { name: 'Quelltext übernehmen', exact: true }).locator('kbd')).toHaveText('Strg+Einfg')
  await expect(openRow(page).getByRole('button', { name: 'Nächstes Tag einfügen', exact: true }).locator('kbd')).toHaveText('F8')
  await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })
})

test('"Save merged text" saves that text at once, and only that one', async ({ browser, baseURL }) => {
  const P = keyPrefix()
  await importXml(baseURL!, `<text key="${P}-MERGE-1"><master>Drehtür</master></text>\n<text key="${P}-MERGE-2"><master>Schiebetür</master></text>`)
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [anna, ben] = await Promise.all(contexts.map((context) => context.newPage()))
  await loginAndLand(anna!, translator.username)
  await loginAndLand(ben!, staff.username)
  for (const page of [anna!, ben!]) {
    await openWorkspace(page, `dst=fr&q=${P}-MERGE`)
    await row(page, `${P}-MERGE-1`).getByRole('button').first().click()
  }
  await editor(anna!).fill('Porte tournante')
  await editor(ben!).fill('Porte pivotante')
  await anna!.keyboard.press('Control+S')
  await expect(row(anna!, `${P}-MERGE-1`)).toHaveAttribute('data-status', 'translated')
  await ben!.keyboard.press('Control+S')
  const merged = row(ben!, `${P}-MERGE-1`)
  await expect(merged).toHaveAttribute('data-status', 'conflict')

  // Another edit waits meanwhile; the merge goes alone, with one click.
  await row(ben!, `${P}-MERGE-2`).getByRole('button').first().click()
  await editor(ben!).fill('Porte coulissante')
  await merged.getByRole('button').first().click()
  await editor(ben!).fill('Porte tournante (pivotante)')
  await merged.getByRole('button', { name: 'Save merged text' }).click()
  await expect(ben!.getByText('Merged text saved.')).toBeVisible()
  await expect(merged).toHaveAttribute('data-status', 'translated')
  await expect(unsavedCount(ben!)).toContainText('Unsaved changes: 1')
  const server = await serverTexts(baseURL!)
  expect([server.target[`${P}-MERGE-1`], server.target[`${P}-MERGE-2`]]).toEqual(['Porte tournante (pivotante)', undefined])
  await Promise.all(contexts.map((context) => context.close()))
})
