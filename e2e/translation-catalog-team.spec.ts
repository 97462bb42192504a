import type { Page } from '@playwright/test'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, signIn, test } from './fixtures'
import { saveEdits, unsavedCount } from './translation-helpers'
import { signIn as apiSignIn, vueCall } from './vue-call'

// The team on the catalogue and article screens (docs/decisions/049), as on the desk: a reviewer
// approves and sends back the field edited last by key, with a comment; the marks and the thread
// come from the server after a reload; the field a colleague has open is named and skipped by
// "next", and a colleague's save reaches the open screen without a reload.
const { translator, reviewer } = DEMO_ACCOUNTS
const ARTICLE = '/article/4/griffe/buegelgriffe/bg-96-edelstahl?lang=fr'

const field = (page: Page, key: string) => page.locator(`main [data-key="${key}"]`).first()

async function serverReview(baseURL: string) {
  const answer = await vueCall(baseURL, 'GET', '/vue/i18n/article/4/bg-96-edelstahl/?lang=fr', await apiSignIn(baseURL, translator.username))
  const parsed = z
    .object({ states: z.record(z.string(), z.record(z.string(), z.string())), comments: z.record(z.string(), z.record(z.string(), z.number())) })
    .parse(answer.data)
  return { states: parsed.states.fr ?? {}, comments: parsed.comments.fr ?? {} }
}

test('a reviewer approves and sends back article texts by key, and the marks and the thread come back from the server', async ({ page, baseURL }) => {
  await signIn(page, reviewer.username)
  await openHydrated(page, ARTICLE)
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  // Two texts translated here first, so there is something to review.
  const untranslated = page.locator('main [data-text-status="untranslated"]')
  const first = (await untranslated.nth(0).getAttribute('data-key'))!
  const second = (await untranslated.nth(1).getAttribute('data-key'))!
  await field(page, first).locator('textarea[data-translation]').fill('Poignée étrier')
  await field(page, second).locator('textarea[data-translation]').fill('Acier inoxydable')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 2')
  await saveEdits(page, 'Save (2)')
  await expect(field(page, first)).toHaveAttribute('data-text-status', 'translated')

  // Alt+Enter approves the field edited last and goes on to the next text to review.
  await field(page, first).locator('textarea[data-translation]').focus()
  await expect(field(page, first).getByRole('button', { name: /^Approve/ })).toBeVisible()
  await page.keyboard.press('Alt+Enter')
  await expect(field(page, first).locator('[data-review=approved]')).toBeVisible()
  await expect(field(page, first).locator('[data-review=approved]')).toContainText('Approved')
  await expect(field(page, first).locator('textarea[data-translation]')).not.toBeFocused()

  // Alt+Shift+Enter asks why; Enter sends it back with the comment.
  await field(page, second).locator('textarea[data-translation]').focus()
  await page.keyboard.press('Alt+Shift+Enter')
  const dialog = page.getByRole('dialog', { name: 'Send back for editing' })
  await dialog.getByRole('textbox').fill('Plutôt « inox »')
  await dialog.getByRole('textbox').press('Enter')
  await expect(dialog).toBeHidden()
  await expect(field(page, second).locator('[data-review=needs_editing]')).toBeVisible()
  await expect(field(page, second).locator('[data-comments="1"]')).toBeVisible()
  await expect.poll(() => serverReview(baseURL!)).toMatchObject({ states: { [first]: 'approved', [second]: 'needs_editing' }, comments: { [second]: 1 } })

  // After a reload the marks come from the server's answer, and the thread shows the comment.
  await page.reload()
  await expect(field(page, first).locator('[data-review=approved]')).toBeVisible()
  await expect(field(page, second).locator('[data-review=needs_editing]')).toBeVisible()
  await field(page, second).locator('textarea[data-translation]').focus()
  await field(page, second).getByRole('button', { name: 'Comments (1)' }).click()
  await expect(field(page, second)).toContainText('Plutôt « inox »')

  // A new value is not what was reviewed: saved, the approval is gone.
  await field(page, first).locator('textarea[data-translation]').fill('Poignée étrier inox')
  await saveEdits(page, 'Save (1)')
  await expect(field(page, first).locator('[data-review=approved]')).toHaveCount(0)
  await expect.poll(async () => (await serverReview(baseURL!)).states[first]).toBeUndefined()
})

test("the field a colleague has open is named and skipped, and the colleague's save arrives without a reload", async ({ browser }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()))
  await loginAndLand(a!, translator.username)
  await loginAndLand(b!, reviewer.username)
  for (const page of [a!, b!]) {
    await openHydrated(page, ARTICLE)
    await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  }

  // A goes to the first untranslated text; B's screen names A on it, and B's "next" passes it by.
  await a!.locator('main [data-desk-nav] select').first().focus()
  await a!.keyboard.press('Alt+ArrowDown')
  const claimed = (await a!.locator('main [data-text-status]:has(textarea:focus)').getAttribute('data-key'))!
  await expect(field(b!, claimed).getByTestId('claim-badge')).toHaveText('Camille Laurent is on this text')
  await b!.locator('main [data-desk-nav] select').first().focus()
  await b!.keyboard.press('Alt+ArrowDown')
  const next = b!.locator('main [data-text-status]:has(textarea:focus)')
  await expect(next).toHaveAttribute('data-text-status', 'untranslated')
  expect(await next.getAttribute('data-key')).not.toBe(claimed)

  // A saves the text: B's untouched field and count follow within a poll.
  await field(a!, claimed).locator('textarea[data-translation]').fill('Texte de Camille')
  await saveEdits(a!, 'Save (1)')
  await expect(field(b!, claimed).locator('textarea[data-translation]')).toHaveValue('Texte de Camille')
  await expect(field(b!, claimed)).toHaveAttribute('data-text-status', 'translated')
  await Promise.all(contexts.map((context) => context.close()))
})
