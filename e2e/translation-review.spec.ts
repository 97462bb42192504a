import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, signIn as signInPage, test, waitForServiceWorker } from './fixtures'
import { unitId } from '../app/features/translation/xliff-file'
import { openRow, openWorkspace, serverTexts } from './translation-helpers'
import { signIn, vueCall } from './vue-call'

// Reviewing on the desk (docs/decisions/049): a reviewer approves by key and sends back with a
// comment, approves a whole view after a question that counts it, and reviews and comments
// offline — kept through a reload, sent when the connection is back. A translator sees the
// comments but no review actions.
const { reviewer, translator } = DEMO_ACCOUNTS

/** The French vartext's review states and comment counts on the server. */
async function serverReviews(baseURL: string) {
  const answer = await vueCall(baseURL, 'GET', '/vue/i18n/vartext/?src=master&dst=fr', await signIn(baseURL, translator.username))
  const parsed = z
    .object({ states: z.record(z.string(), z.record(z.string(), z.string())), comments: z.record(z.string(), z.record(z.string(), z.number())) })
    .parse(answer.data)
  return { states: parsed.states.fr ?? {}, comments: parsed.comments.fr ?? {} }
}

test.describe('the reviewer', () => {
  test.use({ serviceWorkers: 'allow' })

  test('approves by key, sends back with a comment, approves a whole view, and reviews and comments offline', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000)
    // A retry meets the server its first attempt left: texts that attempt sent back are approved
    // first, and the counts are read from where they stand at the start.
    const left = await serverReviews(baseURL!)
    const leftBack = Object.keys(left.states).filter((key) => left.states[key] === 'needs_editing')
    if (leftBack.length > 0) {
      const token = await signIn(baseURL!, reviewer.username)
      const answer = await vueCall(baseURL!, 'POST', '/vue/i18n/review/', token, { kind: 'vartext', lang: 'fr', keys: leftBack, state: 'approved' })
      expect(answer.http, answer.messages.join()).toBe(200)
    }
    const start = Object.values((await serverReviews(baseURL!)).states).filter((state) => state === 'approved').length
    const approvedCount = (more: number) => `Approved: ${start + more} · Needs editing: `
    await signInPage(page, reviewer.username)
    await openWorkspace(page, 'dst=fr&filter=unreviewed')
    const counts = page.getByTestId('review-counts')
    await expect(counts).toHaveText(`${approvedCount(0)}0`)
    // Reloaded offline below: the service worker must have taken the page.
    await waitForServiceWorker(page)

    // Alt+Enter approves the open text and goes on; Alt+Shift+Enter asks why, Enter sends.
    await page.locator('[role=listitem]').first().getByRole('button').first().click()
    await expect(openRow(page).getByRole('button', { name: /^Approve/ })).toBeVisible()
    const approved = (await openRow(page).getAttribute('data-key'))!
    await page.keyboard.press('Alt+Enter')
    await expect(openRow(page)).not.toHaveAttribute('data-key', approved)
    await expect(counts).toHaveText(`${approvedCount(1)}0`)
    const sentBack: string[] = []
    for (const via of ['key', 'button'] as const) {
      const key = (await openRow(page).getAttribute('data-key'))!
      sentBack.push(key)
      if (via === 'key') await page.keyboard.press('Alt+Shift+Enter')
      else
        await openRow(page)
          .getByRole('button', { name: /^Send back/ })
          .click()
      const dialog = page.getByRole('dialog', { name: 'Send back for editing' })
      await dialog.getByRole('textbox').fill(`Too formal (${via})`)
      await dialog.getByRole('textbox').press('Enter')
      await expect(dialog).toBeHidden()
      await expect(openRow(page)).not.toHaveAttribute('data-key', key)
    }
    await expect(counts).toHaveText(`${approvedCount(1)}2`)

    // The texts sent back, marked so; all of them approved after a question that counts them.
    await page.keyboard.press('Escape')
    await page.getByLabel('Show').selectOption('needs_editing')
    await expect(page.locator('[role=listitem] [data-review=needs_editing]')).toHaveCount(2)
    await expect(page.locator(`[role=listitem][data-key="${sentBack[0]}"] [data-comments="1"]`)).toBeAttached()
    await page.getByRole('button', { name: 'Approve all of this view (2)' }).click()
    const question = page.getByRole('dialog', { name: 'Approve 2 texts?' })
    await question.getByRole('button', { name: 'Approve 2 texts' }).click()
    await expect(counts).toHaveText(`${approvedCount(3)}0`)
    await page.getByLabel('Show').selectOption('approved')
    // The view shows them (all of them where no earlier attempt approved more than fit on screen).
    const approvedRows = page.locator('[role=listitem] [data-review=approved]')
    if (start === 0) {
      await expect(approvedRows).toHaveCount(3)
      await expect(page.locator(`[role=listitem][data-key="${approved}"]`)).toContainText('Approved')
    } else await expect(approvedRows.first()).toBeAttached()
    let server = await serverReviews(baseURL!)
    expect([approved, ...sentBack].map((key) => server.states[key])).toEqual(['approved', 'approved', 'approved'])
    expect(sentBack.map((key) => server.comments[key])).toEqual([1, 1])

    // Offline: an approval and a comment wait on the device, through a reload.
    await page.getByLabel('Show').selectOption('unreviewed')
    await context.setOffline(true)
    await page.locator('[role=listitem]').first().getByRole('button').first().click()
    const offlineApproved = (await openRow(page).getAttribute('data-key'))!
    await page.keyboard.press('Alt+Enter')
    await expect(openRow(page)).not.toHaveAttribute('data-key', offlineApproved)
    const commented = (await openRow(page).getAttribute('data-key'))!
    await openRow(page).getByRole('textbox', { name: 'Write a comment' }).fill('Written offline')
    await openRow(page).getByRole('button', { name: 'Keep comment (sent when online)' }).click()
    await expect(openRow(page).locator('[data-waiting=true]')).toContainText('waiting to be sent')
    await page.reload()
    await expect(counts).toHaveText(`${approvedCount(4)}0`)
    await expect(page.locator(`[role=listitem][data-key="${commented}"] [data-comments="1"]`)).toBeAttached()

    await context.setOffline(false)
    await expect
      .poll(async () => ((server = await serverReviews(baseURL!)), [server.states[offlineApproved], server.comments[commented]]))
      .toEqual(['approved', 1])
    const thread = await vueCall(
      baseURL!,
      'GET',
      `/vue/i18n/comments/?kind=vartext&lang=fr&key=${encodeURIComponent(commented)}`,
      await signIn(baseURL!, reviewer.username),
    )
    expect(thread.data).toMatchObject({ comments: [{ text: 'Written offline', username: reviewer.username }] })
  })
})

