import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, openHydrated, test, signIn } from './fixtures'

// The catalogue screens speak the interface language; only the texts being translated are in
// the target language (a German page once said "Drawer systems öffnen").
const { translator } = DEMO_ACCOUNTS

async function useLanguage(page: Page, locale: 'de' | 'en', baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL ?? 'http://localhost:3100' }])
}

test('German page, English target: headings, breadcrumbs and links in German, the English label only in its field', async ({ page, baseURL }) => {
  await useLanguage(page, 'de', baseURL)
  await signIn(page, translator.username)
  await openHydrated(page, '/catalog/1?dst=en')
  await expect(page.getByRole('link', { name: 'Schubkastensysteme öffnen' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Drawer systems öffnen' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Schubkastensysteme öffnen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Schubkastensysteme' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Brotkrumen' })).toContainText('Schubkastensysteme')
  await expect(page.getByRole('navigation', { name: 'Brotkrumen' })).not.toContainText('Drawer systems')
  // The translation itself is where it is edited.
  await expect(page.locator('main [data-text-status]').first().getByRole('textbox')).toHaveValue('Drawer systems')
})

test('English page: an English target names the nodes in English, another target in the source language', async ({ page, baseURL }) => {
  await useLanguage(page, 'en', baseURL)
  await signIn(page, translator.username)
  await openHydrated(page, '/catalog/1?dst=en')
  await expect(page.getByRole('link', { name: 'Open Drawer systems' })).toBeVisible()
  await openHydrated(page, '/catalog/1?dst=fr')
  await expect(page.getByRole('link', { name: 'Open Schubkastensysteme' })).toBeVisible()
})
