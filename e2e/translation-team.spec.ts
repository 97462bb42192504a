import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { importXml, openRow, openWorkspace, saveEdits } from './translation-helpers'
import { vueLogin } from './vue-api'

// Two people, one language, no collisions (docs/decisions/049, "Claims and live saves"): the
// text one has open is skipped by the other's "next", and a save of one shows on the other's
// desk within a poll, without a reload; over an unsaved edit of the same text, as a conflict.
const { translator, reviewer } = DEMO_ACCOUNTS
const PREFIX = 'TEAM-E2E-'

const row = (page: Page, key: string) => page.locator(`[role=listitem][data-key="${key}"]`)
const editor = (page: Page) => page.getByRole('textbox', { name: /Translation \(/ })

/** The translated count of the title bar. */
async function translated(page: Page): Promise<number> {
  const text = (await page.getByTestId('translation-counts').textContent()) ?? ''
  return Number(/(\d+) \/ \d+/.exec(text)?.[1] ?? Number.NaN)
}

test('the other desk skips a claimed text and shows the saves of others as they happen', async ({ browser, baseURL }) => {
  await importXml(baseURL!, [1, 2, 3].map((n) => `<text key="${PREFIX}${n}"><master>Teamtext ${n}</master></text>`).join('\n'))
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()))
  await loginAndLand(a!, translator.username)
  await loginAndLand(b!, reviewer.username)
  for (const page of [a!, b!]) await openWorkspace(page, `dst=fr&filter=untranslated&q=${PREFIX}`)

  // A takes the first untranslated text; B's desk names A on its row, and B's "next" passes it by.
  await a!.keyboard.press('Alt+ArrowDown')
  await expect(openRow(a!)).toHaveCount(1)
  const first = (await openRow(a!).getAttribute('data-key'))!
  await expect(row(b!, first).getByTestId('claim-badge')).toHaveText('Camille Laurent is on this text')
  await expect(row(b!, first).getByTestId('claim-badge')).toHaveAttribute('title', /Camille Laurent \(translator@demo\.example\)/)
  await b!.keyboard.press('Alt+ArrowDown')
  await expect(openRow(b!)).toHaveCount(1)
  const second = (await openRow(b!).getAttribute('data-key'))!
  expect(second).not.toBe(first)
  expect(second.startsWith(PREFIX)).toBe(true)

  // Saved by A elsewhere (through the API) while B has it open untouched: B's editor, its row and
  // the count follow without a reload.
  const count = await translated(b!)
  const { jwt } = await vueLogin(baseURL!, translator.username)
  const body = { languages: { fr: ['', { [second]: 'Texte d’équipe' }] }, changes: { fr: [second] }, pid2trus: {}, base: { fr: { [second]: null } } }
  const saved = await fetch(`${baseURL}/vue/i18n/vartext/`, {
    method: 'POST',
    headers: { authorization: `JWT ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(saved.status).toBe(200)
  await expect(editor(b!)).toHaveValue('Texte d’équipe')
  await expect(row(b!, second)).toHaveAttribute('data-status', 'translated')
  await expect.poll(() => translated(b!)).toBe(count + 1)

  // B starts an edit of A's text anyway (a claim only advises); A saves first: B's edit is a conflict at once, before B saves.
  await row(b!, first).getByRole('button').first().click()
  await editor(b!).fill('Version de B')
  await editor(a!).fill('Version de A')
  await saveEdits(a!, 'Save (1)')
  const mine = row(b!, first)
  await expect(mine).toHaveAttribute('data-status', 'conflict')
  await expect(mine.getByTestId('conflict-theirs')).toHaveText('Version de A')
  await expect(mine.getByTestId('conflict-yours')).toHaveText('Version de B')
  await expect(mine).toContainText('Camille Laurent (translator@demo.example)')
  await expect.poll(() => translated(b!)).toBe(count + 2)
  await Promise.all(contexts.map((context) => context.close()))
})
