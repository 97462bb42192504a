import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, openHydrated, seriousViolations, signIn, test } from './fixtures'

// The translation pages for someone who may not load or save (decision 021): they say
// what is missing instead of spinning, offer a login that comes back here, name languages
// instead of showing codes, and refuse the same language as source and target.
const { translator, carpenter } = DEMO_ACCOUNTS

const WORDS = {
  en: {
    signedOut: 'You are not signed in.',
    login: 'Log in',
    other: 'Log in as another user',
    loading: 'Loading…',
    noPermission: `You are signed in as ${carpenter.username}, without the translation permission (CAN_TRANSLATE).`,
    source: 'Source language',
    target: 'Target language',
    french: 'French',
    same: 'Source and target language must differ.',
    username: 'Username',
    password: 'Password',
    counts: /\d+ \/ \d+ translated/,
    vartext: 'Article texts (vartext)',
    catalogs: 'Catalogues',
  },
  de: {
    signedOut: 'Sie sind nicht angemeldet.',
    login: 'Anmelden',
    other: 'Als anderer Benutzer anmelden',
    loading: 'Wird geladen …',
    noPermission: `Sie sind als ${carpenter.username} angemeldet, ohne die Übersetzungsberechtigung (CAN_TRANSLATE).`,
    source: 'Ausgangssprache',
    target: 'Zielsprache',
    french: 'Französisch',
    same: 'Ausgangs- und Zielsprache müssen sich unterscheiden.',
    username: 'Benutzername',
    password: 'Passwort',
    counts: /\d+ \/ \d+ übersetzt/,
    vartext: 'Artikeltexte (Vartext)',
    catalogs: 'Kataloge',
  },
} as const

async function useLanguage(page: Page, locale: 'de' | 'en', baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL ?? 'http://localhost:3100' }])
}

async function signInThroughPrompt(page: Page, words: (typeof WORDS)['en' | 'de'], username: string) {
  await page.getByLabel(words.username).fill(username)
  await page.getByLabel(words.password, { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: words.login, exact: true }).click()
}

for (const locale of ['en', 'de'] as const) {
  const words = WORDS[locale]

  test(`vartext in ${locale} without a session: says so, names the languages, and "Log in" comes back here`, async ({ page, baseURL }) => {
    await useLanguage(page, locale, baseURL)
    await openHydrated(page, '/vartext?dst=fr')
    await expect(page.getByTestId('translation-access')).toContainText(words.signedOut)
    // Nothing is on its way, so nothing spins.
    await expect(page.getByTestId('translation-counts').getByRole('status')).toHaveCount(0)
    await expect(page.getByText(words.loading, { exact: true })).toHaveCount(0)
    await expect(page.getByLabel(words.source).locator('option:checked')).toHaveText('Master')
    await expect(page.getByLabel(words.target).locator('option:checked')).toHaveText(words.french)

    await page.getByRole('main').getByRole('link', { name: words.login, exact: true }).click()
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await signInThroughPrompt(page, words, translator.username)
    await expect(page).toHaveURL(/\/vartext\?dst=fr$/)
    await expect(page.getByTestId('translation-counts')).toContainText(words.counts)
    await expect(page.getByTestId('translation-access')).toHaveCount(0)
    // Now the server's list, named in the interface language as before.
    await expect(page.getByLabel(words.target).locator('option:checked')).toHaveText(words.french)
  })

  test(`catalogues in ${locale} signed in without CAN_TRANSLATE: names the user and the permission, and logs in as another user`, async ({ page, baseURL }) => {
    await useLanguage(page, locale, baseURL)
    await signIn(page, carpenter.username)
    await openHydrated(page, '/catalogs?dst=fr')
    await expect(page.getByRole('heading', { level: 1, name: words.catalogs })).toBeVisible()
    await expect(page.getByTestId('translation-access')).toHaveText(new RegExp(`^${words.noPermission.replace(/[()]/g, '\\$&')}`))
    await expect(page.getByTestId('translation-counts').getByRole('status')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: words.other }).click()
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await signInThroughPrompt(page, words, translator.username)
    await expect(page).toHaveURL(/\/catalogs\?dst=fr$/)
    await expect(page.getByTestId('translation-counts')).toContainText(words.counts)
    await expect(page.getByTestId('translation-access')).toHaveCount(0)
  })

  test(`the same language as source and target in ${locale}: the picker says so and nothing is loaded`, async ({ page, baseURL }) => {
    await useLanguage(page, locale, baseURL)
    await signIn(page, translator.username)
    await openHydrated(page, '/system-i18n?src=en&dst=en')
    const target = page.getByLabel(words.target)
    await expect(target).toHaveAttribute('aria-invalid', 'true')
    await expect(target).toHaveAccessibleDescription(words.same)
    await expect(page.getByTestId('translation-counts').getByRole('status')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await expect(page.locator('[role=listitem][data-key]')).toHaveCount(0)
    await openHydrated(page, '/catalogs?src=fr&dst=fr')
    await expect(page.getByLabel(words.target)).toHaveAccessibleDescription(words.same)
    await page.getByLabel(words.source).selectOption('master')
    await expect(page.getByTestId('translation-counts')).toContainText(words.counts)
    await expect(page.getByLabel(words.target)).not.toHaveAttribute('aria-invalid', 'true')
  })
}
