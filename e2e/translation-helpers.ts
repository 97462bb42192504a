import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, openHydrated } from './fixtures'
import { vueLogin } from './vue-api'

export { serverTexts } from './vue-api'

// Shared by the translation workspace's online and offline tests.
const { translator } = DEMO_ACCOUNTS

/** Imports vartext XML (`<text>` elements) through the API, as the translator. */
export async function importXml(baseURL: string, body: string): Promise<void> {
  const { jwt } = await vueLogin(baseURL, translator.username)
  const form = new FormData()
  form.set('file', new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${body}\n</vartexts>\n`], { type: 'application/xml' }), 'texts.xml')
  const answer = await fetch(`${baseURL}/vue/i18n/vartext-xml/`, { method: 'POST', headers: { authorization: `JWT ${jwt}` }, body: form })
  expect(answer.status).toBe(200)
}

export async function openWorkspace(page: Page, search: string) {
  await openHydrated(page, `/vartext?${search}`)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+/)
}

/** The row whose editor is open. */
/** Opens the text `key` of the open list, types `text` as its translation, and waits for it to count as the one unsaved edit. */
export async function editAlone(page: Page, key: string, text: string): Promise<void> {
  await page.locator(`[role=listitem][data-key="${key}"]`).getByRole('button').first().click()
  await page.getByRole('textbox', { name: /Translation \(/ }).fill(text)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
}

export const openRow = (page: Page) => page.locator('[role=listitem]:has([aria-expanded=true])')
export const unsavedCount = (page: Page) => page.getByTestId('translation-status')

/** The dialog that lists the edits with issues before a save (decision 037). */
export const saveSummary = (page: Page) => page.getByRole('dialog', { name: /^(Save with issues\?|Mit Problemen speichern\?)$/ })

/**
 * Clicks the save bar's "Save (n)"; where the summary of edits with issues comes first, saves
 * them as they are (tests about something else than the checks: conflicts, offline, catalogues).
 */
export async function saveEdits(page: Page, name: string): Promise<void> {
  const started = () => page.evaluate(() => performance.getEntriesByName('t9n:save:start').length)
  const before = await started()
  await page.getByRole('button', { name, exact: true }).click()
  const summary = saveSummary(page)
  // The checks answer first: either the summary opens or the save starts (its first mark).
  await expect.poll(async () => ((await summary.isVisible()) ? 'summary' : (await started()) > before ? 'saving' : 'deciding')).not.toBe('deciding')
  if (await summary.isVisible()) await summary.getByRole('button', { name: /^(Save all|Alle speichern) \(/ }).click()
}
