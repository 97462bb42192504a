import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, test } from './fixtures'
import { openWorkspace } from './translation-helpers'

// A browser whose store stops answering — a transaction that never ends holds the desk's
// database (WebKitGTK does so now and then, decision 046) — leaves the desk (and the catalogue
// and article screens, which read the same store) without its texts.
// After a while the desk says so and what to do, and it goes on by itself once the store answers.
const { translator } = DEMO_ACCOUNTS

/** Another tab of the portal that keeps a write on every store of the desk's database open until it closes. */
async function holdStore(page: Page): Promise<Page> {
  const holder = await page.context().newPage()
  await holder.goto('/logo.svg')
  await holder.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('portal-translation')
        opening.onerror = () => reject(new Error('the desk’s database did not open'))
        opening.onsuccess = () => {
          const database = opening.result
          const transaction = database.transaction([...database.objectStoreNames], 'readwrite')
          const store = transaction.objectStore('pending')
          const spin = () => {
            store.count().onsuccess = spin
          }
          spin()
          resolve()
        }
      }),
  )
  return holder
}

for (const [language, notice, counts] of [
  ['English', /storage has not answered for a while.*Nothing you typed is lost/, /\d+ \/ \d+ translated/],
  ['German', /Speicher dieses Browsers antwortet seit einer Weile nicht.*Nichts, was Sie getippt haben, geht verloren/, /\d+ \/ \d+ übersetzt/],
] as const) {
  test(`a store that does not answer is said after a while, and the texts come when it answers again (${language})`, async ({ page }) => {
    await loginAndLand(page, translator.username)
    if (language === 'German') {
      await page.getByRole('button', { name: 'Deutsch' }).click()
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    }
    await openWorkspace(page, 'dst=fr')
    const holder = await holdStore(page)
    await page.reload()
    const silent = page.getByRole('alert').filter({ hasText: notice })
    // STORE_SILENCE_MS (8 s) after the store's script is there, with room for a busy machine.
    await expect(silent).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('translation-counts')).not.toContainText(counts)
    await holder.close()
    await expect(page.getByTestId('translation-counts')).toContainText(counts)
    await expect(silent).toHaveCount(0)
  })
}

test('the catalogue and article screens say it too, and go on when the store answers', async ({ page }) => {
  await loginAndLand(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  const holder = await holdStore(page)
  const silent = page.getByRole('alert').filter({ hasText: /storage has not answered for a while.*Nothing you typed is lost/ })
  for (const path of ['/catalogs?dst=fr', '/article/4/bg-96-edelstahl?lang=fr']) {
    await page.goto(path)
    await expect(silent, path).toBeVisible({ timeout: 20_000 })
  }
  await holder.close()
  await expect(silent).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
