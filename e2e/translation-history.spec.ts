import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { importXml, openRow, openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'

// Outdated translations and the history of a text (decision 038): a translation
// whose source was rewritten shows as outdated with the source's change, is not counted as
// done, has its filter and becomes current when confirmed; the editor shows every saved change
// with who and when, and puts an older text back as an unsaved edit.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

test('a rewritten source makes its translation outdated: shown with the change, not counted, filtered, confirmed', async ({ page, baseURL }) => {
  await importXml(
    baseURL!,
    '<text key="HIST-E2E-1"><master>Sockelblende Eiche, 100 mm hoch</master><translation lang="fr">Plinthe chêne, 100 mm de haut</translation></text>',
  )
  await importXml(baseURL!, '<text key="HIST-E2E-1"><master>Sockelblende Eiche, 120 mm hoch</master></text>')
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=outdated')
  const row = page.locator('[role=listitem][data-key="HIST-E2E-1"]')
  await expect(row).toHaveAttribute('data-status', 'outdated')
  await expect(row).toContainText('outdated')
  const counts = page.getByTestId('translation-counts')
  const before = Number(/^(\d+)/.exec((await counts.textContent()) ?? '')?.[1])

  await row.getByRole('button').first().click()
  const notice = openRow(page).getByTestId('outdated-notice')
  await expect(notice).toContainText('The source text changed after this translation was made')
  await expect(notice.locator('del')).toHaveText('100')
  await expect(notice.locator('ins')).toHaveText('120')
  await notice.getByRole('button', { name: 'Confirm translation' }).click()
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await expect(counts).toContainText(`${before + 1} /`)
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(row).toHaveAttribute('data-status', 'translated')
  await page.reload()
  await openWorkspace(page, 'dst=fr&q=HIST-E2E-1')
  await expect(page.locator('[role=listitem][data-key="HIST-E2E-1"]')).toHaveAttribute('data-status', 'translated')
})

test('the history lists every saved change with who and when; an older text comes back as an unsaved edit', async ({ page, baseURL }) => {
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=HIST-E2E-1')
  const row = page.locator('[role=listitem][data-key="HIST-E2E-1"]')
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill('Plinthe chêne, 120 mm de haut')
  await page.keyboard.press('Escape')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')

  await row.getByRole('button').first().click()
  await openRow(page).getByRole('button', { name: 'Show history' }).click()
  const entries = openRow(page).getByRole('list', { name: 'History' }).getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText(/, \d/)
  await expect(entries.nth(0).locator('del')).toHaveText('100')
  await expect(entries.nth(0).locator('ins')).toHaveText('120')
  await expect(entries.nth(1)).toContainText('confirmed against a newer source')
  await expect(entries.nth(2)).toContainText('first translation')
  await entries
    .nth(1)
    .getByRole('button', { name: /^Restore the text of / })
    .click()
  await expect(page.getByRole('textbox', { name: /Translation \(/ })).toHaveValue('Plinthe chêne, 100 mm de haut')
  await page.keyboard.press('Escape')
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  expect((await serverTexts(baseURL!)).target['HIST-E2E-1']).toBe('Plinthe chêne, 120 mm de haut')
})
