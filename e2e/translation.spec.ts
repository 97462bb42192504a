import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, loginAndLand, openHydrated, seriousViolations, test, waitForServiceWorker } from './fixtures'
import { editAlone, importXml, openRow, openWorkspace, saveEdits, saveSummary, serverTexts, unsavedCount } from './translation-helpers'

// The translation workspace (decision 014) as translators use it: edits kept in IndexedDB across
// reloads, keyboard navigation, both languages, conflicts between two people, and axe.
const { translator, staff } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

test('an edit is kept across a reload, counted as unsaved, and saved to the server', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.find((candidate) => !(candidate in before.target))!
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await expect(row).toHaveAttribute('data-status', 'untranslated')
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Texte conservé')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')

  await page.reload()
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await expect(row).toContainText('Texte conservé')

  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(row).toHaveAttribute('data-status', 'translated')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Texte conservé')
})

test('the texts come from the server compressed, and all of them arrive', async ({ page, baseURL }) => {
  const { keys } = await serverTexts(baseURL!, 'en')
  // The workspace's raw text loads carry the /vue/ status in x-vue-status.
  const loads: Array<{ encoding?: string; vueStatus?: string }> = []
  page.on('response', (response) => {
    const headers = response.headers()
    if (headers['x-vue-status'] !== undefined) loads.push({ encoding: headers['content-encoding'], vueStatus: headers['x-vue-status'] })
  })
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=en')
  await expect(page.getByTestId('translation-counts')).toContainText(`/ ${keys.length} translated`)
  // Chromium takes brotli, which the server prefers (app/request/compression.server.ts).
  expect(loads).toContainEqual({ encoding: 'br', vueStatus: '200' })
})

