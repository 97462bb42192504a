import type { Page } from '@playwright/test'
import { E2E_BASE_PORT } from '../playwright.config'
import { SCREEN_COOKIE } from '../app/ui/screen-queries'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { collectErrors, expect, openHydrated, signIn, test } from './fixtures'

// The screen hint (docs/decisions/062-screen-hint.md): a browser notes in a cookie which of the
// portal's media queries its screen matches, and a page it opens later is rendered with only the
// forms that screen shows — basket approval's table on a desktop, its cards on a phone — and
// hydrates without a mismatch. A wrong or missing hint costs nothing but the bytes of both forms.
const ORIGIN = `http://localhost:${E2E_BASE_PORT}`
const { staff } = DEMO_ACCOUNTS

async function screenCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies(ORIGIN)).find((cookie) => cookie.name === SCREEN_COOKIE)?.value
}

async function setScreenCookie(page: Page, value: string): Promise<void> {
  await page.context().addCookies([{ name: SCREEN_COOKIE, value, url: ORIGIN }])
}

/** The approval page's HTML as the server renders it for the browser's cookies. */
async function renderedApproval(page: Page): Promise<{ table: boolean; cards: boolean; screen: string | null }> {
  const html = await (await page.request.get('/order-approve')).text()
  return {
    table: /<table[\s>]/.test(html),
    // DataCards' list: one li per basket, each a card with a <dl> of its lines.
    cards: /<dl[\s>]/.test(html),
    screen: /<html[^>]* data-screen="([01]+)"/.exec(html)?.[1] ?? null,
  }
}

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('the first page notes the screen; the next is rendered with the table only and hydrates cleanly', async ({ page }) => {
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve')
    await expect.poll(() => screenCookie(page)).toBe('11')
    expect(await renderedApproval(page)).toEqual({ table: true, cards: false, screen: '11' })
    const errors = collectErrors(page)
    await openHydrated(page, '/order-approve')
    await expect(page.getByRole('table').first()).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the companies tree is rendered with its rows’ buttons alone, no menu buttons, and hydrates cleanly', async ({ page }) => {
    await signIn(page, staff.username)
    await setScreenCookie(page, '11')
    const path = `/companies/${staff.companyId}`
    const html = await (await page.request.get(path)).text()
    expect(html).toContain('role="treeitem"')
    expect(html).toContain('aria-label="Shop as ')
    // A row's menu button ("Actions for …") is what a phone shows instead.
    expect(html).not.toContain('aria-label="Actions for ')
    const errors = collectErrors(page)
    await openHydrated(page, path)
    await expect(page.getByRole('tree')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a window made narrow rewrites the cookie, and a hint the screen no longer has is put right after hydration', async ({ page }) => {
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve')
    await expect.poll(() => screenCookie(page)).toBe('11')
    await page.setViewportSize({ width: 360, height: 740 })
    await expect.poll(() => screenCookie(page)).toBe('00')
    // The desktop hint again, on a phone-wide window: the server renders the table, CSS hides it,
    // and the hydrated page shows the cards and notes the screen it has.
    await setScreenCookie(page, '11')
    const errors = collectErrors(page)
    await openHydrated(page, '/order-approve')
    await expect(page.locator('main dl').first()).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect.poll(() => screenCookie(page)).toBe('00')
    expect(errors).toEqual([])
  })
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the page is rendered with the cards only and hydrates cleanly', async ({ page }) => {
    await signIn(page, staff.username)
    await openHydrated(page, '/order-approve')
    await expect.poll(() => screenCookie(page)).toBe('00')
    expect(await renderedApproval(page)).toEqual({ table: false, cards: true, screen: '00' })
    const errors = collectErrors(page)
    await openHydrated(page, '/order-approve')
    await expect(page.locator('main dl').first()).toBeVisible()
    expect(errors).toEqual([])
  })
})

test('a cookie this build does not read is ignored: both forms are rendered, no hint is stamped', async ({ page }) => {
  await signIn(page, staff.username)
  for (const value of ['1', '111', '1x', '%3Cb%3E']) {
    await setScreenCookie(page, value)
    expect(await renderedApproval(page)).toEqual({ table: true, cards: true, screen: null })
  }
})

test('a page of the render cache serves every screen: the anonymous home page takes no hint', async ({ page }) => {
  await setScreenCookie(page, '00')
  const html = await (await page.request.get('/')).text()
  expect(html).not.toContain('data-screen=')
})
