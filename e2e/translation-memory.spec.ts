import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, loginAndLand, openHydrated, test, waitForServiceWorker } from './fixtures'
import { openRow, openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'
import { vueLogin } from './vue-api'

// The translation memory (decision 040), offline: matches of the device's texts beside the
// editor with score, origin and the source's diff, Ctrl+1…5 to take one, and "Fill exact
// matches" putting unsaved edits marked "from memory" that only a click on Save sends.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

const TEXTS = {
  'TM-E2E-1': { master: 'Kantenumleimer Eiche natur, 2 mm stark', fr: 'Chant chêne naturel, 2 mm d’épaisseur' },
  'TM-E2E-2': { master: 'Kantenumleimer Eiche natur, 2 mm stark' },
  'TM-E2E-3': { master: 'Kantenumleimer Eiche natur, 3 mm stark' },
  'TM-E2E-4': { master: 'Kantenumleimer Buche natur, 2 mm stark', fr: 'Chant hêtre naturel, 2 mm d’épaisseur' },
}

test.beforeAll(async ({ baseURL }) => {
  const { jwt } = await vueLogin(baseURL!, translator.username)
  const body = Object.entries(TEXTS)
    .map(([key, text]) => `<text key="${key}"><master>${text.master}</master>${'fr' in text ? `<translation lang="fr">${text.fr}</translation>` : ''}</text>`)
    .join('\n')
  const form = new FormData()
  form.set('file', new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${body}\n</vartexts>\n`], { type: 'application/xml' }), 'memory.xml')
  const answer = await fetch(`${baseURL}/vue/i18n/vartext-xml/`, { method: 'POST', headers: { authorization: `JWT ${jwt}` }, body: form })
  expect(answer.status).toBe(200)
})

test.describe('offline, the worker from the offline shell', () => {
  test.use({ serviceWorkers: 'allow' })

  test('offline, an untranslated text shows the memory’s matches with score, origin and diff; Ctrl+1 takes the best', async ({ page, context }) => {
    await loginAndLand(page, translator.username)
    await openWorkspace(page, 'dst=fr&q=TM-E2E')
    // The memory's worker starts at the first idle moment of a page the offline shell serves, or
    // at the first click on one it did not yet: offline, its script comes from the shell's precache.
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.locator('[role=listitem][data-key="TM-E2E-3"]').getByRole('button').first().click()
    const panel = openRow(page).getByTestId('memory-panel')
    const matches = panel.getByRole('listitem')
    await expect(matches).toHaveCount(2)
    await expect(matches.nth(0)).toContainText('97 %')
    await expect(matches.nth(0)).toContainText('Chant chêne naturel, 2 mm d’épaisseur')
    await expect(matches.nth(0)).toContainText('Article texts · TM-E2E-1')
    await expect(matches.nth(0).locator('del')).toHaveText('2')
    await expect(matches.nth(0).locator('ins')).toHaveText('3')
    await expect(matches.nth(1)).toContainText('Chant hêtre naturel, 2 mm d’épaisseur')
    await expect(matches.nth(1)).toContainText('92 %')

    const field = page.getByRole('textbox', { name: /Translation \(/ })
    await field.press('Control+2')
    await expect(field).toHaveValue('Chant hêtre naturel, 2 mm d’épaisseur')
    await field.press('Control+1')
    await expect(field).toHaveValue('Chant chêne naturel, 2 mm d’épaisseur')
    await field.press('Escape')
    await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')

    // The unsaved edit is in the memory at once, marked as the user's.
    await page.locator('[role=listitem][data-key="TM-E2E-2"]').getByRole('button').first().click()
    await expect(openRow(page).getByTestId('memory-panel').getByRole('listitem').filter({ hasText: 'your unsaved edit' })).toContainText(
      'Article texts · TM-E2E-3',
    )
    await page.keyboard.press('Escape')
    await context.setOffline(false)
  })
})

test('Fill exact matches puts unsaved edits marked “from memory”; the server changes only on Save', async ({ page, context, baseURL }) => {
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=TM-E2E')
  await page.getByRole('button', { name: 'Fill exact matches' }).click()
  await expect(page.getByText(/untranslated texts filled from memory/)).toBeVisible()
  const filled = page.locator('[role=listitem][data-key="TM-E2E-2"]')
  await expect(filled).toHaveAttribute('data-status', 'unsaved')
  await expect(filled).toContainText('from memory')
  await expect(filled).toContainText('Chant chêne naturel, 2 mm d’épaisseur')
  expect((await serverTexts(baseURL!)).target['TM-E2E-2']).toBeUndefined()

  // The background save when the connection is back leaves it for the translator.
  await page.getByRole('checkbox', { name: 'Save when back online' }).check()
  await context.setOffline(true)
  await expect(unsavedCount(page)).toContainText('offline')
  await context.setOffline(false)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await expect(filled).toContainText('from memory')
  expect((await serverTexts(baseURL!)).target['TM-E2E-2']).toBeUndefined()

  // Editing it makes it the translator's own.
  await filled.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Chant chêne naturel, 2 mm')
  await page.keyboard.press('Escape')
  await expect(filled).not.toContainText('from memory')

  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target['TM-E2E-2']).toBe('Chant chêne naturel, 2 mm')
})

test('the compact view shows a dozen texts side by side on 1280 × 900, with inline tags as tags; the URL keeps it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr')
  await page.getByRole('combobox', { name: 'View', exact: true }).selectOption('compact')
  await expect(page).toHaveURL(/view=compact/)
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'View', exact: true })).toHaveValue('compact')
  // Scrolled to the list: how many whole rows the window shows.
  await page.locator('[role=list]').evaluate((list) => window.scrollTo({ top: list.getBoundingClientRect().top + window.scrollY }))
  await expect
    .poll(() =>
      page.locator('[role=listitem]').evaluateAll(
        (items) =>
          items.filter((item) => {
            const box = item.getBoundingClientRect()
            return box.top >= 0 && box.bottom <= window.innerHeight
          }).length,
      ),
    )
    .toBeGreaterThanOrEqual(12)
  // The seed's "<b>Hinweis:</b> …" shows its tags as tags, not as markup in the words.
  await page.getByLabel('Search').fill('Hinweis:')
  const tagged = page.locator('[role=listitem]').first()
  await expect(tagged.locator('code').first()).toHaveText('<b>')
  await expect(tagged.locator('code').nth(1)).toHaveText('</b>')
  // Opening a row shows the editor as in the card view.
  await tagged.getByRole('button').first().click()
  await expect(page.getByRole('textbox', { name: /Translation \(/ })).toBeFocused()
})

test('a catalogue field shows the memory once edited, until another field is', async ({ page }) => {
  await loginAndLand(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await followLink(page, page.locator('main ul > li a').first(), 'Enter')
  const field = page.locator('main [data-text-status] textarea').first()
  await field.waitFor()
  await field.focus()
  const panel = page.locator('main [data-text-status]').first().getByTestId('memory-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByText(/No similar texts on this device\.|%/).first()).toBeVisible()
  // Leaving the field keeps it (nothing moves under the pointer); the next field takes it.
  await field.blur()
  await expect(panel).toBeVisible()
  await page.locator('main [data-text-status] textarea').nth(1).focus()
  await expect(panel).toBeHidden()
  await expect(page.locator('main [data-text-status]').nth(1).getByTestId('memory-panel')).toBeVisible()
})

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the concordance finds a phrase in the sources and translations of the pair, offline', async ({ page, context }) => {
    await loginAndLand(page, translator.username)
    await openWorkspace(page, 'dst=fr')
    // Offline, the dialog's script comes from the offline shell's precache, as for a translator.
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Concordance' }).click()
    const dialog = page.getByRole('dialog', { name: /^Concordance: / })
    await dialog.getByLabel('Word or phrase').fill('eiche natur')
    const hits = dialog.getByTestId('concordance-hits').locator('tbody tr')
    await expect(dialog.getByTestId('concordance-status')).toContainText('pairs of texts')
    await expect(hits.filter({ hasText: 'Chant chêne naturel, 2 mm d’épaisseur' })).toHaveCount(1)
    await expect(hits.first().locator('mark').first()).toHaveText('Eiche natur')
    await dialog.getByLabel('Word or phrase').fill('chêne naturel')
    await expect(hits.first().locator('td').nth(1).locator('mark')).toHaveText('chêne naturel')
    await dialog.getByLabel('Word or phrase').fill('kein solcher Text')
    await expect(dialog.getByTestId('concordance-status')).toHaveText('Not found on this device.')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await context.setOffline(false)
  })
})
