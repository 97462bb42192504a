import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, openHydrated, signIn, test } from './fixtures'

// The progress screen (docs/decisions/049): a bar per area and language whose parts open the
// desk with the filter of exactly their texts; the keyboard reaches them.
const { translator } = DEMO_ACCOUNTS

test('a part of a progress bar opens the desk filtered to its texts', async ({ page }) => {
  await signIn(page, translator.username)
  await openHydrated(page, '/progress')
  await expect(page.getByRole('heading', { name: 'Translation progress', level: 1 })).toBeVisible()
  const french = page.getByTestId('progress-vartext--fr')
  const untranslated = french.getByRole('listitem', { name: /^Untranslated: \d+$/ })
  await expect(untranslated).toBeVisible()
  const count = Number((await untranslated.getAttribute('aria-label'))!.replace(/\D+/g, ''))
  expect(count).toBeGreaterThan(0)
  await followLink(page, untranslated, 'Enter')
  await expect(page).toHaveURL(/\/vartext\?dst=fr&filter=untranslated$/)
  // The desk opens with that filter, and lists untranslated texts only.
  await expect(page.getByRole('combobox', { name: 'Show', exact: true })).toHaveValue('untranslated')
  const rows = page.locator('[role=listitem][data-key]')
  await expect(rows.first()).toBeVisible()
  await expect(rows.and(page.locator(':not([data-status=untranslated])'))).toHaveCount(0)
})
