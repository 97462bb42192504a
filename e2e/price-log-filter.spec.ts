import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, openHydrated, test, signIn } from './fixtures'

// The price-log price filter takes a price as the table shows it in the page's language
// ("20.426,84" in German, "20,426.84" in English) and plainly ("20426.84").
const WORDS = {
  en: { region: 'Price logs', price: 'Price', example: 'e.g. 1,275.25' },
  de: { region: 'Preisprotokolle', price: 'Preis', example: 'z. B. 1.275,25' },
} as const

for (const locale of ['en', 'de'] as const) {
  const words = WORDS[locale]

  test(`price logs in ${locale}: a price typed as the table shows it finds its log`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL ?? 'http://localhost:3100' }])
    await signIn(page, DEMO_ACCOUNTS.staff.username)
    await openHydrated(page, '/price-logs?sort=-price')
    const region = page.getByRole('region', { name: words.region })
    await expect(region).toHaveAttribute('aria-busy', 'false')
    const first = region.locator('tbody tr').first()
    const id = (await first.getByRole('link').first().innerText()).trim()
    const shown = (await first.locator('td:nth-child(7)').innerText()).trim()
    // The largest prices have thousands separators as the table shows them.
    expect(shown).toMatch(locale === 'de' ? /^\d{1,3}(\.\d{3})+,\d{2}$/ : /^\d{1,3}(,\d{3})+\.\d{2}$/)

    const filter = page.getByLabel(words.price, { exact: true })
    await expect(filter).toHaveAttribute('placeholder', words.example)
    for (const typed of [shown, shown.replaceAll(locale === 'de' ? '.' : ',', '').replace(',', '.')]) {
      await filter.fill(typed)
      await expect.poll(() => new URL(page.url()).searchParams.get('price')).toBe(typed)
      // Only logs with that price are left, the one read from the table first.
      await expect
        .poll(async () => {
          const prices = await region.locator('tbody tr td:nth-child(7)').allInnerTexts()
          return prices.length > 0 && prices.every((price) => price.trim() === shown)
        })
        .toBe(true)
      await expect(region.locator('tbody tr').first().getByRole('link', { name: id, exact: true })).toBeVisible()
    }
  })
}