test('Prev and Next move among untranslated entries and wrap; Ctrl+Enter keeps the text and goes on', async ({ page, baseURL }) => {
  const { keys, target } = await serverTexts(baseURL!, 'en')
  expect(keys.filter((key) => !(key in target)).length).toBeGreaterThan(3)
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=en&filter=untranslated')
  const rows = page.locator('[role=listitem]')
  const first = await rows.first().getAttribute('data-key')
  await rows.first().getByRole('button').first().click()
  await expect(openRow(page)).toHaveAttribute('data-key', first!)
  const editor = page.getByRole('textbox', { name: /Translation \(/ })
  await expect(editor).toBeFocused()

  // Backwards from the first wraps to the last untranslated entry, forwards comes back.
  await page.keyboard.press('Alt+ArrowUp')
  const last = await openRow(page).getAttribute('data-key')
  expect(last).not.toBe(first)
  await page.keyboard.press('Alt+ArrowDown')
  await expect(openRow(page)).toHaveAttribute('data-key', first!)
  await page.keyboard.press('Alt+ArrowDown')
  const second = await openRow(page).getAttribute('data-key')
  expect(second).not.toBe(first)
  await page.getByRole('button', { name: /^Previous/ }).click()
  await expect(openRow(page)).toHaveAttribute('data-key', first!)

  // Ctrl+Enter keeps the text locally and opens the next untranslated entry.
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Keyboard only')
  await page.keyboard.press('Control+Enter')
  await expect(openRow(page)).toHaveAttribute('data-key', second!)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await page.getByRole('textbox', { name: /Translation \(/ }).press('Escape')
  await expect(openRow(page)).toHaveCount(0)

  // Placeholders of the source that the translation lacks are named.
  await page.goto(`/vartext?dst=en&q=${encodeURIComponent('{0}')}`)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
  await page.locator('[role=listitem]').first().getByRole('button').first().click()
  await editor.fill('no placeholder here')
  await expect(page.getByText(/Missing placeholders: .*\{0\}/)).toBeVisible()
  // The quality checks as the translator types: a lost placeholder is an error, the rest points
  // to check (decision 037); the editor is described by them.
  const issues = page.locator(`#${await editor.getAttribute('id')}-problems li`)
  await expect(issues.filter({ hasText: 'Missing placeholders' })).toHaveAttribute('data-severity', 'error')
  await expect(issues.filter({ hasText: 'Missing placeholders' })).toContainText(/^Error:/)
  await editor.fill('{0}  42 ')
  await expect(issues.filter({ hasText: 'Missing placeholders' })).toHaveCount(0)
  await expect(issues.filter({ hasText: 'Numbers not in the source: 42' })).toHaveAttribute('data-severity', 'warning')
  await expect(issues.filter({ hasText: 'Double space' })).toContainText(/^Warning:/)
  await expect(issues.filter({ hasText: 'Spaces at the start or end differ from the source' })).toHaveCount(1)
  await expect(editor).toHaveAttribute('aria-describedby', `${await editor.getAttribute('id')}-problems`)

  // Ctrl+Insert copies the source into the translation (decision 048), as the button does.
  const openKey = (await openRow(page).getAttribute('data-key'))!
  await editor.press('Control+Insert')
  await expect(editor).toHaveValue((await serverTexts(baseURL!, 'en')).master[openKey]!)
  await editor.fill('')
  await page.getByRole('button', { name: 'Copy source' }).click()
  await expect(editor).toHaveValue((await serverTexts(baseURL!, 'en')).master[openKey]!)
})

// The list's texts with issues (decision 037) (a count that filters, a filter in the URL)
// and a summary before a save of what would be saved with issues; warnings never block.
test('texts with issues: the count and its filter, and the summary before a save', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.find((candidate) => !(candidate in before.target) && before.master[candidate]?.includes('{0}'))!
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  const count = page.getByTestId('translation-issue-count')
  await expect(count).toHaveText(/^\d+ with issues$/)
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('sans espace réservé')
  // The editor with its list of issues passes the scan (a list inside the live region).
  await expect(row.locator('[data-check=placeholders_missing]')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  // The count is a way to the filter, which the URL keeps.
  await count.getByRole('button').click()
  await expect(page).toHaveURL(/filter=issues/)
  await expect(page.getByLabel('Show')).toHaveValue('issues')
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await page.reload()
  await expect(row).toBeVisible()

  // Save: first the summary. Back keeps everything as it was.
  await page.getByRole('button', { name: 'Save (1)' }).click()
  const summary = saveSummary(page)
  await expect(summary).toBeVisible()
  await expect(summary.getByTestId('save-summary')).toContainText(key)
  await expect(summary.getByTestId('save-summary')).toContainText('sans espace réservé')
  await expect(summary.getByTestId('save-summary').getByText(/^Error: Missing placeholders/)).toBeVisible()
  await summary.getByRole('button', { name: 'Back to fix' }).click()
  await expect(summary).toBeHidden()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  expect((await serverTexts(baseURL!)).target[key]).toBeUndefined()

  // Save all: saved as it is, and the server answers the same checks.
  await page.getByRole('button', { name: 'Save (1)' }).click()
  await summary.getByRole('button', { name: 'Save all (1)' }).click()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('sans espace réservé')
  await expect(row).toHaveAttribute('data-status', 'translated')
})

// A text's length limit (its max-length:N tag, set by the XML import) is
// checked in the browser as on the server: a count under the editor, an error, the list's
// filter and the summary before a save.
test("a text's length limit: counted under the editor, an error in the checks, the filter and the summary", async ({ page, context, baseURL }) => {
  await importXml(baseURL!, '<text key="LIMIT-E2E-1" tags="panel,max-length:12"><master>Blende</master></text>')
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=LIMIT-E2E-1')
  const row = page.locator('[role=listitem][data-key="LIMIT-E2E-1"]')
  await row.getByRole('button').first().click()
  const editor = page.getByRole('textbox', { name: /Translation \(/ })
  const length = openRow(page).getByTestId('length-count')
  await expect(length).toHaveText('0 of 12 characters')
  await editor.fill('Cache')
  await expect(length).toHaveText('5 of 12 characters')
  await expect(length).toHaveAttribute('data-over', 'false')
  await expect(openRow(page).locator('[data-check=too_long]')).toHaveCount(0)
  await editor.fill('Cache-plinthe')
  await expect(length).toHaveText('13 of 12 characters')
  await expect(length).toHaveAttribute('data-over', 'true')
  await expect(openRow(page).locator('[data-check=too_long]')).toHaveText('Error: 13 characters, 12 allowed')
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  // In the list's filter, and in the summary before the save; saved as it is when asked.
  await page.getByLabel('Show').selectOption('issues')
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await page.getByRole('button', { name: 'Save (1)' }).click()
  const summary = saveSummary(page)
  await expect(summary.getByTestId('save-summary').getByText('Error: 13 characters, 12 allowed')).toBeVisible()
  await summary.getByRole('button', { name: 'Save all (1)' }).click()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target['LIMIT-E2E-1']).toBe('Cache-plinthe')

  // In German too.
  await page.getByRole('button', { name: 'Deutsch' }).click()
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Übersetzung \(/ }).fill('Cache-plinthes')
  await expect(length).toHaveText('14 von 12 Zeichen')
  await expect(openRow(page).locator('[data-check=too_long]')).toHaveText('Fehler: 14 Zeichen, erlaubt sind 12')
  await page.keyboard.press('Escape')
  await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })
})

