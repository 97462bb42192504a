import type { Locator } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, seriousViolations, test } from './fixtures'
import { importXml, openRow, openWorkspace, saveSummary, serverTexts, unsavedCount } from './translation-helpers'

// The checks of decision 045 on the desk: white space made visible under the editor and in the
// summary before a save, and "Save when back online" holding back a text with an error.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

/** What a white-space mark shows: the generated content of its ::before (with its empty alternative text). */
const markOf = (mark: Locator) => mark.evaluate((element) => getComputedStyle(element, '::before').content)

test('white space shows as · → ↵ under the editor and in the summary, where double spaces are no longer collapsed', async ({ page, context, baseURL }) => {
  await importXml(baseURL!, '<text key="CHECKS-E2E-SPACES"><master>Tür öffnen</master></text>')
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=CHECKS-E2E-SPACES')
  const row = page.locator('[role=listitem][data-key="CHECKS-E2E-SPACES"]')
  await row.getByRole('button').first().click()
  const typed = 'Ouvrir  la\tporte '
  await page.getByRole('textbox', { name: /Translation \(/ }).fill(typed)

  // Under the editor: the issues, then the source and the translation with their white space.
  await expect(openRow(page).locator('[data-check=double_spaces]')).toHaveText('Warning: Double space')
  await expect(openRow(page).locator('[data-check=tabs]')).toHaveText('Warning: Tabs: 0 in the source, 1 here')
  const compare = openRow(page).getByTestId('white-space-compare')
  await expect(compare).toContainText('Source:')
  const translation = compare.locator('dd').nth(1)
  await expect(translation.locator('[data-ws]')).toHaveCount(4)
  expect(await translation.locator('[data-ws]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-ws')))).toEqual([
    'space',
    'space',
    'tab',
    'space',
  ])
  expect(await markOf(translation.locator('[data-ws=space]').first())).toBe('"·" / ""')
  expect(await markOf(translation.locator('[data-ws=tab]'))).toBe('"→" / ""')
  // The text is there as typed (a screen reader reads it, not the marks); the page passes axe.
  expect(await translation.evaluate((element) => element.textContent)).toBe(typed)
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  // The summary before the save: the same, nothing collapsed.
  await page.getByRole('button', { name: 'Save (1)' }).click()
  const summary = saveSummary(page)
  const item = summary.getByTestId('save-summary').locator('li[data-key="CHECKS-E2E-SPACES"]')
  await expect(item.getByTestId('white-space-compare')).toBeVisible()
  const shown = item.getByTestId('white-space-compare').locator('dd').nth(1)
  expect(await shown.evaluate((element) => element.textContent)).toBe(typed)
  expect(await shown.evaluate((element) => getComputedStyle(element.firstElementChild!).whiteSpace)).toBe('break-spaces')
  // Each space keeps its width (collapsed, the second of two would have none).
  const widths = await shown.locator('[data-ws=space]').evaluateAll((marks) => marks.map((mark) => mark.getBoundingClientRect().width))
  expect(widths.every((width) => width > 0)).toBe(true)
  expect(await markOf(shown.locator('[data-ws=space]').first())).toBe('"·" / ""')
  await summary.getByRole('button', { name: 'Back to fix' }).click()

  // In German too, with a line break.
  await page.getByRole('button', { name: 'Deutsch' }).click()
  await row.getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Übersetzung \(/ }).fill('Ouvrir\nla porte')
  await expect(openRow(page).locator('[data-check=line_breaks]')).toHaveText('Hinweis: Zeilenumbrüche: 0 in der Quelle, 1 hier')
  await expect(openRow(page).getByTestId('white-space-compare')).toContainText('Übersetzung:')
  expect(await markOf(openRow(page).getByTestId('white-space-compare').locator('[data-ws=line-break]'))).toBe('"↵" / ""')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Speichern (1)' }).click()
  await expect(saveSummary(page).getByTestId('save-summary')).toContainText('Quelle:')
  await saveSummary(page).getByRole('button', { name: 'Zurück zum Beheben' }).click()
  await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })
})

test('"Save when back online" holds back a text with an error, sends the others, and shows the held one', async ({ page, context, baseURL }) => {
  await importXml(
    baseURL!,
    '<text key="CHECKS-E2E-HELD"><master>Tür {0} öffnen</master></text>\n<text key="CHECKS-E2E-SENT"><master>Griff &amp;amp; Rosette</master></text>\n<text key="CHECKS-E2E-WARNED"><master>Drücker</master></text>',
  )
  await loginAndLand(page, translator.username)
  await openWorkspace(page, 'dst=fr&q=CHECKS-E2E')
  await page.getByRole('checkbox', { name: 'Save when back online' }).check()
  const rowOf = (key: string) => page.locator(`[role=listitem][data-key="${key}"]`)
  const type = async (key: string, value: string) => {
    await rowOf(key).getByRole('button').first().click()
    await page.getByRole('textbox', { name: /Translation \(/ }).fill(value)
    await page.keyboard.press('Escape')
  }

  // Offline: one edit loses its placeholder (an error), one is right, one has a warning only.
  await context.setOffline(true)
  await type('CHECKS-E2E-HELD', 'Ouvrir la porte')
  await type('CHECKS-E2E-SENT', 'Poignée &amp; rosace')
  await type('CHECKS-E2E-WARNED', 'poignée')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 3')
  await context.setOffline(false)

  // Back online: two are sent, the one with an error stays on the device, and the bar says so.
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  const held = page.getByTestId('held-back')
  await expect(held).toHaveText('Not saved when the connection came back, because of errors: 1. Fix them, or save them as they are.')
  const after = await serverTexts(baseURL!)
  expect([after.target['CHECKS-E2E-HELD'], after.target['CHECKS-E2E-SENT'], after.target['CHECKS-E2E-WARNED']]).toEqual([
    undefined,
    'Poignée &amp; rosace',
    'poignée',
  ])
  await expect(rowOf('CHECKS-E2E-HELD')).toHaveAttribute('data-status', 'unsaved')
  await expect(rowOf('CHECKS-E2E-HELD')).toContainText('Not saved when the connection came back: this text has errors.')

  // "Show them": the list of texts with issues; then saved by hand through the summary.
  await page.getByRole('button', { name: 'Show them' }).click()
  await expect(page).toHaveURL(/filter=issues/)
  await expect(rowOf('CHECKS-E2E-HELD')).toBeVisible()
  await page.getByRole('button', { name: 'Review and save' }).click()
  const summary = saveSummary(page)
  await expect(summary.getByTestId('save-summary').getByText(/^Error: Missing placeholders: \{0\}/)).toBeVisible()
  await summary.getByRole('button', { name: 'Save all (1)' }).click()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  await expect(held).toBeHidden()
  expect((await serverTexts(baseURL!)).target['CHECKS-E2E-HELD']).toBe('Ouvrir la porte')
})
