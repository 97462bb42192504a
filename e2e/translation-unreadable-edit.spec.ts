import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, test } from './fixtures'
import { openWorkspace, serverTexts, unsavedCount } from './translation-helpers'

// Unsaved edits exist only on the device: one kept in a shape this version cannot read (written
// by another version, or damaged) is neither shown nor sent, stays where it is, and the desk says
// so; the readable ones beside it work as always.
const { translator } = DEMO_ACCOUNTS

type RawRow = Record<string, unknown>

test('an unreadable kept edit is kept, not shown and not sent, and the desk says so; a readable one beside it is shown', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const [goodKey, badKey] = before.keys.filter((candidate) => !(candidate in before.target))
  await loginAndLand(page, translator.username)
  // The store exists once the desk has opened it.
  await openWorkspace(page, 'dst=fr')
  const row = (key: string, value: unknown): RawRow => ({
    id: `${translator.username}|vartext|fr|${key}`,
    owner: translator.username,
    scope: 'vartext',
    dst: 'fr',
    key,
    value,
    base: null,
    editedAt: Date.now(),
    state: 'pending',
    reason: null,
    theirs: null,
  })
  const rows = [row(goodKey!, 'Lisible'), row(badKey!, 42)]
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal-translation')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction('pending', 'readwrite')
          for (const row of rows) tx.objectStore('pending').put(row)
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    rows,
  )

  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(goodKey!)}`)
  await expect(page.getByTestId('unreadable-edits')).toHaveText(
    /^Unsaved edits kept on this device that could not be read \(.*\): 1\. They stay on this device and are not sent\.$/,
  )
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await expect(page.locator(`[role=listitem][data-key="${goodKey}"]`)).toHaveAttribute('data-status', 'unsaved')

  // Kept as it was: the read did not drop or rewrite it.
  const kept = await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('portal-translation')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('pending').objectStore('pending').get(id)
          get.onsuccess = () => {
            open.result.close()
            resolve(get.result)
          }
          get.onerror = () => reject(get.error)
        }
      }),
    `${translator.username}|vartext|fr|${badKey}`,
  )
  expect(kept).toMatchObject({ key: badKey, value: 42 })
  expect(Object.keys((await serverTexts(baseURL!)).target)).not.toContain(badKey)
})