// The browser is asked to keep the store (decision 014) and the bar says what it answered;
// with "Save when back online" the queue goes as soon as the connection is back, without it it waits.
test('the device keeps the work, and edits are saved when the connection is back, if asked', async ({ page, context, baseURL }) => {
  const before = await serverTexts(baseURL!)
  // Texts without placeholders or tags: a translation that lost one would be held back (decision 045).
  const plain = before.keys.filter((candidate) => !(candidate in before.target) && !/[{%<]/.test(before.master[candidate] ?? ''))
  const [first, second] = plain.slice(5, 7)
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(first!)}`)
  const keeping = page.getByTestId('translation-keeping')
  await expect(keeping).toHaveAttribute('data-keeping', (await page.evaluate(() => navigator.storage.persisted())) ? 'kept' : 'may-clear')
  await expect(keeping).toContainText(/the browser (keeps|may delete) this device's copy/)
  const saveWhenOnline = page.getByRole('checkbox', { name: 'Save when back online' })
  await expect(saveWhenOnline).not.toBeChecked()

  // Without the preference an edit made offline waits for a click.
  await context.setOffline(true)
  await page.locator(`[role=listitem][data-key="${first}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Attend un clic')
  await page.keyboard.press('Escape')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await context.setOffline(false)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  expect((await serverTexts(baseURL!)).target[first!]).toBeUndefined()

  // With it, the queue goes when the connection is back, and the choice is kept.
  await saveWhenOnline.check()
  await page.reload()
  await expect(saveWhenOnline).toBeChecked()
  await context.setOffline(true)
  await page.getByLabel('Search').fill(second!)
  await page.locator(`[role=listitem][data-key="${second}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Envoyé au retour')
  await page.keyboard.press('Escape')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 2')
  await context.setOffline(false)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  const after = await serverTexts(baseURL!)
  expect([after.target[first!], after.target[second!]]).toEqual(['Attend un clic', 'Envoyé au retour'])
})

test('the shortcut overlay, filters and both languages', async ({ page, context }) => {
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=en')
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Ctrl+Enter')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.getByLabel('Show').selectOption('translated')
  await expect(page).toHaveURL(/filter=translated/)
  await expect(page.locator('[role=listitem]').first()).toHaveAttribute('data-status', 'translated')

  await page.getByRole('button', { name: 'Deutsch' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Artikeltexte (Vartext)' })).toBeVisible()
  await expect(page.getByLabel('Zielsprache')).toBeVisible()
  await expect(page.getByTestId('translation-counts')).toContainText('übersetzt')
  await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })

  await openHydrated(page, '/system-i18n')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/System Message Translation|Übersetzung der Systemmeldungen/)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
})

// The edits on a device belong to the user who typed them. A second user of
// the same browser never sees or sends them; they wait on the device until that user is back.
test('two users of one browser: each sees and saves only their own edits', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const [mine, theirs] = before.keys.filter((candidate) => !(candidate in before.target)).slice(8, 10)
  const edit = async (key: string, text: string) => {
    await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
    await page.locator(`[role=listitem][data-key="${key}"]`).getByRole('button').first().click()
    await page.getByRole('textbox', { name: /Translation \(/ }).fill(text)
    await page.keyboard.press('Escape')
  }
  await loginAndLand(page, translator.username)
  await edit(mine!, 'Du traducteur')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')

  // Staff signs in on the same browser: none of the translator's edits, only their own, and a
  // save sends only those.
  await loginAndLand(page, staff.username)
  await openWorkspace(page, 'dst=fr&filter=unsaved')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(page.locator('[role=listitem]')).toHaveCount(0)
  await edit(theirs!, 'Du personnel')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  let server = await serverTexts(baseURL!)
  expect([server.target[mine!], server.target[theirs!]]).toEqual([undefined, 'Du personnel'])

  // The translator is back: their edit waited on the device.
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=unsaved')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(page.locator('[role=listitem]')).toHaveCount(1)
  await expect(page.locator(`[role=listitem][data-key="${mine}"]`)).toContainText('Du traducteur')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  server = await serverTexts(baseURL!)
  expect(server.target[mine!]).toBe('Du traducteur')
})

// The unsaved edits as a file (decision 014), for a backup or another device; a file that is
// not such an export is refused, saying why, and nothing changes.
test('unsaved edits exported to a file and imported on another device, then saved', async ({ browser, baseURL }, testInfo) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(12)!
  const [here, there] = await Promise.all([browser.newContext(), browser.newContext()])
  const page = await here.newPage()
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  await page.locator(`[role=listitem][data-key="${key}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Emporté ailleurs')
  await page.keyboard.press('Escape')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export unsaved edits' }).click()])
  expect(download.suggestedFilename()).toMatch(/^unsaved-edits-\d{4}-\d{2}-\d{2}\.json$/)
  const file = testInfo.outputPath('edits.json')
  await download.saveAs(file)
  await expect(page.getByText('Unsaved edits exported: 1.')).toBeVisible()

  const other = await there.newPage()
  await loginAndLand(other, translator.username)
  await openWorkspace(other, `dst=fr&q=${encodeURIComponent(key)}`)
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 0')
  // Not such a file: said, and nothing changes. (The button a user would press is enabled
  // once the desk knows whose queue it is.)
  await expect(other.getByRole('button', { name: 'Import edits' })).toBeEnabled()
  await other.getByTestId('queue-file').setInputFiles({ name: 'edits.json', mimeType: 'application/json', buffer: Buffer.from('{"format": ') })
  await expect(other.getByText('The file is not JSON.')).toBeVisible()
  await expect(other.getByText('Nothing was imported.')).toBeVisible()
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 0')

  await other.getByTestId('queue-file').setInputFiles(file)
  await expect(other.getByText('Edits imported: 1. They stay unsaved until you save.')).toBeVisible()
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 1')
  await expect(other.locator(`[role=listitem][data-key="${key}"]`)).toContainText('Emporté ailleurs')
  await saveEdits(other, 'Save (1)')
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Emporté ailleurs')
  await Promise.all([here.close(), there.close()])
})

test('two people change the same text: the second sees both sides and chooses', async ({ browser, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-1)!
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [anna, ben] = await Promise.all(contexts.map((context) => context.newPage()))
  await loginAndLand(anna!, translator.username)
  await loginAndLand(ben!, staff.username)
  for (const page of [anna!, ben!]) await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)

  for (const [page, text] of [
    [anna!, 'Version d’Anna'],
    [ben!, 'Version de Ben'],
  ] as const)
    await editAlone(page, key, text)
  await saveEdits(anna!, 'Save (1)')
  await expect(unsavedCount(anna!)).toContainText('Unsaved changes: 0')

  // Ben's desk learns of Anna's save from its poll, before Ben saves (docs/decisions/049): the
  // conflict shows at once, and Save has nothing left to send.
  await expect(ben!.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible()
  await expect(ben!.getByRole('button', { name: 'Save (0)', exact: true })).toBeDisabled()
  const row = ben!.locator(`[role=listitem][data-key="${key}"]`)
  await expect(row).toHaveAttribute('data-status', 'conflict')
  await expect(row.getByTestId('conflict-yours')).toHaveText('Version de Ben')
  await expect(row.getByTestId('conflict-theirs')).toHaveText('Version d’Anna')
  await expect(row).toContainText(translator.username)
  // Nothing was overwritten.
  expect((await serverTexts(baseURL!)).target[key]).toBe('Version d’Anna')

  expect(await seriousViolations(ben!)).toEqual([])

  // Merging: the translator's edited text, based on Anna's version, is saved by its own button
  // (decision 048; e2e/translation-keys.spec.ts keeps the other edits out of it).
  await ben!.getByRole('textbox', { name: /Translation \(/ }).fill('Version d’Anna et de Ben')
  await ben!.getByRole('button', { name: 'Save merged text' }).click()
  await expect(ben!.getByText('Merged text saved.')).toBeVisible()
  await expect(unsavedCount(ben!)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Version d’Anna et de Ben')
  await Promise.all(contexts.map((context) => context.close()))
})

test('an edit shows in every open tab, and without a session it stays and asks for a login', async ({ page, context, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.filter((candidate) => !(candidate in before.target)).at(-2)!
  await loginAndLand(page, translator.username)
  const other = await context.newPage()
  for (const tab of [page, other]) await openWorkspace(tab, `dst=fr&q=${encodeURIComponent(key)}`)
  await page.locator(`[role=listitem][data-key="${key}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Visible partout')
  // The other tab follows without a reload.
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 1')
  await expect(other.locator(`[role=listitem][data-key="${key}"]`)).toContainText('Visible partout')

  // The session ends (cookies gone): saving keeps the edit and asks for a login.
  await context.clearCookies()
  await saveEdits(other, 'Save (1)')
  await expect(other.getByRole('alert').filter({ hasText: 'Your edits are kept on this device' })).toBeVisible()
  await expect(unsavedCount(other)).toContainText('Unsaved changes: 1')
  expect((await serverTexts(baseURL!)).target[key]).toBeUndefined()
  await other.close()
})

// The page is reloaded while offline: the service worker serves it.
test.describe('offline halfway', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a dozen vartext entries and an article by keyboard, offline halfway, in German', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000)
    await loginAndLand(page, translator.username)
    await openWorkspace(page, 'dst=en&filter=untranslated')
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await expect(page.getByTestId('translation-counts')).toContainText('übersetzt')
    const counts = async () => Number(/^(\d+)/.exec((await page.getByTestId('translation-counts').textContent()) ?? '')?.[1])
    // The counts settle once the texts are read from the device and the server (a reload may
    // show them while the read is under way), so they are read after the fetch bar is gone.
    await expect(page.locator('#doc-load-label')).toHaveCount(0)
    const before = await counts()
    // The reload below is offline: the service worker must have installed and taken the page.
    await waitForServiceWorker(page)

    await page.locator('[role=listitem] button').first().focus()
    await page.keyboard.press('Enter')
    const keys: string[] = []
    for (let index = 0; index < 12; index++) {
      if (index === 6) {
        await context.setOffline(true)
        await expect(unsavedCount(page)).toContainText('offline – Ihre Änderungen bleiben auf diesem Gerät')
      }
      const key = (await openRow(page).getAttribute('data-key'))!
      keys.push(key)
      await page.keyboard.type(`Tastatur ${index + 1}`)
      await page.keyboard.press('Control+Enter')
      await expect(openRow(page)).not.toHaveAttribute('data-key', key)
    }
    await page.keyboard.press('Escape')
    await expect(unsavedCount(page)).toContainText('Nicht gespeicherte Änderungen: 12')
    await page.reload()
    await expect(unsavedCount(page)).toContainText('Nicht gespeicherte Änderungen: 12')
    await expect.poll(counts).toBe(before + 12)

    await context.setOffline(false)
    await saveEdits(page, 'Speichern (12)')
    await expect(unsavedCount(page)).toContainText('Nicht gespeicherte Änderungen: 0')
    const { target } = await serverTexts(baseURL!, 'en')
    expect(keys.map((key) => target[key])).toEqual(keys.map((_, index) => `Tastatur ${index + 1}`))

    // An article's texts into French: Tab from one text to the next.
    await openHydrated(page, '/catalogs?dst=fr')
    await followLink(page, page.locator('main ul > li a').first(), 'Enter')
    await followLink(page, page.getByRole('link', { name: /öffnen$/ }).first(), 'Enter')
    await followLink(page, page.getByRole('link', { name: /öffnen$/ }).first(), 'Enter')
    await followLink(page, page.getByRole('link', { name: /^Artikel: / }).first(), 'Enter')
    await expect(page).toHaveURL(/\/article\//)
    // Typing starts once the article's texts are in (not while they are still being loaded).
    await expect(page.getByRole('button', { name: 'Vom Server laden' })).toBeEnabled()
    const fields = page.locator('main textarea')
    await fields.first().focus()
    for (let index = 0; index < 3; index++) {
      await page.keyboard.press('Control+A')
      await page.keyboard.type(`Article ${index + 1} ${Date.now()}`)
      await page.keyboard.press('Tab')
    }
    await expect(unsavedCount(page)).toContainText('Nicht gespeicherte Änderungen: 3', { timeout: 15_000 })
    await saveEdits(page, 'Speichern (3)')
    await expect(unsavedCount(page)).toContainText('Nicht gespeicherte Änderungen: 0')
    await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })
  })
})
