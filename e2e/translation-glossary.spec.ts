import type { Page } from '@playwright/test'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, test } from './fixtures'
import { openRow, openWorkspace, saveSummary, unsavedCount } from './translation-helpers'
import { vueLogin } from './vue-api'

// The glossary in the browser (decision 038): a translator keeps it on /glossary (add, a
// duplicate refused with its message, edit, delete); the workspace marks its terms in the source
// with their translation, and offline the checks warn when a translation does not use one —
// in the editor and in the summary before a save, as the server does.
const { translator } = DEMO_ACCOUNTS
const KEY = 'GLOSSARY-E2E-1'
const TERM = 'Zierleiste'

test.describe.configure({ mode: 'serial' })

async function translatorToken(baseURL: string): Promise<string> {
  return (await vueLogin(baseURL, translator.username)).jwt
}

// A master text with the term, and no French term left from an earlier run on this database.
test.beforeAll(async ({ baseURL }) => {
  const token = await translatorToken(baseURL!)
  const headers = { authorization: `JWT ${token}` }
  const form = new FormData()
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n<text key="${KEY}"><master>Die ${TERM} aus Eiche, 12 mm</master></text>\n</vartexts>\n`
  form.set('file', new Blob([xml], { type: 'application/xml' }), 'glossary.xml')
  expect((await fetch(`${baseURL}/vue/i18n/vartext-xml/`, { method: 'POST', headers, body: form })).status).toBe(200)
  const list = z
    .object({ data: z.object({ terms: z.array(z.looseObject({ id: z.number(), term: z.string() })) }) })
    .parse(await (await fetch(`${baseURL}/vue/i18n/glossary/?language=fr`, { headers })).json())
  for (const term of list.data.terms.filter((entry) => entry.term.toLowerCase() === TERM.toLowerCase()))
    await fetch(`${baseURL}/vue/i18n/glossary/${term.id}/`, { method: 'DELETE', headers })
})

const addForm = (page: Page) => page.getByRole('form', { name: /^Add a term for / })
const termItem = (page: Page) => page.getByTestId('glossary-term').and(page.locator(`[data-term="${TERM}"]`))

test('a translator adds a term on /glossary; the same term again is refused with its message', async ({ page }) => {
  await loginAndLand(page, translator.username)
  await openHydrated(page, '/glossary?language=fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible()
  await expect(page.getByTestId('glossary-count')).toContainText(/^Terms: \d+$/)

  const form = addForm(page)
  await form.getByLabel('Term', { exact: true }).fill(TERM)
  await form.getByLabel('Translation', { exact: true }).fill('baguette')
  await form.getByLabel('Note', { exact: true }).fill('Profilleiste am Sockel')
  await form.getByRole('button', { name: 'Add term' }).click()
  await expect(termItem(page)).toContainText(`${TERM} → baguette`)
  await expect(termItem(page)).toContainText('Profilleiste am Sockel')
  // The form is empty again for the next term, and the keyboard reaches every field.
  await expect(form.getByLabel('Term', { exact: true })).toHaveValue('')

  await form.getByLabel('Term', { exact: true }).fill(TERM.toLowerCase())
  await form.getByLabel('Translation', { exact: true }).fill('moulure')
  await form.getByLabel('Translation', { exact: true }).press('Enter')
  const duplicate = `The glossary already has “${TERM}” for fr, translated as “baguette”.`
  await expect(form.getByText(duplicate)).toBeVisible()
  await expect(form.getByLabel('Term', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('glossary-term').and(page.locator(`[data-term="${TERM.toLowerCase()}"]`))).toHaveCount(0)
})

test('the workspace marks the term in the source; offline, a translation without it gets the glossary warning', async ({ page, context }) => {
  await loginAndLand(page, translator.username)
  await openWorkspace(page, `dst=fr&q=${KEY}`)
  const row = page.locator(`[role=listitem][data-key="${KEY}"]`)
  await row.getByRole('button').first().click()
  const mark = openRow(page).locator('mark')
  await expect(mark).toHaveText(TERM)
  await expect(mark).toHaveAttribute('title', `Glossary: ${TERM} → baguette`)
  await expect(openRow(page).getByTestId('glossary-hints')).toContainText(`Glossary:${TERM} → baguette (Profilleiste am Sockel)`)
  const textbox = page.getByRole('textbox', { name: /Translation \(/ })
  await expect(textbox).toHaveAccessibleDescription(new RegExp(`${TERM} → baguette`))

  // The checks are on the device before the connection goes (they load when the page is idle).
  await textbox.fill('plinthe')
  await expect(openRow(page).locator('[data-check="first_letter"]')).toBeVisible()
  await context.setOffline(true)
  await textbox.fill('La plinthe en chêne, 12 mm')
  const warning = openRow(page).locator('[data-check="glossary"]')
  await expect(warning).toHaveText(`Warning: Glossary terms not used: ${TERM} → baguette`)
  await textbox.fill('La baguette en chêne, 12 mm')
  await expect(warning).toHaveCount(0)
  await textbox.fill('La plinthe en chêne, 12 mm')
  await expect(warning).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')

  // Back online, the summary before the save names the term too.
  await context.setOffline(false)
  await expect(unsavedCount(page)).not.toContainText('offline')
  await page.getByRole('button', { name: 'Save (1)', exact: true }).click()
  await expect(saveSummary(page)).toContainText(`Glossary terms not used: ${TERM} → baguette`)
  await saveSummary(page)
    .getByRole('button', { name: /^Save all \(/ })
    .click()
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
})

test('a term is edited and deleted on /glossary', async ({ page }) => {
  await loginAndLand(page, translator.username)
  await openHydrated(page, '/glossary?language=fr')
  const item = termItem(page)
  await item.getByRole('button', { name: `Edit “${TERM}”` }).click()
  const edit = page.getByRole('form', { name: `Edit “${TERM}”` })
  await expect(edit.getByLabel('Term', { exact: true })).toBeFocused()
  // Escape leaves the form as it was, with the focus back on Edit.
  await edit.getByLabel('Translation', { exact: true }).fill('x')
  await page.keyboard.press('Escape')
  await expect(item.getByRole('button', { name: `Edit “${TERM}”` })).toBeFocused()
  await expect(item).toContainText(`${TERM} → baguette`)

  await page.keyboard.press('Enter')
  await edit.getByLabel('Translation', { exact: true }).fill('moulure')
  await edit.getByLabel('Note', { exact: true }).fill('')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(item).toContainText(`${TERM} → moulure`)
  await expect(item).not.toContainText('Profilleiste')

  await item.getByRole('button', { name: `Delete “${TERM}”` }).click()
  const dialog = page.getByRole('dialog', { name: `Delete “${TERM}”?` })
  await expect(dialog).toContainText(`“${TERM}” → “moulure” leaves the glossary`)
  await dialog.getByRole('button', { name: 'Delete term' }).click()
  await expect(item).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('glossary-count')).toContainText(/^Terms: \d+$/)
  await expect(termItem(page)).toHaveCount(0)
})

// A user without CAN_TRANSLATE may open the translation screens (the device's copy, read
// only): the glossary is read from the device, never asked of the server, which would refuse.
test('a user without CAN_TRANSLATE: the screen reads the glossary on the device and asks the server nothing', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname))
  await loginAndLand(page, DEMO_ACCOUNTS.dealer.username)
  await openHydrated(page, '/vartext?dst=fr')
  // The part that follows the device's glossary (glossary-part, with glossary-live) has loaded, when the browser was first idle …
  await expect.poll(() => scripts.some((path) => /\/glossary-(live|part)-[\w-]+\.js$/.test(path)), { timeout: 15_000 }).toBe(true)
  await page.waitForLoadState('networkidle')
  // … and the one that loads it from the server never did.
  expect(scripts.filter((path) => /glossary-sync|_serverFn/.test(path))).toEqual([])
})