test('a translator sees the comments, but no review actions; an XLIFF note becomes a comment, its approval is not applied', async ({ page, baseURL }) => {
  await signInPage(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=unreviewed')
  await page.locator('[role=listitem]').first().getByRole('button').first().click()
  await expect(openRow(page).getByTestId('comment-thread')).toBeVisible()
  await expect(openRow(page).getByRole('textbox', { name: 'Write a comment' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^(Approve|Send back|Approve all of this view.*)$/ })).toHaveCount(0)
  const key = await openRow(page).getAttribute('data-key')
  await page.keyboard.press('Alt+Enter')
  await expect(openRow(page)).toHaveAttribute('data-key', key!)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A file from a translation tool: the unit's note is a comment; "final" would be an approval, not a translator's.
  const before = (await serverReviews(baseURL!)).comments[key!] ?? 0
  const { target } = await serverTexts(baseURL!, 'fr')
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const file = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de" trgLang="fr"><file id="f1" original="vartext">',
    `<unit id="${unitId(key!)}"><notes><note>From the tool</note></notes>`,
    `<segment state="final"><source>x</source><target>${xml(target[key!] ?? '')}</target></segment></unit>`,
    '</file></xliff>',
  ].join('\n')
  await page.getByTestId('xliff-file').setInputFiles({ name: 'tool.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(file) })
  await expect(page.getByTestId('xliff-result')).toHaveText(
    '0 edits imported, 1 unchanged, 0 unknown, 1 notes as comments, 1 approvals not applied (only a reviewer approves, and only the translation on the server)',
  )
  await expect(openRow(page).locator('[data-comment-id]').filter({ hasText: 'From the tool' })).toBeVisible()
  await expect.poll(async () => (await serverReviews(baseURL!)).comments[key!]).toBe(before + 1)
})
