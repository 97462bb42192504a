import { z } from 'zod'
import { languagesMap } from '../src/contract/translation'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, openHydrated, test, signIn } from './fixtures'
import { saveEdits, unsavedCount } from './translation-helpers'
import { vueLogin } from './vue-api'

// Catalogue, category and article screens (decision 014): progress cards, breadcrumbs, labels and
// article texts translated in place and kept across a reload, saved, and the dump export.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })

const dictionaries = z.object({ data: z.object({ languages: languagesMap }) })

async function serverDictionary(origin: string, path: string, lang: string) {
  const { jwt } = await vueLogin(origin, translator.username)
  const answer = await fetch(`${origin}${path}`, { headers: { authorization: `JWT ${jwt}` } })
  return dictionaries.parse(await answer.json()).data.languages[lang]![1]
}

test('from the catalogue cards down to an article, translating labels and units on the way', async ({ page, baseURL }) => {
  await signIn(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogues' })).toBeVisible()
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  const cards = page.locator('main ul > li')
  await expect(cards.first().locator('progress')).toBeVisible()
  await expect(cards.first()).toContainText(/\d+ of \d+ texts translated/)

  await followLink(page, cards.first().getByRole('link'))
  await expect(page).toHaveURL(/\/catalog\/\d+\?/)
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await expect(page).toHaveURL(/\/catalog\/\d+\/[a-z-]+\?/)
  // A category's label, edited here, is kept on the device and counted as unsaved.
  const label = page.locator('main [data-text-status]').first()
  const labelKey = (await label.getAttribute('data-key'))!
  const labelText = `Libellé de catégorie ${Date.now()}`
  await label.getByRole('textbox').fill(labelText)
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  // The quality checks here too (decision 037): the time in the label is a number its source lacks.
  const described = await label.getByRole('textbox').getAttribute('aria-describedby')
  await expect(page.locator(`[id="${described}"] [data-check=numbers_extra]`)).toContainText(/^Warning: Numbers not in the source: \d+/)
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveCount(3)

  // The article: groups and items with their texts.
  await followLink(page, page.getByRole('link', { name: /^Article: / }).first())
  await expect(page).toHaveURL(/\/article\/\d+\/.+\?lang=fr/)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  const unit = page.locator('main [data-text-status="untranslated"]').first()
  const unitKey = (await unit.getAttribute('data-key'))!
  await unit.getByRole('textbox').fill('Texte d’unité')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await page.reload()
  await expect(page.locator(`main [data-key="${unitKey}"]`).first()).toHaveAttribute('data-text-status', 'unsaved')
  await expect(page.locator(`main [data-key="${unitKey}"] textarea`).first()).toHaveValue('Texte d’unité')

  const articleUrl = new URL(page.url())
  const [, , id, ...path] = articleUrl.pathname.split('/')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverDictionary(baseURL!, `/vue/i18n/article/${id}/${path.at(-1)}/?lang=fr`, 'fr'))[unitKey]).toBe('Texte d’unité')

  // The dump: every unit of the article in every language, as a JSON file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export texts (JSON)' }).click()])
  expect(download.suggestedFilename()).toMatch(/^article-\d+-.+\.json$/)

  // Back at the catalogue list, the category label is still waiting, and is saved from there.
  await followLink(page, page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Catalogues' }))
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverDictionary(baseURL!, '/vue/i18n/catalog/?src=master&dst=fr', 'fr'))[labelKey]).toBe(labelText)
})

test('the catalogue screens in German', async ({ page, context }) => {
  await signIn(page, translator.username)
  await openHydrated(page, '/catalogs?dst=en')
  await page.getByRole('button', { name: 'Deutsch' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kataloge' })).toBeVisible()
  await expect(page.getByLabel('Zielsprache')).toHaveValue('en')
  await expect(page.getByTestId('translation-counts')).toContainText('übersetzt')
  await context.clearCookies({ name: 'PARAGLIDE_LOCALE' })
})

// The text lists' keys on the article screen, where each text is a field (decision 048).
test('keys on an article: next and previous untranslated, keep and go on, leave the field, ? lists them', async ({ page }) => {
  await signIn(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await followLink(page, page.locator('main ul > li').first().getByRole('link'))
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Article: / }).first())
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  const untranslated = page.locator('main [data-text-status="untranslated"]')
  expect(await untranslated.count()).toBeGreaterThan(2)
  const [first, second, last] = await Promise.all([0, 1, -1].map((index) => untranslated.nth(index).getAttribute('data-key')))
  const focusedKey = () => page.evaluate(() => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null)

  // From nowhere, Alt+↓ goes to the first untranslated text, Alt+↑ from there wraps to the last.
  await page.locator('main h1').click()
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(focusedKey).toBe(first)
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(focusedKey).toBe(last)
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(focusedKey).toBe(first)

  // Ctrl+Enter keeps the text and goes on to the next untranslated one.
  await page.keyboard.type('Texte au clavier')
  await page.keyboard.press('Control+Enter')
  await expect.poll(focusedKey).toBe(second)
  await expect(page.locator(`main [data-key="${first}"]`).first()).toHaveAttribute('data-text-status', 'unsaved')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')

  // Ctrl+Insert copies the field's source into it.
  const secondField = page.locator(`main [data-key="${second}"]`).first()
  await page.keyboard.press('Control+Insert')
  await expect(secondField.getByRole('textbox')).toHaveValue((await secondField.locator('label').textContent())!)

  // Esc leaves the field for its box (decision 048); ? lists the keys.
  await page.keyboard.press('Escape')
  await expect.poll(() => page.evaluate(() => document.activeElement?.matches('[data-text-status]') ?? false)).toBe(true)
  await expect.poll(focusedKey).toBe(second)
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toContainText('Ctrl+Enter')
  await expect(dialog).toContainText('Alt+↓')
  await expect(dialog).toContainText('Leave the field')
  await expect(dialog).toContainText('Ctrl+Insert')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
