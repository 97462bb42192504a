import { build } from 'esbuild'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, loginAndLand, openHydrated, test } from './fixtures'
import { openWorkspace, saveEdits, serverTexts, unsavedCount } from './translation-helpers'

// A browser that kept the translation store of an older version (3: edits without an owner)
// opens this version: the store is upgraded in place, and the edit kept there is the signed-in
// translator's, shown and saved like one typed now (decision 014).
const { translator } = DEMO_ACCOUNTS

test('an edit kept by the store of version 3 survives the upgrade and is saved', async ({ page, baseURL }) => {
  const before = await serverTexts(baseURL!)
  const key = before.keys.find((candidate) => !(candidate in before.target))!
  const bundle = await build({
    entryPoints: ['e2e/translation-upgrade-store.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
  })
  await loginAndLand(page, translator.username)
  // A page without the store: the old one is written before the portal first opens it.
  await openHydrated(page, '/welcome')
  await page.evaluate(bundle.outputFiles[0]!.text)
  const version = await page.evaluate((edit) => (window as unknown as { __keepVersion3Edit: (edit: object) => Promise<number> }).__keepVersion3Edit(edit), {
    key,
    value: 'Gardé depuis la version 3',
    dst: 'fr',
  })
  expect(version).toBe(3)

  await openWorkspace(page, `dst=fr&q=${encodeURIComponent(key)}`)
  const row = page.locator(`[role=listitem][data-key="${key}"]`)
  await expect(row).toHaveAttribute('data-status', 'unsaved')
  await expect(row).toContainText('Gardé depuis la version 3')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 1')
  await saveEdits(page, 'Save (1)')
  await expect(unsavedCount(page)).toContainText('Unsaved changes: 0')
  expect((await serverTexts(baseURL!)).target[key]).toBe('Gardé depuis la version 3')
})
